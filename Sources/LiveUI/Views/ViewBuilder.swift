@_spi(Reflection) import Swift

/// Builds view content from the statements of a closure: blocks, `if`, `if/else`, `switch`, `if let`.
@resultBuilder
public enum ViewBuilder {
    /// An empty block.
    public static func buildBlock() -> EmptyView { EmptyView() }
    /// A block with one view.
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    /// A block with several views, each keeping its position as its structural identity.
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        TupleView((repeat each content))
    }
    /// One expression.
    public static func buildExpression<Content: View>(_ content: Content) -> Content { content }
    /// `if` without `else`: the content, or nothing.
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    /// The `true` branch of `if/else` (branch 0).
    public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent)
        -> _ConditionalContent<TrueContent, FalseContent>
    { _ConditionalContent(storage: .trueContent(first)) }
    /// The `false` branch of `if/else` (branch 1).
    public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent)
        -> _ConditionalContent<TrueContent, FalseContent>
    { _ConditionalContent(storage: .falseContent(second)) }
    /// `if #available` content.
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView(content) }
}

/// A fixed list of views; each keeps its position as its identity.
public struct TupleView<T>: PrimitiveView {
    /// The views.
    public var value: T

    /// Wraps a tuple of views.
    public init(_ value: T) { self.value = value }

    package func makeContent(_ node: GraphNode) -> NodeContent {
        var children: [(key: ChildKey, view: any View)] = []
        withUnsafeBytes(of: value) { TupleParts.of(T.self).append(at: $0.baseAddress, to: &children) }
        return NodeContent(children: children)
    }
}

extension TupleView: ContentMakerProviding {
    /// Finds the tuple's views once per type; each expansion then reads them straight from the value.
    static func contentMaker() -> (any View, GraphNode) -> NodeContent {
        let append = partsAppender()
        return { view, _ in
            var children: [(key: ChildKey, view: any View)] = []
            view.withValuePointer { append($0, &children) }
            return NodeContent(children: children)
        }
    }
}

extension TupleView: TuplePartsProviding {
    static func partsAppender() -> (UnsafeRawPointer, inout [(key: ChildKey, view: any View)]) -> Void {
        let parts = TupleParts.of(T.self)
        // `value` is the view's only stored property: the tuple starts where the view does.
        return { base, children in parts.append(at: base, to: &children) }
    }
}

/// Where the views of a tuple type sit in its memory, and how to read each one: worked out once per type.
final class TupleParts: @unchecked Sendable {
    // @unchecked: immutable after construction.
    private let parts: [(offset: Int, read: (UnsafeRawPointer) -> any View)]

    private init(_ type: Any.Type) {
        if let view = type as? any View.Type {
            parts = [(0, Self.reader(view))]
            return
        }
        var parts: [(offset: Int, read: (UnsafeRawPointer) -> any View)] = []
        // A metatype cast keeps `Optional` fields (an `if` without `else`) as the views they are.
        _ = _forEachField(of: type, options: []) { _, offset, fieldType, _ in
            if let view = fieldType as? any View.Type { parts.append((offset, Self.reader(view))) }
            return true
        }
        self.parts = parts
    }

    private static func reader<V: View>(_: V.Type) -> (UnsafeRawPointer) -> any View {
        { $0.assumingMemoryBound(to: V.self).pointee }
    }

    /// Appends the views of the tuple at `base` to `children`, each keyed by its position there.
    func append(at base: UnsafeRawPointer?, to children: inout [(key: ChildKey, view: any View)]) {
        guard let base else { return }
        children.reserveCapacity(children.count + parts.count)
        for part in parts { children.append((.index(children.count), part.read(base + part.offset))) }
    }

    private static let cache = TypeCache<TupleParts>()

    /// The parts of `type`, built on first use.
    static func of(_ type: Any.Type) -> TupleParts { cache.value(for: type) { TupleParts(type) } }
}

/// The content of `if/else` or `switch`: the branch taken is part of the identity (`If(0)`, `If(1)`).
public struct _ConditionalContent<TrueContent: View, FalseContent: View>: PrimitiveView {
    /// Which branch was taken.
    public enum Storage {
        case trueContent(TrueContent)
        case falseContent(FalseContent)
    }
    /// The branch taken and its content.
    public let storage: Storage

    package func makeContent(_ node: GraphNode) -> NodeContent {
        switch storage {
        case .trueContent(let view): NodeContent(child: .branch(0), view)
        case .falseContent(let view): NodeContent(child: .branch(1), view)
        }
    }
}

extension Optional: View where Wrapped: View {
    public typealias Body = Never
}

extension Optional: PrimitiveView where Wrapped: View {
    package func makeContent(_ node: GraphNode) -> NodeContent {
        switch self {
        case .some(let view): NodeContent(child: .branch(0), view)
        case .none: NodeContent(children: [])
        }
    }
}

/// A view that renders nothing.
public struct EmptyView: PrimitiveView {
    /// Creates an empty view.
    public init() {}
    package func makeContent(_ node: GraphNode) -> NodeContent { NodeContent(children: []) }
}

/// Several views treated as one; modifiers applied to a group apply to each of its views.
public struct Group<Content: View>: PrimitiveView {
    let content: Content
    /// Groups the views the builder produces.
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    package func makeContent(_ node: GraphNode) -> NodeContent { NodeContent(child: .index(0), content) }
}

/// A type-erased view. A change of the wrapped view's type is a change of identity.
public struct AnyView: PrimitiveView {
    let storage: any View
    /// Wraps `view`.
    public init<V: View>(_ view: V) {
        if let any = view as? AnyView { storage = any.storage } else { storage = view }
    }
    /// Wraps an existential view.
    public init(erasing view: any View) { storage = view }
    package func makeContent(_ node: GraphNode) -> NodeContent {
        NodeContent(child: .type(ObjectIdentifier(type(of: storage))), storage)
    }
}
