/// Storage a sleeping row keeps as it is, or only its value when nothing else holds it (see
/// ``SleepingRows``): it refers to nothing outside its value, and its identity's handle does not retain it
/// from elsewhere.
protocol SleepableStorage: ReleasableStorage {
    /// Whether `object`, storage of this kind, is referred to by nothing but `object` itself: a sleeping
    /// row then keeps only its value (see ``SleepingIdentity``). `object` is left as it was.
    static func isOnlyReference(_ object: inout AnyObject) -> Bool
    /// The value `object`, storage of this kind, holds.
    static func sleepingValue(of object: AnyObject) -> Any
    /// Storage of this kind holding `value`, taken from storage of the kind, for `owner`'s slot `slot`: the
    /// state of a woken row. `nil` if `value` is not of this storage's type.
    static func awaken(_ value: Any, owner: GraphNode, slot: Int) -> AnyObject?
}

/// What stands in a storage slot while ``StateStorage/isOnlyReference(_:)`` checks the storage.
private final class StandIn: Sendable {}
private let stateStorageStandIn = StandIn()

extension StateStorage: SleepableStorage {
    static func isOnlyReference(_ object: inout AnyObject) -> Bool {
        // Moved out and checked as its own class (the debug build of the tests answered `false` for an
        // `AnyObject` held once), then moved back: no copy of the reference is ever made.
        var taken: AnyObject = stateStorageStandIn
        swap(&taken, &object)
        var storage = unsafeDowncast(consume taken, to: StateStorage<Value>.self)
        let isOnly = isKnownUniquelyReferenced(&storage)
        object = consume storage
        return isOnly
    }

    static func sleepingValue(of object: AnyObject) -> Any { unsafeDowncast(object, to: StateStorage<Value>.self).value }

    static func awaken(_ value: Any, owner: GraphNode, slot: Int) -> AnyObject? {
        guard let value = value as? Value else { return nil }
        return Self(value, owner: owner, slot: slot)
    }
}
