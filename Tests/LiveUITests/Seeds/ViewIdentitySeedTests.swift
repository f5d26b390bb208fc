import Foundation
import Testing

@testable import LiveUI

// Seed 002_0270060360cf7b8c.txt, "Dive into the View Identity": the article's logs and its
// `ButtonState` init/deinit counts, for a stable identity, an `if/else` and an `.id(UUID())`.

private final class ButtonState: ObservableObject {
    let log: LogRecorder
    init(log: LogRecorder) {
        self.log = log
        log.append("ButtonState init")
    }
    deinit { log.append("ButtonState deinit") }
}

private struct ButtonWrapperView: View {
    @StateObject var internalState: ButtonState
    let title: String
    let action: () -> Void

    init(title: String, log: LogRecorder, action: @escaping () -> Void) {
        log.append("ButtonWrapperView init")
        _internalState = StateObject(wrappedValue: ButtonState(log: log))
        self.title = title
        self.action = action
    }

    var body: some View {
        let _ = Self._printChanges()
        Button(title, action: action).accessibilityIdentifier("button")
    }
}

/// The article's first example: the wrapper keeps one identity however often it is re-created.
private struct ContentView: View {
    @State var clickedCount = 0
    let log: LogRecorder

    init(log: LogRecorder) {
        log.append("ContentView init")
        self.log = log
    }

    var body: some View {
        let _ = Self._printChanges()
        VStack {
            Text("Clicked \(clickedCount) times")
            ButtonWrapperView(title: "Click me", log: log) { clickedCount += 1 }
        }
    }
}

/// The structural-identity example: two branches, `ContentView → VStack(1) → If(0)` and `If(1)`.
private struct BranchingContentView: View {
    @State var clickedCount = 0
    let log: LogRecorder

    var body: some View {
        VStack {
            Text("Clicked \(clickedCount) times")
            if clickedCount % 2 == 0 {
                ButtonWrapperView(title: "Even", log: log) { clickedCount += 1 }
            } else {
                ButtonWrapperView(title: "Odd", log: log) { clickedCount += 1 }
            }
        }
    }
}

/// The explicit-identity example: a fresh `.id` on every render is a fresh view every time.
private struct ExplicitIDContentView: View {
    @State var clickedCount = 0
    let log: LogRecorder

    var body: some View {
        VStack {
            Text("Clicked \(clickedCount) times")
            ButtonWrapperView(title: "Click me", log: log) { clickedCount += 1 }
                .id(UUID())
        }
    }
}

@Suite("Seed: view identity")
struct ViewIdentitySeedTests {
    @Test("launch and click print the article's lines, and ButtonState is created once")
    func stableIdentityLogs() async throws {
        let log = LogRecorder()
        let session = LiveSession(changeLog: log.changeLog) { ContentView(log: log) }
        _ = await session.html()
        #expect(
            log.take() == [
                "ContentView init",
                "ContentView: @self, @identity, _clickedCount changed.",
                "ButtonWrapperView init",
                "ButtonState init",
                "ButtonWrapperView: @self, @identity, _internalState changed.",
            ])
        let update = try await session.send(.click("button"))
        #expect(
            log.take() == [
                "ContentView: _clickedCount changed.",
                "ButtonWrapperView init",
                "ButtonWrapperView: @self changed.",
            ])
        #expect(update.patches.map(\.op) == ["text"])
        _ = try await session.send(.click("button"))
        #expect(!log.all.contains("ButtonState init"))
        #expect(!log.all.contains("ButtonState deinit"))
        #expect(await session.html().contains("Clicked 2 times"))
    }

    @Test("if/else flips the structural identity: each click creates a new ButtonState and releases the old")
    func branchFlipRecreatesState() async throws {
        let log = LogRecorder()
        let session = LiveSession(changeLog: .discard) { BranchingContentView(log: log) }
        _ = await session.html()
        let first = try await session.send(.click("button"))
        _ = try await session.send(.click("button"))
        let states = log.all.filter { $0.hasPrefix("ButtonState") }
        #expect(states == ["ButtonState init", "ButtonState init", "ButtonState deinit", "ButtonState init", "ButtonState deinit"])
        // The flip is one replace of the button (and the counter's text).
        #expect(first.patches.map(\.op).sorted() == ["replace", "text"])
    }

    @Test("a constant structure keeps one ButtonState across many clicks")
    func stableIdentityNeverReleases() async throws {
        let log = LogRecorder()
        let session = LiveSession(changeLog: .discard) { ContentView(log: log) }
        for _ in 0..<5 { _ = try await session.send(.click("button")) }
        #expect(log.all.filter { $0 == "ButtonState init" }.count == 1)
        #expect(log.all.filter { $0 == "ButtonState deinit" }.isEmpty)
        await session.close()
        #expect(log.all.filter { $0 == "ButtonState deinit" }.count == 1)
    }

    @Test(".id(UUID()) gives the wrapper a new identity on every render")
    func explicitIDRecreatesState() async throws {
        let log = LogRecorder()
        let session = LiveSession(changeLog: .discard) { ExplicitIDContentView(log: log) }
        _ = await session.html()
        let update = try await session.send(.click("button"))
        _ = try await session.send(.click("button"))
        let states = log.all.filter { $0.hasPrefix("ButtonState") }
        #expect(states == ["ButtonState init", "ButtonState init", "ButtonState deinit", "ButtonState init", "ButtonState deinit"])
        #expect(update.patches.contains { $0.op == "replace" })
    }
}
