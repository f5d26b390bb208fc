/// Children stacked top to bottom: `<div class="lui-vstack">` (flexbox column).
public struct VStack<Content: View>: ElementView {
    let alignment: HorizontalAlignment
    let spacing: CGFloat?
    let content: Content

    /// A vertical stack.
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }

    package func makeContent(_ node: GraphNode) -> NodeContent {
        stackElement(plainVStack, alignment: alignment == .center ? nil : alignment.css, spacing: spacing, of: self, node)
    }
}

extension VStack: BlockContentView {
    static var contentOffset: Int? { MemoryLayout<Self>.offset(of: \.content) }
}

/// Children side by side: `<div class="lui-hstack">` (flexbox row).
public struct HStack<Content: View>: ElementView {
    let alignment: VerticalAlignment
    let spacing: CGFloat?
    let content: Content

    /// A horizontal stack.
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }

    package func makeContent(_ node: GraphNode) -> NodeContent {
        stackElement(plainHStack, alignment: alignment == .center ? nil : alignment.css, spacing: spacing, of: self, node)
    }
}

extension HStack: BlockContentView {
    static var contentOffset: Int? { MemoryLayout<Self>.offset(of: \.content) }
}

/// The elements of a centred stack without a spacing (most stacks), made once: a stack expanded again
/// shares their storage, which its node's element then compares equal at once. Immutable values.
nonisolated(unsafe) private let plainVStack = ElementSpec("div", classes: ["lui-vstack"])
nonisolated(unsafe) private let plainHStack = ElementSpec("div", classes: ["lui-hstack"])

/// A flexbox stack element (`plain` with its class): `align-items` when not centred, `gap` when a
/// spacing is given.
private func stackElement<Stack: BlockContentView>(
    _ plain: ElementSpec, alignment: String?, spacing: CGFloat?, of stack: Stack, _ node: GraphNode
) -> NodeContent {
    var spec = plain
    if let alignment { spec.style("align-items", alignment) }
    if let spacing { spec.style("gap", px(spacing)) }
    return .element(consume spec, blockOf: stack, node: node)
}

/// Children layered on top of each other: `<div class="lui-zstack">` (one grid cell).
public struct ZStack<Content: View>: ElementView {
    let alignment: Alignment
    let content: Content

    /// A layered stack.
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.content = content()
    }

    package func makeContent(_ node: GraphNode) -> NodeContent {
        var spec = ElementSpec("div", classes: ["lui-zstack"])
        if alignment != .center {
            spec.style("justify-items", alignment.horizontal.css)
            spec.style("align-items", alignment.vertical.css)
        }
        return .element(spec, blockOf: self, node: node)
    }
}

extension ZStack: BlockContentView {
    static var contentOffset: Int? { MemoryLayout<Self>.offset(of: \.content) }
}

/// Flexible space along the stack's axis.
public struct Spacer: ElementView, Equatable {
    let minLength: CGFloat?
    /// A spacer, optionally with a minimum length.
    public init(minLength: CGFloat? = nil) { self.minLength = minLength }
    package func makeContent(_ node: GraphNode) -> NodeContent {
        var spec = ElementSpec("div", classes: ["lui-spacer"], content: .children([]))
        if let minLength { spec.style("min-width", px(minLength)) }
        return .element(spec)
    }
}

/// A thin separator line: `<hr>`.
public struct Divider: ElementView, Equatable {
    /// A divider.
    public init() {}
    package func makeContent(_ node: GraphNode) -> NodeContent {
        .element(ElementSpec("hr", classes: ["lui-divider"], content: .void))
    }
}
