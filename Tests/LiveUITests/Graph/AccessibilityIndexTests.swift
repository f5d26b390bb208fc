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
}
