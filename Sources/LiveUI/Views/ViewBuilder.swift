@_spi(Reflection) import Swift

/// Builds view content from the statements of a closure: blocks, `if`, `if/else`, `switch`, `if let`.
@resultBuilder
public enum ViewBuilder {
    /// An empty block.
    public static func buildBlock() -> EmptyView { EmptyView() }
    /// A block with one view.
    public static func buildBlock<Content: View>(_ content: consuming Content) -> Content { content }
    // Blocks of two to ten views have overloads of their own: their views are moved into the tuple,
    // where the variadic form below copies each one and destroys the original (a retain and a release
    // of everything a view holds, for every block of every body evaluated).
    /// A block with two views, each keeping its position as its structural identity.
    public static func buildBlock<C0: View, C1: View>(_ c0: consuming C0, _ c1: consuming C1) -> TupleView<(C0, C1)> {
        TupleView((c0, c1))
    }
    /// A block with three views, each keeping its position as its structural identity.
    public static func buildBlock<C0: View, C1: View, C2: View>(
        _ c0: consuming C0, _ c1: consuming C1, _ c2: consuming C2
    ) -> TupleView<(C0, C1, C2)> {
        TupleView((c0, c1, c2))
    }
    /// A block with four views, each keeping its position as its structural identity.
    public static func buildBlock<C0: View, C1: View, C2: View, C3: View>(
        _ c0: consuming C0, _ c1: consuming C1, _ c2: consuming C2, _ c3: consuming C3
    ) -> TupleView<(C0, C1, C2, C3)> {
        TupleView((c0, c1, c2, c3))
    }
    /// A block with five views, each keeping its position as its structural identity.
    public static func buildBlock<C0: View, C1: View, C2: View, C3: View, C4: View>(
        _ c0: consuming C0, _ c1: consuming C1, _ c2: consuming C2, _ c3: consuming C3,
        _ c4: consuming C4
    ) -> TupleView<(C0, C1, C2, C3, C4)> {
        TupleView((c0, c1, c2, c3, c4))
    }
    /// A block with six views, each keeping its position as its structural identity.
    public static func buildBlock<C0: View, C1: View, C2: View, C3: View, C4: View, C5: View>(
        _ c0: consuming C0, _ c1: consuming C1, _ c2: consuming C2, _ c3: consuming C3,
        _ c4: consuming C4, _ c5: consuming C5
    ) -> TupleView<(C0, C1, C2, C3, C4, C5)> {
        TupleView((c0, c1, c2, c3, c4, c5))
    }
    /// A block with seven views, each keeping its position as its structural identity.
    public static func buildBlock<C0: View, C1: View, C2: View, C3: View, C4: View, C5: View, C6: View>(
        _ c0: consuming C0, _ c1: consuming C1, _ c2: consuming C2, _ c3: consuming C3,
        _ c4: consuming C4, _ c5: consuming C5, _ c6: consuming C6
    ) -> TupleView<(C0, C1, C2, C3, C4, C5, C6)> {
        TupleView((c0, c1, c2, c3, c4, c5, c6))
    }
    /// A block with eight views, each keeping its position as its structural identity.
    public static func buildBlock<C0: View, C1: View, C2: View, C3: View, C4: View, C5: View, C6: View, C7: View>(
        _ c0: consuming C0, _ c1: consuming C1, _ c2: consuming C2, _ c3: consuming C3,
        _ c4: consuming C4, _ c5: consuming C5, _ c6: consuming C6, _ c7: consuming C7
    ) -> TupleView<(C0, C1, C2, C3, C4, C5, C6, C7)> {
        TupleView((c0, c1, c2, c3, c4, c5, c6, c7))
    }
    /// A block with nine views, each keeping its position as its structural identity.
    public static func buildBlock<
        C0: View, C1: View, C2: View, C3: View, C4: View,
        C5: View, C6: View, C7: View, C8: View
    >(
        _ c0: consuming C0, _ c1: consuming C1, _ c2: consuming C2, _ c3: consuming C3,
        _ c4: consuming C4, _ c5: consuming C5, _ c6: consuming C6, _ c7: consuming C7,
        _ c8: consuming C8
    ) -> TupleView<(C0, C1, C2, C3, C4, C5, C6, C7, C8)> {
        TupleView((c0, c1, c2, c3, c4, c5, c6, c7, c8))
    }
    /// A block with ten views, each keeping its position as its structural identity.
    public static func buildBlock<
        C0: View, C1: View, C2: View, C3: View, C4: View,
        C5: View, C6: View, C7: View, C8: View, C9: View
    >(
        _ c0: consuming C0, _ c1: consuming C1, _ c2: consuming C2, _ c3: consuming C3,
        _ c4: consuming C4, _ c5: consuming C5, _ c6: consuming C6, _ c7: consuming C7,
        _ c8: consuming C8, _ c9: consuming C9
    ) -> TupleView<(C0, C1, C2, C3, C4, C5, C6, C7, C8, C9)> {
        TupleView((c0, c1, c2, c3, c4, c5, c6, c7, c8, c9))
    }
    /// A block with more than ten views, each keeping its position as its structural identity.
    public static func buildBlock<each Content: View>(
        _ content: repeat consuming each Content
    ) -> TupleView<(repeat each Content)> {
        TupleView((repeat each content))
    }
    /// One expression.
    public static func buildExpression<Content: View>(_ content: consuming Content) -> Content { content }
    /// `if` without `else`: the content, or nothing.
    public static func buildIf<Content: View>(_ content: consuming Content?) -> Content? { content }
    /// The `true` branch of `if/else` (branch 0).
    public static func buildEither<TrueContent: View, FalseContent: View>(first: consuming TrueContent)
        -> _ConditionalContent<TrueContent, FalseContent>
    { _ConditionalContent(storage: .trueContent(first)) }
    /// The `false` branch of `if/else` (branch 1).
    public static func buildEither<TrueContent: View, FalseContent: View>(second: consuming FalseContent)
        -> _ConditionalContent<TrueContent, FalseContent>
    { _ConditionalContent(storage: .falseContent(second)) }
    /// `if #available` content.
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView(content) }
}

