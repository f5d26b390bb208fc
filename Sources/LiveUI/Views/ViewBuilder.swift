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
        return { view, node in
            // A node of this type reads the views in place from its value (see `NodeContent.block(of:)`).
            if let block = NodeContent.block(of: Self.self, node) { return block }
            var children: [(key: ChildKey, view: any View)] = []
            view.withValuePointer { append($0, &children) }
            return NodeContent(children: children)
        }
    }
}

extension TupleView: TuplePartsProviding {
    static var tupleParts: TupleParts { TupleParts.of(T.self) }

    static func partsAppender() -> (UnsafeRawPointer, inout [(key: ChildKey, view: any View)]) -> Void {
        let parts = TupleParts.of(T.self)
        // `value` is the view's only stored property: the tuple starts where the view does.
        return { base, children in parts.append(at: base, to: &children) }
    }
}

/// Where the views of a tuple type sit in its memory, and how to read each one: worked out once per type.
final class TupleParts: @unchecked Sendable {
    // @unchecked: immutable after construction.
    /// One view of the tuple: where it sits, its type, and how to copy it out or find its type
    /// information. Copied without reference counting: the access object lives as long as the parts.
    struct Part {
        let offset: Int
        /// The view's type.
        let type: ObjectIdentifier
        unowned(unsafe) let access: PartAccess

        /// The view at `pointer` (this part's place), copied out as a value of its own.
        func read(_ pointer: UnsafeRawPointer) -> any View { access.read(pointer) }
        /// The type information of the view at `pointer`.
        func info(_ pointer: UnsafeRawPointer) -> ViewTypeInfo { access.info(pointer) }
    }

    /// Reads the view of one type at a pointer (subclassed per type).
    class PartAccess {
        func read(_ pointer: UnsafeRawPointer) -> any View { EmptyView() }
        func info(_ pointer: UnsafeRawPointer) -> ViewTypeInfo { ViewTypeInfo.of(EmptyView()) }
    }

    private final class TypedPartAccess<V: View>: PartAccess {
        override func read(_ pointer: UnsafeRawPointer) -> any View { pointer.assumingMemoryBound(to: V.self).pointee }
        override func info(_ pointer: UnsafeRawPointer) -> ViewTypeInfo { ViewTypeInfo.info(of: V.self, at: pointer) }
    }

    /// The access objects of `parts`, kept here so that the parts need not count references to them.
    private let accesses: [PartAccess]

    /// The views, in order.
    let parts: [Part]

    /// How many views the tuple has.
    var count: Int { parts.count }

    /// View number `index`. Read through the parts' own method, the list is borrowed rather than
    /// retained for the read.
    func part(_ index: Int) -> Part { parts[index] }

    private init(_ type: Any.Type) {
        var found: [(offset: Int, type: any View.Type)] = []
        if let view = type as? any View.Type {
            found = [(0, view)]
        } else {
            // A metatype cast keeps `Optional` fields (an `if` without `else`) as the views they are.
            _ = _forEachField(of: type, options: []) { _, offset, fieldType, _ in
                if let view = fieldType as? any View.Type { found.append((offset, view)) }
                return true
            }
        }
        var accesses: [PartAccess] = []
        var parts: [Part] = []
        for (offset, view) in found {
            let access = Self.access(for: view)
            accesses.append(access)
            parts.append(Part(offset: offset, type: ObjectIdentifier(view), access: access))
        }
        self.accesses = accesses
        self.parts = parts
    }

    private static func access<V: View>(for _: V.Type) -> PartAccess { TypedPartAccess<V>() }

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
