import Testing

@testable import LiveUI

private struct Triangle: Shape {
    func path(in rect: CGRect) -> Path {
        var path = Path()
        path.addLines([CGPoint(x: rect.midX, y: rect.minY), CGPoint(x: rect.maxX, y: rect.maxY), CGPoint(x: rect.minX, y: rect.maxY)])
        path.closeSubpath()
        return path
    }
}

/// The progress ring of SwiftUI's sample apps, driven by a button.
private struct Ring: View {
    @State private var progress = 0.0
    @State private var side: CGFloat = 200
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
            Rectangle().fill(.green).frame(width: side, height: 10).accessibilityIdentifier("bar")
            Button("Step") { progress = min(progress + 0.25, 1) }.accessibilityIdentifier("step")
            Button("Grow") { side += 100 }.accessibilityIdentifier("grow")
        }
    }
}

private func render<V: View>(_ view: V) async -> String {
    await LiveSession(changeLog: .discard) { view }.html()
}

/// The `d` of the first path in `html`.
private func pathData(_ html: String, lid: String) throws -> String? {
    try HTMLTree(parsing: html).find(lid: lid)?.attributes["d"]
}

@Suite("Shape views")
struct ShapeViewTests {
    @Test("a framed rectangle is an svg whose viewBox is the frame and whose path fills it")
    func framedRectangle() async {
        let html = await render(Rectangle().fill(.red).frame(width: 40, height: 20))
        #expect(html.contains("<svg data-lid=\"k1\" viewBox=\"0 0 40 20\" aria-hidden=\"true\" class=\"lui-shape\" style=\"width:40px;height:20px\">"))
        #expect(html.contains("<path data-lid=\"k1p\" d=\"M0 0L40 0L40 20L0 20Z\" style=\"fill:#ff3b30\"></path></svg>"))
        #expect(!html.contains("preserveAspectRatio"))
    }

    @Test("each built-in shape draws its SwiftUI outline in its frame")
    func builtInShapes() async {
        func d<S: Shape>(_ shape: S) async -> String {
            let html = await render(shape.frame(width: 40, height: 20))
            return html.components(separatedBy: " d=\"")[1].components(separatedBy: "\"")[0]
        }
        #expect(await d(Rectangle()) == "M0 0L40 0L40 20L0 20Z")
        #expect(await d(RoundedRectangle(cornerRadius: 4)).hasPrefix("M4 0L36 0C38.209 0 40 1.791 40 4L40 16C"))
        #expect(await d(Capsule()).hasPrefix("M10 0L30 0C35.523 0 40 4.477 40 10C"))
        // The largest centred circle: 20 across, from x 10 to 30.
        #expect(await d(Circle()).hasPrefix("M30 10C30 15.523 25.523 20 20 20C"))
        #expect(await d(Ellipse()).hasPrefix("M40 10C40 15.523 31.046 20 20 20C"))
        #expect(await d(Triangle()) == "M20 0L40 20L0 20Z")
        let path = Path { $0.addLines([CGPoint(x: 1, y: 1), CGPoint(x: 5, y: 5)]) }
        #expect(await d(path) == "M1 1L5 5")
    }

    @Test("a shape without a frame is drawn in a 100-point square the browser stretches; a circle keeps its aspect")
    func unframed() async {
        let html = await render(VStack { Triangle(); Circle() })
        #expect(html.contains("d=\"M50 0L100 100L0 100Z\""))
        #expect(html.contains("preserveAspectRatio=\"none\""))
        #expect(html.contains("preserveAspectRatio=\"xMidYMid meet\""))
        #expect(html.contains("class=\"lui-shape lui-shape-flexible\""))
        #expect(html.contains("fill:currentColor;vector-effect:non-scaling-stroke"))
    }