/// A fixed list of views; each keeps its position as its identity.
nonisolated public struct TupleView<T>: PrimitiveView {
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

// Views are read and written in place at their fields' offsets through raw pointers (Swift has no safe API
// for a generic value's stored views short of copying each into `any View`): not measured against a safe
// form, see docs/performance.md.
/// Where the views of a tuple type sit in its memory, and how to read each one: worked out once per type.
final class TupleParts: @unchecked Sendable {
    // @unchecked: immutable after construction.
    /// One view of the tuple: where it sits, its type, and how to copy it out or find its type
    /// information. Copied without reference counting: the access object lives as long as the parts.
    struct Part {
        let offset: Int
        /// The view's type.
        let type: ObjectIdentifier
        // make bench, against a counted reference: ≈ −185 instructions per counter click (0.8 %).
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
nonisolated public struct _ConditionalContent<TrueContent: View, FalseContent: View>: PrimitiveView {
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

nonisolated extension Optional: View where Wrapped: View {
    public typealias Body = Never
}

nonisolated extension Optional: PrimitiveView where Wrapped: View {
    package func makeContent(_ node: GraphNode) -> NodeContent {
        switch self {
        case .some(let view): NodeContent(child: .branch(0), view)
        case .none: NodeContent(children: [])
        }
    }
}

/// A view that renders nothing.
nonisolated public struct EmptyView: PrimitiveView {
    /// Creates an empty view.
    public init() {}
    package func makeContent(_ node: GraphNode) -> NodeContent { NodeContent(children: []) }
}

/// Several views treated as one; modifiers applied to a group apply to each of its views.
nonisolated public struct Group<Content: View>: PrimitiveView {
    let content: Content
    /// Groups the views the builder produces.
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    package func makeContent(_ node: GraphNode) -> NodeContent { NodeContent(child: .index(0), content) }
}

/// A type-erased view. A change of the wrapped view's type is a change of identity.
nonisolated public struct AnyView: PrimitiveView {
    let storage: any View
    /// Wraps `view`.
    public init<V: View>(_ view: V) {
        if let any = view as? AnyView { storage = any.storage } else { storage = view }
    }
    /// Wraps an existential view.
    public init(erasing view: any View) { storage = view }
    package func makeContent(_ node: GraphNode) -> NodeContent {
        NodeContent(child: .type(.init(type(of: storage))), storage)
    }
}
