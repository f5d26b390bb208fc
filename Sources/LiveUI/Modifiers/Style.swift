/// A modifier that sets inline style properties on the elements below it.
nonisolated struct StyleModifier: ElementModifier, Equatable {
    let properties: [String]  // "name:value" pairs, flattened for cheap comparison
    let className: String?

    init(_ properties: [(String, String)], className: String? = nil) {
        self.properties = properties.map { $0.0 + ":" + $0.1 }
        self.className = className
    }

    func apply(to element: inout ElementSpec, node: GraphNode) {
        for property in properties {
            guard let colon = property.firstIndex(of: ":") else { continue }
            element.style(String(property[..<colon]), String(property[property.index(after: colon)...]))
        }
        if let className { element.addClass(className) }
    }
}

nonisolated struct FontModifier: ElementModifier, Equatable {
    let font: Font?
    func apply(to element: inout ElementSpec, node: GraphNode) { font?.apply(to: &element) }
}

/// `.background(view)` / `.overlay(view)`: a layered wrapper element around the content.
nonisolated struct LayerModifier<Layer: View>: WrapperModifier {
    let layer: Layer
    let isBackground: Bool
    let alignment: Alignment

    func makeContent(content: ModifierContent, node: GraphNode) -> NodeContent {
        var layerSpec = ElementSpec("div", classes: [isBackground ? "lui-layer-back" : "lui-layer-front"])
        layerSpec.content = .children([.slot(1)])
        if alignment != .center {
            layerSpec.style("justify-items", alignment.horizontal.css)
            layerSpec.style("align-items", alignment.vertical.css)
        }
        let parts: [SpecChild] =
            isBackground ? [.element(suffix: "b", layerSpec), .slot(0)] : [.slot(0), .element(suffix: "o", layerSpec)]
        let spec = ElementSpec("div", classes: ["lui-zstack", "lui-layered"], content: .children(parts))
        return NodeContent(children: [(.index(0), content.view), (.index(1), layer)], element: spec)
    }
}

