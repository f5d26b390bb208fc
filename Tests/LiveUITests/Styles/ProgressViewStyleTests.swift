import Testing

@testable import LiveUI

/// The custom progress style: a ring drawn with shapes.
private struct RingStyle: ProgressViewStyle {
    func makeBody(configuration: Configuration) -> some View {
        ZStack {
            Circle()
                .trim(from: 0, to: configuration.fractionCompleted ?? 0)
                .stroke(Color.blue, style: StrokeStyle(lineWidth: 6, lineCap: .round))
                .rotationEffect(.degrees(-90))
            configuration.label
        }
        .frame(width: 80, height: 80)
    }
}

/// A style that keeps the default bar and adds a caption.
private struct Captioned: ProgressViewStyle {
    func makeBody(configuration: Configuration) -> some View {
        VStack {
            ProgressView(configuration)
            Text("\(Int((configuration.fractionCompleted ?? 0) * 100)) percent")
        }
    }
}

private struct Timer: View {
    @State private var elapsed = 1.0
    var body: some View {
        VStack {
            ProgressView("Brewing", value: elapsed, total: 4).progressViewStyle(RingStyle())
            Button("Tick") { elapsed += 1 }.accessibilityIdentifier("tick")
        }
    }
}

private func render<V: View>(_ view: V) async -> String {
    await LiveSession(changeLog: .discard) { view }.html()
}

@Suite("Progress view styles")
struct ProgressViewStyleTests {
    @Test("linear and circular are classes on the progress element; automatic is the default look")
    func builtIn() async {
        #expect(await render(ProgressView().progressViewStyle(.circular)).contains("class=\"lui-progress lui-progress-circular\""))
        #expect(await render(ProgressView(value: 0.5).progressViewStyle(.linear)).contains("class=\"lui-progress lui-progress-linear\""))
        #expect(await render(ProgressView().progressViewStyle(.automatic)) == (await render(ProgressView())))
    }

    @Test("a custom style gets the fraction completed and the label; a change patches the ring's path")
    func custom() async throws {
        let session = LiveSession(changeLog: .discard) { Timer() }
        let html = await session.html()
        #expect(html.contains("<div data-lid=\"k3\" aria-label=\"Brewing\" class=\"lui-progress-styled\">"))
        #expect(html.contains(">Brewing</span>"))
        #expect(!html.contains("<progress"))
        // A quarter of the circle, drawn in the 100-point square of a shape whose own frame is unknown.
        let quarter = "d=\"M100 50C100 77.614 77.614 100 50 100\""
        #expect(html.contains(quarter))
        let update = try await session.send(.click("tick"))
        #expect(update.patches.count == 1)
        #expect(update.patches.first?.op == "attrs")
    }

    @Test("ProgressView(configuration) inside a style draws the default bar, not the style again")
    func composed() async {
        let html = await render(ProgressView(value: 0.25).progressViewStyle(Captioned()))
        #expect(html.contains("<progress"))
        #expect(html.contains("max=\"1\" value=\"0.25\""))
        #expect(html.contains(">25 percent</span>"))
    }
}
