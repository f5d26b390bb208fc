/// A column of a ``LazyVGrid`` or a row of a ``LazyHGrid``: its size and the spacing after it.
public struct GridItem: Sendable {
    /// How large a column (or row) is.
    public enum Size: Sendable {
        /// Exactly this many points.
        case fixed(CGFloat)
        /// Between `minimum` and `maximum`, sharing the space left with the other flexible items.
        case flexible(minimum: CGFloat = 10, maximum: CGFloat = .infinity)
        /// As many items as fit, each at least `minimum` and at most `maximum`.
        case adaptive(minimum: CGFloat, maximum: CGFloat = .infinity)
    }

    /// The size.
    public var size: Size
    /// The spacing after the item (`nil`: the default).
    public var spacing: CGFloat?
    /// How cells are aligned in the item (`nil`: centred).
    public var alignment: Alignment?

    /// An item of `size`.
    public init(_ size: Size = .flexible(), spacing: CGFloat? = nil, alignment: Alignment? = nil) {
        self.size = size
        self.spacing = spacing
        self.alignment = alignment
    }

    /// The item's track in `grid-template-columns` (or `-rows`): `fixed` → `Npx`, `flexible` →
    /// `minmax(min, max)` (`1fr` for an unbounded maximum), `adaptive` → `repeat(auto-fill, minmax(min, max))`.
    var track: String {
        switch size {
        case .fixed(let size): return px(size)
        case .flexible(let minimum, let maximum): return "minmax(\(px(minimum)),\(GridCSS.maximum(maximum)))"
        case .adaptive(let minimum, let maximum): return "repeat(auto-fill,minmax(\(px(minimum)),\(GridCSS.maximum(maximum))))"
        }
    }
}

/// A grid that grows downwards, its columns given by ``GridItem``s: `<div class="lui-grid">` with
/// `grid-template-columns` from the items. Its cells are all sent (it is not windowed).
nonisolated public struct LazyVGrid<Content: View>: ElementView {
    let columns: [GridItem]
    let alignment: HorizontalAlignment
    let spacing: CGFloat?
    let content: Content

    /// A vertical grid of `columns`, rows `spacing` apart. `pinnedViews` is accepted; nothing is pinned.
    public init(
        columns: [GridItem], alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
        pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content
    ) {
        self.columns = columns
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }

    package func makeContent(_ node: GraphNode) -> NodeContent {
        var spec = GridCSS.spec(columns, template: "grid-template-columns", itemGap: "column-gap")
        if alignment != .center { spec.style("justify-content", GridCSS.axis(alignment.css)) }
        if let spacing { spec.style("row-gap", px(spacing)) }
        return .element(spec, blockOf: self, node: node)
    }
}

nonisolated extension LazyVGrid: BlockContentView {
    static var contentOffset: Int? { MemoryLayout<Self>.offset(of: \.content) }
}

/// A grid that grows sideways, its rows given by ``GridItem``s: `<div class="lui-grid lui-grid-h">` with
/// `grid-template-rows` from the items, filled column by column. Its cells are all sent.
nonisolated public struct LazyHGrid<Content: View>: ElementView {
    let rows: [GridItem]
    let alignment: VerticalAlignment
    let spacing: CGFloat?
    let content: Content

    /// A horizontal grid of `rows`, columns `spacing` apart. `pinnedViews` is accepted; nothing is pinned.
    public init(
        rows: [GridItem], alignment: VerticalAlignment = .center, spacing: CGFloat? = nil,
        pinnedViews: PinnedScrollableViews = .init(), @ViewBuilder content: () -> Content
    ) {
        self.rows = rows
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }

    package func makeContent(_ node: GraphNode) -> NodeContent {
        var spec = GridCSS.spec(rows, template: "grid-template-rows", itemGap: "row-gap")
        spec.addClass("lui-grid-h")
        if alignment != .center { spec.style("align-content", GridCSS.axis(alignment.css)) }
        if let spacing { spec.style("column-gap", px(spacing)) }
        return .element(spec, blockOf: self, node: node)
    }
}

nonisolated extension LazyHGrid: BlockContentView {
    static var contentOffset: Int? { MemoryLayout<Self>.offset(of: \.content) }
}

/// CSS for grids.
enum GridCSS {
    /// A grid element whose tracks (`template`) are `items`' and whose gap between them (`itemGap`) is the
    /// first item's spacing given; cells aligned as the items' alignment when they all agree.
    static func spec(_ items: [GridItem], template: String, itemGap: String) -> ElementSpec {
        var spec = ElementSpec("div", classes: ["lui-grid"])
        spec.style(template, items.isEmpty ? "none" : items.map(\.track).joined(separator: " "))
        if let spacing = items.lazy.compactMap(\.spacing).first { spec.style(itemGap, px(spacing)) }
        if let first = items.first?.alignment, first != .center, items.allSatisfy({ $0.alignment == first }) {
            spec.style("justify-items", axis(first.horizontal.css))
            spec.style("align-items", axis(first.vertical.css))
        }
        return spec
    }

    /// A flexbox alignment as grid alignment (`flex-start` → `start`).
    static func axis(_ flex: String) -> String {
        switch flex {
        case "flex-start": "start"
        case "flex-end": "end"
        default: flex
        }
    }

    /// A track's maximum: `1fr` when unbounded.
    static func maximum(_ value: CGFloat) -> String { value.isFinite ? px(value) : "1fr" }
}
