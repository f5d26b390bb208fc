import Testing

@testable import LiveUI

/// A custom dynamic property grouping state, as SwiftUI users write them.
private struct Toggled: DynamicProperty {
    @State var isOn = false
    var updates = 0
    mutating func update() { updates += 1 }
}

private struct UsesCustomProperty: View {
    var toggled = Toggled()
    var body: some View {
        Button(toggled.isOn ? "On (\(toggled.updates))" : "Off (\(toggled.updates))") { toggled.isOn.toggle() }
            .accessibilityIdentifier("switch")
    }
}

/// A user-defined modifier with its own state.
private struct Tapped: ViewModifier {
    @State private var taps = 0
    func body(content: Content) -> some View {
        VStack {
            content
            Button("Taps \(taps)") { taps += 1 }.accessibilityIdentifier("tap")
        }
    }
}

@Suite("Custom dynamic properties and modifiers")
struct DynamicPropertyTests {
    @Test("state inside a custom DynamicProperty lives with the view; update() runs before each body")
    func customPropertyState() async throws {
        let session = LiveSession(changeLog: .discard) { UsesCustomProperty() }
        // update() ran before the first body: the view saw its own change.
        #expect(await session.html().contains("Off (1)"))
        _ = try await session.send(.click("switch"))
        #expect(await session.html().contains("On (2)"))
        _ = try await session.send(.click("switch"))
        #expect(await session.html().contains("Off (3)"))
    }

    @Test("a ViewModifier's @State lives with the modified view")
    func modifierState() async throws {
        let session = LiveSession(changeLog: .discard) { Text("content").modifier(Tapped()) }
        _ = try await session.send(.click("tap"))
        _ = try await session.send(.click("tap"))
        let html = await session.html()
        #expect(html.contains("Taps 2"))
        #expect(html.contains(">content</span>"))
    }
}
