/// Builds view content from the statements of a closure: blocks, `if`, `if/else`, `switch`, `if let`.
@resultBuilder
public enum ViewBuilder {
    /// An empty block.
    public static func buildBlock() -> EmptyView { EmptyView() }
    /// A block with one view.
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    /// A block with several views, each keeping its position as its structural identity.
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        var views: [any View] = []
        for view in repeat each content { views.append(view) }
        return TupleView(value: (repeat each content), views: views)
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
    let views: DerivedViews

    /// Wraps a tuple of views.
    public init(_ value: T) {
        self.value = value
        self.views = DerivedViews(list: Mirror(reflecting: value).children.compactMap { exactView($0.value) })
    }

    init(value: T, views: [any View]) {
        self.value = value
        self.views = DerivedViews(list: views)
    }

    package func makeContent(_ node: GraphNode) -> NodeContent {
        NodeContent(children: views.list.enumerated().map { (.index($0.offset), $0.element) })
    }
}

/// The tuple's views as a list: derived from `value`, so comparing `value` is enough.
struct DerivedViews: ComparableProperty, AlwaysSameProperty {
    let list: [any View]
    func isSame(as other: Any) -> Bool { true }
}

/// `value` as a view of exactly its dynamic type. (A cast such as `value as? any View` would look
/// through an `Optional` and lose the `if` that produced it, or fail on `nil`.)
func exactView(_ value: Any) -> (any View)? {
    guard let type = type(of: value) as? any View.Type else { return nil }
    func box<V: View>(_: V.Type) -> (any View)? { value as? V }
    return box(type)
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
        case .trueContent(let view): NodeContent(children: [(.branch(0), view)])
        case .falseContent(let view): NodeContent(children: [(.branch(1), view)])
        }
    }
}

extension Optional: View where Wrapped: View {
    public typealias Body = Never
}

extension Optional: PrimitiveView where Wrapped: View {
    package func makeContent(_ node: GraphNode) -> NodeContent {
        switch self {
        case .some(let view): NodeContent(children: [(.branch(0), view)])
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
    package func makeContent(_ node: GraphNode) -> NodeContent { NodeContent(children: [(.index(0), content)]) }
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
        NodeContent(children: [(.type(ObjectIdentifier(type(of: storage))), storage)])
    }
}
