// Views are read and written in place at their fields' offsets through raw pointers (Swift has no safe API
// for a generic value's stored views short of copying each into `any View`): not measured against a safe
// form, see docs/performance.md.
/// Where the views of a primitive's stored `@ViewBuilder` block sit in a value of the primitive's type:
/// the graph reads a stack's children in place while the stack's node expands, and copies one out only
/// for a child node that must keep a new value.
struct BlockLayout {
    /// Where the block starts in the primitive's value.
    let offset: Int
    /// The block's views, at offsets from the block's start.
    private let parts: TupleParts
    /// The identity step of a block of one view, when it is not its position (`nil`: views are keyed
    /// by position).
    private(set) var key: ChildKey?

    init(offset: Int, parts: TupleParts, key: ChildKey? = nil) {
        self.offset = offset
        self.parts = parts
        self.key = key
    }

    /// The view of type `V` at `offset` in a value, as a block of one view keyed `key`.
    static func single<V: View>(_: V.Type, at offset: Int, key: ChildKey) -> BlockLayout {
        // `TupleParts` of a view type is that one view (a `TupleView` too: it is not flattened).
        BlockLayout(offset: offset, parts: TupleParts.of(V.self), key: key)
    }

    /// The same block keyed by `key` (its parts shared).
    func keyed(_ key: ChildKey) -> BlockLayout {
        var copy = self
        copy.key = key
        return copy
    }

    /// How many views the block has.
    var count: Int { parts.count }

    /// View number `index` of the block, at offsets from the primitive's value.
    func part(_ index: Int) -> (offset: Int, part: TupleParts.Part) {
        let part = parts.part(index)
        return (offset + part.offset, part)
    }
}

/// Primitive views whose children are the views of one stored `@ViewBuilder` block, `content`
/// (stacks, lists, scroll views): the graph reads those views in place from the node's value.
protocol BlockContentView: PrimitiveView {
    /// The block's type.
    associatedtype Content: View
    /// The block.
    nonisolated var content: Content { get }
    /// Where `content` is stored in a value (`MemoryLayout<Self>.offset(of: \.content)`): a stored
    /// property's offset is always known, so `nil` only if `content` were computed.
    nonisolated static var contentOffset: Int? { get }
    /// Whether the block's views are the node's children (a stack's), rather than the block as one
    /// child keyed by position 0 (a navigation stack's).
    nonisolated static var flattensBlock: Bool { get }
}

nonisolated extension BlockContentView {
    static var flattensBlock: Bool { true }

    /// The layout of the block in a value of this type, or `nil` when its offset is unknown.
    static func blockLayout() -> BlockLayout? {
        guard let offset = contentOffset else { return nil }
        guard flattensBlock else { return .single(Content.self, at: offset, key: .index(0)) }
        // A block of several views is a `TupleView`, whose tuple starts where it does; one view is its own part.
        let parts = (Content.self as? any TuplePartsProviding.Type)?.tupleParts ?? TupleParts.of(Content.self)
        return BlockLayout(offset: offset, parts: parts)
    }
}
