import Testing

@testable import LiveUI

/// Two buttons that may share an identifier, and a third whose identifier follows state.
private struct Shared: View {
    @State private var showsTwin = true
    @State private var renamed = false
    @State private var presses = 0
    var body: some View {
        VStack {
            Button("Press \(presses)") { presses += 1 }.accessibilityIdentifier("press")
            if showsTwin { Button("Twin") {}.accessibilityIdentifier("press") }
            Button("Hide twin") { showsTwin = false }.accessibilityIdentifier("hide")
            Button("Rename") { renamed.toggle() }.accessibilityIdentifier(renamed ? "renamed" : "original")
        }
    }
}

/// Twelve buttons with identifiers of their own, more than a short table keeps in its list, one of them
/// renamed by a click.
private struct Many: View {
    @State private var renamed = false
    @State private var presses = 0
    var body: some View {
        VStack {
            ForEach(0..<11, id: \.self) { index in
                Button("Button \(index) \(presses)") { presses += 1 }.accessibilityIdentifier("button-\(index)")
            }
            Button("Rename") { renamed.toggle() }.accessibilityIdentifier(renamed ? "renamed" : "original")
        }
    }
}

@Suite("Accessibility identifiers address elements")
struct AccessibilityIndexTests {
    @Test("a shared identifier is ambiguous until one of its elements goes away")
    func sharedIdentifierResolvesOnceAlone() async throws {
        let session = LiveSession(changeLog: .discard) { Shared() }
        _ = await session.html()
        await #expect(throws: LiveError.self) { try await session.send(.click("press")) }
        _ = try await session.send(.click("hide"))
        _ = try await session.send(.click("press"))
        #expect(await session.html().contains("Press 1"))
    }

    @Test("an identifier that changes follows its element; the old one addresses nothing")
    func changedIdentifierMoves() async throws {
        let session = LiveSession(changeLog: .discard) { Shared() }
        _ = await session.html()
        _ = try await session.send(.click("original"))
        await #expect(throws: LiveError.unknownTarget("original")) { try await session.send(.click("original")) }
        _ = try await session.send(.click("renamed"))
        #expect(await session.html().contains("data-aid=\"original\""))
    }

    @Test("an element that goes away takes its identifier with it")
    func unmountedElementLeavesNoIdentifier() async throws {
        let session = LiveSession(changeLog: .discard) { Shared() }
        _ = await session.html()
        _ = try await session.send(.click("hide"))
        #expect(!(await session.html()).contains("Twin"))
        let update = try await session.send(.click("press"))
        #expect(!update.patches.isEmpty)
    }

    @Test("a session addressed by lid never builds the index; the first event by identifier finds what was tagged before it")
    func indexIsBuiltOnFirstUse() throws {
        let graph = ViewGraph(changeLog: .discard, scheduler: SessionExecutor(), root: Shared())
        _ = graph.flush()
        let html = graph.html(of: try #require(graph.root))
        let hide = try #require(html.components(separatedBy: "<").first { $0.contains("data-aid=\"hide\"") })
        let hideLid = String(try #require(hide.components(separatedBy: "data-lid=\"").dropFirst().first).prefix { $0 != "\"" })
        // By lid: the "Twin" button goes away, and the index is still not kept.
        _ = try ThreadContext.run(on: graph) { try graph.handle(.click(hideLid)) }
        #expect(!graph.accessibility.isBuilt)
        // By identifier: built now, from the tree as it is (the twin is gone, so "press" is not ambiguous).
        _ = try ThreadContext.run(on: graph) { try graph.handle(.click("press")) }
        #expect(graph.accessibility.isBuilt)
        #expect(graph.accessibility["press"].count == 1)
        // Kept from now on: a renamed identifier moves.
        _ = try ThreadContext.run(on: graph) { try graph.handle(.click("original")) }
        #expect(graph.accessibility["original"].isEmpty)
        #expect(graph.accessibility["renamed"].count == 1)
        #expect(graph.html(of: try #require(graph.root)).contains("Press 1"))
    }

    @Test("more identifiers than a short list holds are each found, and a renamed one moves")
    func manyIdentifiersAreEachFound() async throws {
        let session = LiveSession(changeLog: .discard, sleepingRowMinimum: 0) { Many() }
        _ = await session.html()
        for index in 0..<11 { _ = try await session.send(.click("button-\(index)")) }
        #expect(await session.html().contains("Button 10 11"))
        _ = try await session.send(.click("original"))
        await #expect(throws: LiveError.unknownTarget("original")) { try await session.send(.click("original")) }
        _ = try await session.send(.click("renamed"))
        _ = try await session.send(.click("button-3"))
        #expect(await session.html().contains("Button 0 12"))
    }
}