nonisolated extension View {
    /// Space around the view, on the given edges (16 points by default).
    public consuming func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View {
        let value = px(length ?? 16)
        var properties: [(String, String)] = []
        if edges == .all {
            properties.append(("padding", value))
        } else {
            if edges.contains(.top) { properties.append(("padding-top", value)) }
            if edges.contains(.trailing) { properties.append(("padding-right", value)) }
            if edges.contains(.bottom) { properties.append(("padding-bottom", value)) }
            if edges.contains(.leading) { properties.append(("padding-left", value)) }
        }
        return modifier(StyleModifier(properties))
    }

    /// Space around the view on every edge.
    public consuming func padding(_ length: CGFloat) -> some View { padding(.all, length) }

    /// A fixed size.
    public consuming func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> some View {
        var properties: [(String, String)] = []
        if let width { properties.append(("width", px(width))) }
        if let height { properties.append(("height", px(height))) }
        return modifier(StyleModifier(properties))
    }

    /// Size limits; `.infinity` as a maximum fills the available space.
    public consuming func frame(
        minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil, minHeight: CGFloat? = nil,
        idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil, alignment: Alignment = .center
    ) -> some View {
        var properties: [(String, String)] = []
        if let minWidth { properties.append(("min-width", px(minWidth))) }
        if let idealWidth { properties.append(("width", px(idealWidth))) }
        if let maxWidth {
            if maxWidth.isInfinite {
                properties.append(("width", "100%"))
                properties.append(("align-self", "stretch"))
            } else {
                properties.append(("max-width", px(maxWidth)))
            }
        }
        if let minHeight { properties.append(("min-height", px(minHeight))) }
        if let idealHeight { properties.append(("height", px(idealHeight))) }
        if let maxHeight {
            if maxHeight.isInfinite {
                properties.append(("height", "100%"))
                properties.append(("flex-grow", "1"))
            } else {
                properties.append(("max-height", px(maxHeight)))
            }
        }
        if alignment != .center {
            properties.append(("text-align", alignment.horizontal == .leading ? "left" : alignment.horizontal == .trailing ? "right" : "center"))
        }
        return modifier(StyleModifier(properties))
    }

    /// The colour of text and symbols in this view.
    public consuming func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View {
        modifier(StyleModifier([("color", style.cssValue)]))
    }

    /// The colour of text and symbols in this view.
    public consuming func foregroundColor(_ color: Color?) -> some View {
        modifier(StyleModifier(color.map { [("color", $0.cssValue)] } ?? []))
    }

    /// The colour of controls in this view (a progress bar's fill, a slider's track, a checkbox) and of
    /// `Color.accentColor` within it, as SwiftUI's `tint`; `nil` keeps the tint from outside.
    public consuming func tint(_ tint: Color?) -> some View {
        modifier(StyleModifier(tint.map { [("accent-color", $0.cssValue), ("--lui-accent", $0.cssValue)] } ?? []))
    }

    /// Fills the view's background.
    public consuming func background<S: ShapeStyle>(_ style: S) -> some View {
        modifier(StyleModifier([("background", style.cssValue)]))
    }

    /// Layers `content` behind the view.
    public consuming func background<Background: View>(alignment: Alignment = .center, @ViewBuilder _ content: () -> Background) -> some View {
        modifier(LayerModifier(layer: content(), isBackground: true, alignment: alignment))
    }

    /// Layers `content` in front of the view.
    public consuming func overlay<Overlay: View>(alignment: Alignment = .center, @ViewBuilder _ content: () -> Overlay) -> some View {
        modifier(LayerModifier(layer: content(), isBackground: false, alignment: alignment))
    }

    /// Layers `overlay` in front of the view.
    public consuming func overlay<Overlay: View>(_ overlay: Overlay, alignment: Alignment = .center) -> some View {
        modifier(LayerModifier(layer: overlay, isBackground: false, alignment: alignment))
    }

    /// A border around the view.
    public consuming func border<S: ShapeStyle>(_ style: S, width: CGFloat = 1) -> some View {
        modifier(StyleModifier([("border", "\(px(width)) solid \(style.cssValue)")]))
    }

    /// Rounded corners.
    public consuming func cornerRadius(_ radius: CGFloat) -> some View {
        modifier(StyleModifier([("border-radius", px(radius)), ("overflow", "hidden")]))
    }

    /// The text style of this view.
    public consuming func font(_ font: Font?) -> some View { modifier(FontModifier(font: font)) }

    /// Bold text.
    public consuming func bold(_ isActive: Bool = true) -> some View {
        modifier(StyleModifier(isActive ? [("font-weight", "700")] : []))
    }

    /// Italic text.
    public consuming func italic(_ isActive: Bool = true) -> some View {
        modifier(StyleModifier(isActive ? [("font-style", "italic")] : []))
    }

    /// Transparency, from 0 (invisible) to 1.
    public consuming func opacity(_ opacity: Double) -> some View {
        modifier(StyleModifier([("opacity", formatNumber(min(max(opacity, 0), 1)))]))
    }

    /// Hides the view but keeps its space, as SwiftUI does; the controls inside it take no events (an event
    /// addressed to one is refused as ``LiveError/unsupportedEvent(target:type:)`` and changes nothing).
    public consuming func hidden() -> some View {
        modifier(StyleModifier([("visibility", "hidden")])).modifier(EnvironmentFlagModifier<HiddenFlag>(isOn: true))
    }

    /// Lines of text at most.
    public consuming func lineLimit(_ number: Int?) -> some View {
        guard let number else { return modifier(StyleModifier([])) }
        return modifier(StyleModifier([("-webkit-line-clamp", String(number)), ("display", "-webkit-box"), ("-webkit-box-orient", "vertical"), ("overflow", "hidden")]))
    }

    /// Text alignment for multi-line text.
    public consuming func multilineTextAlignment(_ alignment: HorizontalAlignment) -> some View {
        modifier(StyleModifier([("text-align", alignment == .leading ? "left" : alignment == .trailing ? "right" : "center")]))
    }
}
