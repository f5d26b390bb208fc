/// One step of a node's identity: where the child sits in its parent's content.
package enum ChildKey: Hashable, CustomStringConvertible {
    /// Position in a block of views.
    case index(Int)
    /// The branch of an `if`/`else`/`switch` (`If(0)`, `If(1)`).
    case branch(Int)
    /// An element id inside `ForEach` (boxed: keeps every node's key at two words).
    indirect case id(AnyHashable)
    /// An `Int` element id inside `ForEach`: the common case, kept without a box.
    case intID(Int)
    /// An explicit `.id(_:)` (boxed, like `id`).
    indirect case explicit(AnyHashable)
    /// The wrapped type of an `AnyView` (kept whole, not as its `ObjectIdentifier`: a saved state's key
    /// spells it by name).
    case type(WrappedType)
    /// The body of a composite view.
    case body
    /// An internal part of a primitive (a modifier's content, a background).
    case part(Int)

    package var description: String {
        switch self {
        case .index(let i): "(\(i))"
        case .branch(let b): "If(\(b))"
        case .id(let id): "[\(id.base)]"
        case .intID(let id): "[\(id)]"
        case .explicit(let id): "#\(id.base)"
        case .type: "AnyView"
        case .body: ".body"
        case .part(let p): ".part(\(p))"
        }
    }

    /// The type an `AnyView` wraps, compared and hashed by identity.
    package struct WrappedType: Hashable {
        package let type: Any.Type

        package init(_ type: Any.Type) { self.type = type }

        package static func == (lhs: WrappedType, rhs: WrappedType) -> Bool {
            ObjectIdentifier(lhs.type) == ObjectIdentifier(rhs.type)
        }

        package func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(type)) }
    }
}
