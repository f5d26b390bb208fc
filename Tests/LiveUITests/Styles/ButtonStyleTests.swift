import Testing

@testable import LiveUI

private struct Pill: ButtonStyle {
    func makeBody(configuration: Configuration) -> some View {
        configuration.label
            .padding(.all, 8)
            .background(Color.blue, in: Capsule())
            .opacity(configuration.isPressed ? 0.5 : 1)
    }
}

/// A style that runs the action on a tap of its label, as SwiftUI's custom primitive styles do.
private struct TapToRun: PrimitiveButtonStyle {
    func makeBody(configuration: Configuration) -> some View {
        configuration.label.onTapGesture { configuration.trigger() }.accessibilityIdentifier("tap")
    }
}

/// A primitive style that builds on a built-in one.
private struct Framed: PrimitiveButtonStyle {
    func makeBody(configuration: Configuration) -> some View {
        BorderedProminentButtonStyle().makeBody(configuration: configuration).padding(.all, 2)
    }
}

private struct Adder: View {
    @State private var count = 0
    var body: some View {
        VStack {
            Text("\(count)").accessibilityIdentifier("count")
            Button("Add") { count += 1 }.accessibilityIdentifier("add")
        }
    }
}

private func render<V: View>(_ view: V) async -> String {
    await LiveSession(changeLog: .discard) { view }.html()
}

@Suite("Button styles")
struct ButtonStyleTests {
    @Test("the built-in styles are classes on the button, for every button below the modifier")
    func builtIn() async {
        let html = await render(VStack { Button("A") {}; Button("B") {} }.buttonStyle(.bordered))
        #expect(html.components(separatedBy: "class=\"lui-button lui-button-bordered\"").count == 3)
        #expect(await render(Button("A") {}.buttonStyle(.borderedProminent)).contains("lui-button lui-button-prominent"))
        #expect(await render(Button("A") {}.buttonStyle(.plain)).contains("lui-button lui-button-plain"))
        #expect(await render(Button("A") {}.buttonStyle(.borderless)).contains("lui-button lui-button-borderless"))
        #expect(await render(Button("A") {}.buttonStyle(.automatic)) == (await render(Button("A") {})))
        // The innermost style wins, as in SwiftUI.
        let nested = await render(VStack { Button("A") {}.buttonStyle(.plain) }.buttonStyle(.bordered))
        #expect(nested.contains("lui-button lui-button-plain"))
        #expect(!nested.contains("lui-button-bordered"))
    }

    @Test("a ButtonStyle's body is drawn inside the button around its label; the button keeps its action")
    func custom() async throws {
        let session = LiveSession(changeLog: .discard) {
            Adder().buttonStyle(Pill())
        }
        let html = await session.html()
        #expect(html.contains("class=\"lui-button lui-button-styled\" data-on=\"click\"><div"))
        #expect(html.contains("lui-layer-back"))
        #expect(html.contains(">Add</span>"))
        _ = try await session.send(.click("add"))
        #expect(await session.html().contains(">1</span>"))
    }

    @Test("a PrimitiveButtonStyle draws the whole button and runs the action through trigger()")
    func primitive() async throws {
        let session = LiveSession(changeLog: .discard) { Adder().buttonStyle(TapToRun()) }
        let html = await session.html()
        #expect(html.contains("class=\"lui-button-primitive\""))
        #expect(!html.contains("<button"))
        _ = try await session.send(.click("tap"))
        _ = try await session.send(.click("tap"))
        #expect(await session.html().contains(">2</span>"))
        let framed = await render(Adder().buttonStyle(Framed()))
        #expect(framed.contains("lui-button lui-button-prominent"))
    }
}
