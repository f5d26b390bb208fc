/// Children stacked top to bottom, of which only those near the viewport are sent: a `ForEach` directly
/// inside sends a window of its rows (the first 50 at first), with a spacer above and below standing for
/// the rest, and the browser asks for the rows it scrolls to. Rows keep their identity and `@State`
/// while they are out of the window. Other content renders whole, as in a ``VStack``.
nonisolated public struct LazyVStack<Content: View>: ElementView {
    let alignment: HorizontalAlignment
    let spacing: CGFloat?
    let content: Content

    /// A lazy vertical stack. `pinnedViews` is accepted; section headers and footers are not pinned.
    public init(
        alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, pinnedViews: PinnedScrollableViews = .init(),
        @ViewBuilder content: () -> Content
    ) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }

    package func makeContent(_ node: GraphNode) -> NodeContent {
        var spec = ElementSpec("div", classes: ["lui-vstack"])
        if alignment != .center { spec.style("align-items", alignment.css) }
        if let spacing { spec.style("gap", px(spacing)) }
        return LazyContent.make(node, content, spec: spec, vertical: true)
    }
}

/// Children side by side, of which only those near the viewport are sent (see ``LazyVStack``).
nonisolated public struct LazyHStack<Content: View>: ElementView {
    let alignment: VerticalAlignment
    let spacing: CGFloat?
    let content: Content

    /// A lazy horizontal stack. `pinnedViews` is accepted; section headers and footers are not pinned.
    public init(
        alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, pinnedViews: PinnedScrollableViews = .init(),
        @ViewBuilder content: () -> Content
    ) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }

    package func makeContent(_ node: GraphNode) -> NodeContent {
        var spec = ElementSpec("div", classes: ["lui-hstack"])
        if alignment != .center { spec.style("align-items", alignment.css) }
        if let spacing { spec.style("gap", px(spacing)) }
        return LazyContent.make(node, content, spec: spec, vertical: false)
    }
}

/// The kinds of views a lazy stack or grid can pin to the scroll view's bounds.
public struct PinnedScrollableViews: OptionSet, Sendable {
    public let rawValue: UInt32
    /// A set of kinds.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// Section headers.
    public static let sectionHeaders = PinnedScrollableViews(rawValue: 1 << 0)
    /// Section footers.
    public static let sectionFooters = PinnedScrollableViews(rawValue: 1 << 1)
}

/// How a lazy container (``LazyVStack``, ``LazyHStack``, a long ``List``) renders.
enum LazyContent {
    /// The content of a lazy container whose element is `spec`: windowed when `content` is a `ForEach` of
    /// at least `minimumRows` rows, else whole. The element lists `data-lazy` (`v` or `h`), `data-rows`
    /// (the data's row count) and `data-window` (`start-end`), and holds a spacer (`--lui-rows`: the rows
    /// it stands for) before and after the rows.
    static func make<Content: View>(
        _ node: GraphNode, _ content: Content, spec: consuming ElementSpec, vertical: Bool,
        modifier: (any AttributeModifier)? = nil, minimumRows: Int = 0
    ) -> NodeContent {
        guard let source = content as? any LazyRowSource, source.lazyRowCount >= minimumRows else {
            guard let modifier else { return NodeContent.element(spec, content: content) }
            return NodeContent(child: .index(0), content, element: spec, modifier: modifier)
        }
        let window = node.behavior { LazyWindow(container: node) }
        window.note(source)
        let count = source.lazyRowCount
        let rows = window.rows(of: count)
        spec.addClass("lui-lazy")
        spec.set("data-lazy", vertical ? "v" : "h")
        spec.set("data-rows", String(count))
        spec.set("data-window", "\(rows.lowerBound)-\(rows.upperBound)")
        if let request = window.scrollRequest { spec.set("data-scroll-to", "\(request.index) \(request.anchor) \(request.serial)") }
        spec.content = .children([.element(suffix: "t", spacer(rows.lowerBound)), .allSlots, .element(suffix: "b", spacer(count - rows.upperBound))])
        node.on("range") { node, value in try window.move(to: value, target: node.lid ?? "") }
        node.environment.scrollTargets?.register(window)
        return NodeContent(
            child: .index(0), content, element: spec, modifier: modifier, environment: window.environment(for: node.environment))
    }

    /// A spacer standing for `rows` rows not sent.
    private static func spacer(_ rows: Int) -> ElementSpec {
        var spec = ElementSpec("div", classes: ["lui-lazy-spacer"], content: .children([]))
        spec.set("aria-hidden", "true")
        spec.style("--lui-rows", String(rows))
        return spec
    }
}
