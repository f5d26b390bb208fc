/// A two-dimensional layout of ``GridRow``s: `<div class="lui-grid">` (CSS grid, columns as wide as their
/// widest cell). Each row's first cell starts a new grid row; a cell spans columns with
/// `gridCellColumns(_:)`.
nonisolated public struct Grid<Content: View>: ElementView {
    let alignment: Alignment
    let horizontalSpacing: CGFloat?
    let verticalSpacing: CGFloat?
    let content: Content

    /// A grid; its cells are aligned by `alignment`, and spaced by the spacings given (else the default).
    public init(
        alignment: Alignment = .center, horizontalSpacing: CGFloat? = nil, verticalSpacing: CGFloat? = nil,
        @ViewBuilder content: () -> Content
    ) {
        self.alignment = alignment
        self.horizontalSpacing = horizontalSpacing
        self.verticalSpacing = verticalSpacing
        self.content = content()
    }

    package func makeContent(_ node: GraphNode) -> NodeContent {
        var spec = ElementSpec("div", classes: ["lui-grid"])
        if alignment.horizontal != .center { spec.style("justify-items", GridCSS.axis(alignment.horizontal.css)) }
        if alignment.vertical != .center { spec.style("align-items", GridCSS.axis(alignment.vertical.css)) }
        if let horizontalSpacing { spec.style("column-gap", px(horizontalSpacing)) }
        if let verticalSpacing { spec.style("row-gap", px(verticalSpacing)) }
        return .element(spec, blockOf: self, node: node)
    }
}

nonisolated extension Grid: BlockContentView {
    static var contentOffset: Int? { MemoryLayout<Self>.offset(of: \.content) }
}

/// One row of a ``Grid``: `<div class="lui-grid-row">` (`display: contents`: its cells are the grid's).
nonisolated public struct GridRow<Content: View>: ElementView {
    let alignment: VerticalAlignment?
    let content: Content

    /// A row whose cells are aligned vertically by `alignment` (else the grid's alignment).
    public init(alignment: VerticalAlignment? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.content = content()
    }

    package func makeContent(_ node: GraphNode) -> NodeContent {
        var spec = ElementSpec("div", classes: ["lui-grid-row"])
        if let alignment { spec.style("--lui-row-align", GridCSS.axis(alignment.css)) }
        return .element(spec, blockOf: self, node: node)
    }
}

nonisolated extension GridRow: BlockContentView {
    static var contentOffset: Int? { MemoryLayout<Self>.offset(of: \.content) }
}

nonisolated extension View {
    /// Makes this cell of a ``GridRow`` span `count` columns (`grid-column-end: span count`).
    public consuming func gridCellColumns(_ count: Int) -> some View {
        modifier(StyleModifier([("grid-column-end", "span \(max(count, 1))")]))
    }
}
