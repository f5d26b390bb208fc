/// `.clipShape(_:)`: a CSS `clip-path`; exact at any size for the built-in shapes, and for a custom shape
/// in the rectangle of the view's `.frame(width:height:)` (a 100 × 100 square without one).
nonisolated struct ClipShapeModifier: ElementModifier {
    /// The `clip-path` of a built-in shape, or `nil` for a shape drawn through its path.
    let css: String?
    let path: (CGRect) -> Path
    let evenOdd: Bool

    func apply(to element: inout ElementSpec, node: GraphNode) {
        if let css {
            element.style("clip-path", css)
            return
        }
        let frame = ShapeFrame(node.inherited)
        let side = frame.width ?? frame.height ?? 100
        let rect = CGRect(x: 0, y: 0, width: frame.width ?? side, height: frame.height ?? side)
        let data = path(rect).svgData.replacingOccurrences(of: "\"", with: "")
        element.style("clip-path", "path(\(evenOdd ? "evenodd, " : "")\"\(data)\")")
    }
}

nonisolated extension View {
    /// Clips the view to `shape`.
    public consuming func clipShape<S: Shape>(_ shape: S, style: FillStyle = FillStyle()) -> some View {
        let css = style.isEOFilled ? nil : (shape as? any CSSClipShape)?.cssClipPath
        return modifier(ClipShapeModifier(css: css, path: { shape.path(in: $0) }, evenOdd: style.isEOFilled))
    }

    /// Clips the view to its frame, as SwiftUI's `clipped()`.
    public consuming func clipped(antialiased: Bool = false) -> some View {
        modifier(StyleModifier([("overflow", "hidden")]))
    }

    /// Layers `background` behind the view (SwiftUI's older form; a shape fills the view's bounds).
    @_disfavoredOverload
    public consuming func background<Background: View>(_ background: Background, alignment: Alignment = .center) -> some View {
        modifier(LayerModifier(layer: background, isBackground: true, alignment: alignment))
    }

    /// Fills `shape`, in the view's bounds, with `style`, behind the view.
    public consuming func background<S: ShapeStyle, T: Shape>(_ style: S, in shape: T, fillStyle: FillStyle = FillStyle()) -> some View {
        modifier(LayerModifier(layer: shape.fill(style, style: fillStyle), isBackground: true, alignment: .center))
    }

    /// Fills `shape`, in the view's bounds, with the background colour, behind the view.
    public consuming func background<T: Shape>(in shape: T, fillStyle: FillStyle = FillStyle()) -> some View {
        modifier(LayerModifier(layer: shape.fill(Color(css: "var(--lui-background, #ffffff)"), style: fillStyle), isBackground: true, alignment: .center))
    }

    /// Fills `shape`, in the view's bounds, with `style`, in front of the view.
    public consuming func overlay<S: ShapeStyle, T: Shape>(_ style: S, in shape: T, fillStyle: FillStyle = FillStyle()) -> some View {
        modifier(LayerModifier(layer: shape.fill(style, style: fillStyle), isBackground: false, alignment: .center))
    }
}
