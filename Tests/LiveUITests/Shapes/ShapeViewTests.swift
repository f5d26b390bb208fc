import Testing

@testable import LiveUI

private struct Triangle: Shape {
    func path(in rect: CGRect) -> Path {
        Path { path in
            path.move(to: CGPoint(x: rect.midX, y: rect.minY))
            path.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
            path.addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
            path.closeSubpath()
        }
    }
}

/// The progress ring of SwiftUI's sample apps, driven by a button.
private struct Ring: View {
    @State private var progress = 0.0
    var body: some View {
        VStack {
            ZStack {
                Circle().stroke(Color.gray, lineWidth: 8)
                Circle()
                    .trim(from: 0, to: progress)
                    .stroke(Color.blue, style: StrokeStyle(lineWidth: 8, lineCap: .round))
                    .rotationEffect(.degrees(-90))
                    .accessibilityIdentifier("ring")
            }
            .frame(width: 200, height: 200)
            Button("Step") { progress = min(progress + 0.25, 1) }.accessibilityIdentifier("step")
        }
    }
}

private func render<V: View>(_ view: V) async -> String {
    await LiveSession(changeLog: .discard) { view }.html()
}

@Suite("Shape views")
struct ShapeViewTests {
    @Test("a framed rectangle is an svg whose viewBox is the frame and whose path fills it")
    func framedRectangle() async {
        let html = await render(Rectangle().fill(.red).frame(width: 40, height: 20))
        print(html)
        #expect(html.contains("viewBox=\"0 0 40 20\""))
        #expect(html.contains("d=\"M0 0L40 0L40 20L0 20Z\""))
        #expect(html.contains("fill:#ff3b30"))
        #expect(html.contains("width:40px;height:20px"))
        #expect(!html.contains("preserveAspectRatio"))
    }

    @Test("a shape without a frame is drawn in a 100-point square the browser stretches; a circle keeps its aspect")
    func unframed() async {
        let html = await render(VStack { Triangle(); Circle() })
        print(html)
        #expect(html.contains("d=\"M50 0L100 100L0 100Z\""))
        #expect(html.contains("preserveAspectRatio=\"none\""))
        #expect(html.contains("preserveAspectRatio=\"xMidYMid meet\""))
        #expect(html.contains("lui-shape-flexible"))
        #expect(html.contains("fill:currentColor"))
    }

    @Test("the progress ring strokes a trimmed circle and rotates it; a step patches the path's d")
    func progressRing() async throws {
        let session = LiveSession(changeLog: .discard) { Ring() }
        let html = await session.html()
        print(html)
        let update = try await session.send(.click("step"))
        print(update.patches)
    }
}
