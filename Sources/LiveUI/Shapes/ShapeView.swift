import Foundation

/// A shape drawn with a style, as SwiftUI's `_ShapeView`: an inline `<svg>` whose one `<path>` is the
/// shape's outline in the shape's rectangle.
///
/// The rectangle is the size the shape's own `.frame(width:height:)` gives it (the `viewBox` then matches the
/// element's CSS size exactly). Without one, a rectangle, rounded rectangle, capsule or ellipse (not trimmed
/// or turned) is drawn exactly by CSS at whatever size the browser gives it; any other shape is drawn in a
/// 100 × 100 square that the browser stretches over that space (`preserveAspectRatio="none"`, strokes keep
/// their width), except a circle, which keeps its aspect and is centred, as in SwiftUI.
nonisolated public struct _ShapeView<Content: Shape, Style: ShapeStyle>: ElementView {
    /// The shape.
    public var shape: Content
    /// The style that fills (or strokes) it.
    public var style: Style
    /// How the inside is found.
    public var fillStyle: FillStyle

    /// The shape drawn with `style`.
    public init(shape: Content, style: Style, fillStyle: FillStyle = FillStyle()) {
        self.shape = shape
        self.style = style
        self.fillStyle = fillStyle
    }

    /// The square a shape without a frame is drawn in.
    static var defaultSide: CGFloat { 100 }

    package func makeContent(_ node: GraphNode) -> NodeContent {
        let frame = ShapeFrame(node.inherited)
        if frame.isEmpty, let box = shape as? any CSSBoxShape, let content = boxContent(box) { return content }
        let side = frame.width ?? frame.height ?? Self.defaultSide
        let size = CGSize(width: frame.width ?? side, height: frame.height ?? side)
        let path = shape.path(in: CGRect(origin: .zero, size: size))

        var outline = ElementSpec("path", content: .children([]))
        outline.set("d", path.svgData)
        if let stroke = (shape as? any StrokedShapeMarker)?.strokeStyle {
            outline.style("fill", "none")
            outline.style("stroke", style.cssValue)
            stroke.apply(to: &outline)
        } else {
            outline.style("fill", style.cssValue)
            if fillStyle.isEOFilled { outline.style("fill-rule", "evenodd") }
        }

        var svg = ElementSpec("svg", classes: ["lui-shape"], content: .children([.element(suffix: "p", outline)]))
        svg.set("viewBox", "0 0 \(Path.svgNumber(size.width)) \(Path.svgNumber(size.height))")
        if !frame.isComplete {
            svg.set("preserveAspectRatio", shape is any AspectFittingShape ? "xMidYMid meet" : "none")
            if frame.isEmpty { svg.addClass("lui-shape-flexible") }
            // A stretched drawing keeps its lines as wide as asked.
            outline.style("vector-effect", "non-scaling-stroke")
            svg.content = .children([.element(suffix: "p", outline)])
        }
        // Shapes are decoration to assistive technologies, as in SwiftUI, unless given a label.
        svg.set("aria-hidden", "true")
        return .element(svg)
    }
}

extension _ShapeView {
    /// A rectangle, rounded rectangle, capsule or ellipse of unknown size, drawn exactly by the browser as the
    /// svg's own CSS box (its path is empty): a `background` for a fill, an `outline` centred on the outline
    /// (inside the frame for `strokeBorder`) for a stroke. `nil` for an inset fill, which CSS cannot draw.
    private func boxContent(_ box: any CSSBoxShape) -> NodeContent? {
        var svg = ElementSpec("svg", classes: ["lui-shape", "lui-shape-flexible"])
        svg.style("border-radius", box.cssBorderRadius)
        if let stroke = (shape as? any StrokedShapeMarker)?.strokeStyle {
            let kind = stroke.dash.isEmpty ? "solid" : "dashed"
            svg.style("outline", "\(px(stroke.lineWidth)) \(kind) \(style.cssValue)")
            svg.style("outline-offset", px(-(box.boxInset + stroke.lineWidth / 2)))
        } else {
            guard box.boxInset == 0 else { return nil }
            svg.style("background", style.cssValue)
        }
        svg.set("aria-hidden", "true")
        svg.content = .children([.element(suffix: "p", ElementSpec("path", content: .children([])))])
        return .element(svg)
    }
}

/// The size a shape's own `.frame(width:height:)` gives it: the last `width`/`height` in points among the
/// style modifiers its element inherits (the ones that win in its CSS).
struct ShapeFrame {
    var width: CGFloat?
    var height: CGFloat?

    init(_ modifiers: [any AttributeModifier]) {
        for modifier in modifiers {
            guard let style = modifier as? StyleModifier else { continue }
            for property in style.properties {
                if let value = Self.points(property, "width:") { width = value }
                if let value = Self.points(property, "height:") { height = value }
            }
        }
    }

    /// Both sides known.
    var isComplete: Bool { width != nil && height != nil }
    /// Neither side known.
    var isEmpty: Bool { width == nil && height == nil }

    /// The points of a `name:NNpx` property, if `property` is one.
    private static func points(_ property: String, _ name: String) -> CGFloat? {
        guard property.hasPrefix(name), property.hasSuffix("px") else { return nil }
        return Double(property.dropFirst(name.count).dropLast(2)).map { CGFloat($0) }
    }
}
