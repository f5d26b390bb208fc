/// Children stacked top to bottom: `<div class="lui-vstack">` (flexbox column).
nonisolated public struct VStack<Content: View>: ElementView {
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
        stackElement(plainVStack, alignment: alignment.alignItems, spacing: spacing, of: self, node)
    }
}

nonisolated extension VStack: BlockContentView {
    static var contentOffset: Int? { MemoryLayout<Self>.offset(of: \.content) }
}

extension VStack: ContentMakerProviding {
    /// Expands a value read in place: only its alignment and spacing are read, and the stack (which
    /// holds every view below it) is not copied.
    static func contentMaker() -> (any View, GraphNode) -> NodeContent {
        stackMaker(Self.self, plainVStack, alignment: \.alignment, spacing: \.spacing) { $0.alignItems }
    }
}

/// Children side by side: `<div class="lui-hstack">` (flexbox row).
nonisolated public struct HStack<Content: View>: ElementView {
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
        stackElement(plainHStack, alignment: alignment.alignItems, spacing: spacing, of: self, node)
    }
}

nonisolated extension HStack: BlockContentView {
    static var contentOffset: Int? { MemoryLayout<Self>.offset(of: \.content) }
}

extension HStack: ContentMakerProviding {
    /// Expands a value read in place, as ``VStack`` does.
    static func contentMaker() -> (any View, GraphNode) -> NodeContent {
        stackMaker(Self.self, plainHStack, alignment: \.alignment, spacing: \.spacing) { $0.alignItems }
    }
}

extension HorizontalAlignment {
    /// A stack's `align-items`: none when centred (the stack's class centres).
    fileprivate var alignItems: String? { self == .center ? nil : css }
}

extension VerticalAlignment {
    /// A stack's `align-items`: none when centred (the stack's class centres).
    fileprivate var alignItems: String? { self == .center ? nil : css }
}

/// The elements of a centred stack without a spacing (most stacks), made once: a stack expanded again
/// shares their storage, which its node's element then compares equal at once. Immutable values.
private let plainVStack = ElementSpec("div", classes: ["lui-vstack"])
private let plainHStack = ElementSpec("div", classes: ["lui-hstack"])

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

/// How a stack type expands, worked out once per type: its alignment and spacing are read at their
/// offsets in the value and its children in place, so that an expansion runs no code generic over the
/// stack's content (no type lookups) and copies nothing. A node of another type (a modifier's node
/// expanding the stack as its content) takes the stack's own `makeContent`.
private func stackMaker<Stack: BlockContentView, Alignment>(
    _: Stack.Type, _ plain: ElementSpec, alignment: KeyPath<Stack, Alignment>, spacing: KeyPath<Stack, CGFloat?>,
    css: @escaping (Alignment) -> String?
) -> (any View, GraphNode) -> NodeContent {
    let general = ViewTypeInfo.maker(Stack.self)
    guard let alignmentOffset = MemoryLayout<Stack>.offset(of: alignment),
        let spacingOffset = MemoryLayout<Stack>.offset(of: spacing)
    else { return general }
    let type = ObjectIdentifier(Stack.self)
    return { view, node in
        guard node.viewType == type, let block = node.withInfo({ $0.block }) else { return general(view, node) }
        // Read into concrete values (a tuple of them would be a generic type to look up).
        var alignmentCSS: String?
        var gap: CGFloat?
        view.withValuePointer { raw in
            alignmentCSS = css(raw.load(fromByteOffset: alignmentOffset, as: Alignment.self))
            gap = raw.load(fromByteOffset: spacingOffset, as: CGFloat?.self)
        }
        var spec = plain
        if let alignmentCSS { spec.style("align-items", alignmentCSS) }
        if let gap { spec.style("gap", px(gap)) }
        return NodeContent(children: ContentChildren(block), element: consume spec)
    }
}

/// Children layered on top of each other: `<div class="lui-zstack">` (one grid cell).
nonisolated public struct ZStack<Content: View>: ElementView {
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

nonisolated extension ZStack: BlockContentView {
    static var contentOffset: Int? { MemoryLayout<Self>.offset(of: \.content) }
}

/// Flexible space along the stack's axis.
nonisolated public struct Spacer: ElementView, Equatable {
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
nonisolated public struct Divider: ElementView, Equatable {
    /// A divider.
    public init() {}
    package func makeContent(_ node: GraphNode) -> NodeContent {
        .element(ElementSpec("hr", classes: ["lui-divider"], content: .void))
    }
}
