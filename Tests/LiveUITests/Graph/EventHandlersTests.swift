import Testing

@testable import LiveUI

/// A view type whose nodes share one click handler.
private struct SharedClickOwner {}
/// A second type, with a shared handler for another event.
private struct SharedInputOwner {}

@Suite("Event handlers")
struct EventHandlersTests {
    private func shared(_ type: Any.Type, _ event: String, record: @escaping @Sendable () -> Void) -> SharedEventHandler {
        SharedEventHandler.of(type, event) { { _, _ in record() } }
    }

    @Test("a shared handler is found for its event type only, and the same object serves every node of its type")
    func sharedHandlerAnswersItsType() {
        let click = shared(SharedClickOwner.self, "click") {}
        #expect(shared(SharedClickOwner.self, "click") {} === click)
        var handlers = EventHandlers()
        #expect(handlers.isEmpty)
        handlers.set(click)
        #expect(!handlers.isEmpty)
        #expect(handlers["click"] != nil)
        #expect(handlers["input"] == nil)
        handlers.removeAll()
        #expect(handlers.isEmpty)
        #expect(handlers["click"] == nil)
    }

    @Test("a shared handler and closures of other types live side by side; a later handler of the same type replaces")
    func sharedAndClosureHandlersMix() throws {
        let click = shared(SharedClickOwner.self, "click") {}
        let input = shared(SharedInputOwner.self, "input") {}
        var handlers = EventHandlers()
        handlers.set(click)
        handlers["submit"] = { _, _ in }
        handlers.set(input)
        #expect(handlers["click"] != nil && handlers["submit"] != nil && handlers["input"] != nil)
        handlers["click"] = nil
        #expect(handlers["click"] == nil)
        #expect(handlers["submit"] != nil && handlers["input"] != nil)
        handlers["submit"] = nil
        handlers["input"] = nil
        #expect(handlers.isEmpty)
        // A shared handler replaces a closure registered for its type, and the other way round.
        handlers["click"] = { _, _ in }
        handlers.set(click)
        handlers.set(click)
        handlers["click"] = nil
        #expect(handlers.isEmpty)
    }

    @Test("the newest registration of a type is the one that runs")
    func newestRegistrationRuns() async throws {
        let session = LiveSession(changeLog: .discard) { TappedButton() }
        _ = try await session.send(.click("tapped"))
        // The tap modifier registers after the button's own handler: its action runs, not the button's.
        #expect(await session.html().contains("taps 1, presses 0"))
    }
}

/// A button whose click is also a tap gesture: the innermost registration of the click handler wins.
private struct TappedButton: View {
    @State private var taps = 0
    @State private var presses = 0
    var body: some View {
        Button("taps \(taps), presses \(presses)") { presses += 1 }
            .onTapGesture { taps += 1 }
            .accessibilityIdentifier("tapped")
    }
}