    @Test("without a frame, a rectangle, rounded rectangle, capsule or ellipse is an exact CSS box: background or outline")
    func cssBoxes() async {
        func style<V: View>(_ view: V) async -> String {
            let html = await render(view)
            return html.components(separatedBy: "lui-shape-flexible\" style=\"")[1].components(separatedBy: "\"")[0]
        }
        #expect(await style(Rectangle().fill(Color.red)) == "border-radius:0;background:#ff3b30")
        #expect(await style(RoundedRectangle(cornerSize: CGSize(width: 4, height: 2))) == "border-radius:4px / 2px;background:currentColor")
        #expect(await style(Capsule().stroke(Color.red, lineWidth: 2)) == "border-radius:99999px;outline:2px solid #ff3b30;outline-offset:-1px")
        #expect(await style(Ellipse().strokeBorder(Color.red, style: StrokeStyle(lineWidth: 4, dash: [2])))
            == "border-radius:50%;outline:4px dashed #ff3b30;outline-offset:-4px")
        // What CSS cannot draw keeps its path: a trimmed rectangle, an inset fill.
        #expect(await render(Rectangle().trim(from: 0, to: 0.5).stroke(Color.red)).contains("d=\"M0 0L100 0L100 100\""))
        #expect(await render(Rectangle().inset(by: 10).fill(Color.red)).contains("d=\"M10 10L90 10L90 90L10 90Z\""))
    }

    @Test("a frame with one side gives both; a frame whose other side is not in points lets the browser fit it")
    func partialFrame() async {
        let square = await render(Circle().frame(width: 30))
        #expect(square.contains("viewBox=\"0 0 30 30\""))
        let wide = await render(Rectangle().frame(maxWidth: .infinity).frame(height: 12))
        #expect(wide.contains("viewBox=\"0 0 12 12\" preserveAspectRatio=\"none\""))
        #expect(!wide.contains("lui-shape-flexible"))
    }

    @Test("stroke draws the outline with the style's width, cap, join and dashes; strokeBorder insets it by half the width")
    func strokes() async {
        let stroked = await render(
            Rectangle()
                .stroke(Color.blue, style: StrokeStyle(lineWidth: 3, lineCap: .square, lineJoin: .round, dash: [4, 2], dashPhase: 1))
                .frame(width: 10, height: 10))
        #expect(stroked.contains("d=\"M0 0L10 0L10 10L0 10Z\""))
        #expect(stroked.contains(
            "style=\"fill:none;stroke:#007aff;stroke-width:3;stroke-linecap:square;stroke-linejoin:round;stroke-dasharray:4 2;stroke-dashoffset:1\""))
        let border = await render(Rectangle().strokeBorder(Color.red, lineWidth: 4).frame(width: 10, height: 10))
        #expect(border.contains("d=\"M2 2L8 2L8 8L2 8Z\""))
        #expect(border.contains("style=\"fill:none;stroke:#ff3b30;stroke-width:4;stroke-miterlimit:10\""))
        let circleBorder = await render(Circle().strokeBorder(lineWidth: 2).frame(width: 10, height: 10))
        #expect(circleBorder.contains("d=\"M9 5C"))
        #expect(circleBorder.contains("stroke:currentColor"))
    }

    @Test("a shape's default style is the foreground style, so foregroundColor colours a stroke or a fill")
    func foregroundColours() async {
        let html = await render(Circle().stroke(lineWidth: 2).foregroundColor(.red).frame(width: 10, height: 10))
        #expect(html.contains("style=\"width:10px;height:10px;color:#ff3b30\""))
        #expect(html.contains("stroke:currentColor;stroke-width:2"))
        let filled = await render(Capsule().fill(style: FillStyle(eoFill: true)).frame(width: 10, height: 4))
        #expect(filled.contains("fill:currentColor;fill-rule:evenodd"))
        let strokedShapeFilled = await render(Circle().stroke(lineWidth: 3).fill(Color.green).frame(width: 10, height: 10))
        #expect(strokedShapeFilled.contains("fill:none;stroke:#34c759;stroke-width:3"))
    }

    @Test("trim draws a fraction of the outline; an empty trim draws nothing")
    func trim() async {
        let half = await render(Rectangle().trim(from: 0, to: 0.5).stroke(Color.red).frame(width: 10, height: 10))
        #expect(half.contains("d=\"M0 0L10 0L10 10\""))
        let none = await render(Circle().trim(from: 0, to: 0).stroke(Color.red).frame(width: 10, height: 10))
        #expect(none.contains("d=\"\""))
        let trimmedStroke = await render(Rectangle().stroke(lineWidth: 2).trim(from: 0.5, to: 1).frame(width: 10, height: 10))
        #expect(trimmedStroke.contains("d=\"M10 10L0 10L0 0\""))
        #expect(trimmedStroke.contains("fill:none;stroke:currentColor;stroke-width:2"))
    }

    @Test("rotationEffect is a CSS rotation around the anchor; rotation and offset move a shape's path")
    func rotation() async {
        let html = await render(Rectangle().rotationEffect(.degrees(45), anchor: .topLeading).frame(width: 4, height: 4))
        #expect(html.contains("transform:rotate(45deg);transform-origin:0% 0%"))
        let centred = await render(Text("x").rotationEffect(.radians(.pi)))
        #expect(centred.contains("style=\"transform:rotate(180deg)\""))
        let turned = await render(Rectangle().rotation(.degrees(90)).frame(width: 4, height: 2))
        #expect(turned.contains("d=\"M3 -1L3 3L1 3L1 -1Z\""))
        let moved = await render(Rectangle().offset(x: 1, y: 2).frame(width: 4, height: 2))
        #expect(moved.contains("d=\"M1 2L5 2L5 4L1 4Z\""))
    }

    @Test("the progress ring: a step patches only the ring's path d; a new frame patches the viewBox and the path")
    func progressRing() async throws {
        let session = LiveSession(changeLog: .discard) { Ring() }
        let first = await session.html()
        let tree = try HTMLTree(parsing: first)
        let ring = try #require(tree.elements(withAttribute: "data-aid", "ring").first?.lid)
        #expect(try pathData(first, lid: ring + "p") == "")
        #expect(first.contains("data-aid=\"ring\" class=\"lui-shape lui-shape-flexible\" style=\"transform:rotate(-90deg)\""))

        let step = try await session.send(.click("step"))
        #expect(step.patches == [.attrs(id: ring + "p", set: ["d": "M100 50C100 77.614 77.614 100 50 100"], remove: [])])
        try tree.apply(step.patches)
        let grown = try await session.send(.click("grow"))
        #expect(grown.patches.count == 2)
        try tree.apply(grown.patches)
        let after = await session.html()
        #expect(tree.normalized == (try HTMLTree.normalize(after)))
        #expect(after.contains("viewBox=\"0 0 300 10\""))
        #expect(after.contains("d=\"M0 0L300 0L300 10L0 10Z\""))
    }

    @Test("clipShape is a CSS clip-path: exact basic shapes for built-ins, the path in the frame for a custom shape")
    func clipShapes() async {
        #expect(await render(Text("a").clipShape(Circle())).contains("clip-path:circle(closest-side)"))
        #expect(await render(Text("a").clipShape(RoundedRectangle(cornerRadius: 6))).contains("clip-path:inset(0px round 6px)"))
        #expect(await render(Text("a").clipShape(Capsule())).contains("clip-path:inset(0px round 99999px)"))
        #expect(await render(Text("a").clipShape(Ellipse())).contains("clip-path:ellipse(closest-side closest-side)"))
        let custom = await render(Text("a").clipShape(Triangle()).frame(width: 20, height: 10))
        #expect(custom.contains("clip-path:path(&quot;M10 0L20 10L0 10Z&quot;)"))
        #expect(await render(Text("a").clipped()).contains("overflow:hidden"))
    }

    @Test("background and overlay take shapes: a layer holding the shape's svg, stretched over the content")
    func layers() async {
        let html = await render(Text("Save").padding().background(Color.blue, in: RoundedRectangle(cornerRadius: 8)))
        #expect(html.contains("class=\"lui-layer-back\"><svg"))
        #expect(html.contains("class=\"lui-shape lui-shape-flexible\" style=\"border-radius:8px;background:#007aff\""))
        let older = await render(Text("New").background(Capsule().fill(Color.red)))
        #expect(older.contains("class=\"lui-layer-back\"><svg"))
        let overlay = await render(Text("Ring").overlay(Circle().stroke(Color.red, lineWidth: 2)))
        #expect(overlay.contains("class=\"lui-layer-front\"><svg"))
    }
}
