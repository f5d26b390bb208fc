/// The identity of a sleeping row's node that has `@State`: its row, its place in the row, and what is
/// kept of it. A node the row builds again at the same place, of the same type, takes it back.
struct SleepingState {
    /// The row's index in its list (32 bits: with the path's reference, a state is 72 bytes, not 80).
    var row: UInt32
    /// The node's place below the row's own node (no steps for the row's node).
    let path: RowPath
    var identity: SleepingIdentity

    /// The handle kept, if the identity is kept whole.
    var handle: NodeHandle? {
        if case .handle(let handle) = identity { return handle }
        return nil
    }
}

/// What a sleeping row keeps of a node's identity.
enum SleepingIdentity {
    /// The handle, which holds the storage: something besides the row may hold the storage (a binding
    /// kept elsewhere), so the same objects come back when it wakes.
    case handle(NodeHandle)
    /// Only the value of the node's one `@State`: nothing but the node held its handle or its storage,
    /// so storage made again with the value is the same state to everything that can look at it
    /// (56 bytes a row instead of two objects, 128 bytes with their `malloc` headers).
    case value(SleepingValue)
    /// Only the values of the node's `@State`s (a view with several), as for ``value(_:)``.
    case values(SleepingValues)
    /// Taken back by the node its row built while awake; kept again when the row sleeps.
    case taken
}

/// The value of one `@State` of a sleeping node, and the kind of storage that held it.
struct SleepingSlot {
    let kind: any SleepableStorage.Type
    let value: Any
}

/// The value of a sleeping node's one `@State`, and the node's body evaluation count
/// (``GraphNode/evaluations``).
struct SleepingValue {
    let slot: SleepingSlot
    let evaluations: Int32
}

/// The values of a sleeping node's `@State`s in storage slot order, and the node's body evaluation count.
struct SleepingValues {
    let slots: [SleepingSlot]
    let evaluations: Int32
}

extension SleepingIdentity {
    /// `handle`'s identity as a sleeping row keeps it: only its values if nothing but the handle holds any
    /// of its storage (taken out of it), else the handle as it is.
    static func keeping(_ handle: NodeHandle) -> SleepingIdentity {
        // Each object is moved out of the handle, checked in place and only then read: a copy of the
        // reference would make it shared.
        if handle.slots.count == 1 {
            // One state (the usual row): no list.
            guard var only = handle.slots.takeOnly() else { return .handle(handle) }
            guard let kind = onlyReferenceKind(&only) else {
                handle.slots.append(only)
                return .handle(handle)
            }
            return .value(SleepingValue(slot: SleepingSlot(kind: kind, value: kind.sleepingValue(of: only)), evaluations: handle.evaluations))
        }
        var objects = handle.slots.takeAll()
        var slots: [SleepingSlot] = []
        slots.reserveCapacity(objects.count)
        for index in objects.indices {
            guard let kind = onlyReferenceKind(&objects[index]) else { break }
            slots.append(SleepingSlot(kind: kind, value: kind.sleepingValue(of: objects[index])))
        }
        guard !objects.isEmpty, slots.count == objects.count else {
            for object in objects { handle.slots.append(object) }
            return .handle(handle)
        }
        return .values(SleepingValues(slots: slots, evaluations: handle.evaluations))
    }

    /// The kind of `object`, sleepable storage that nothing but `object` refers to; `nil` otherwise.
    private static func onlyReferenceKind(_ object: inout AnyObject) -> (any SleepableStorage.Type)? {
        let kind = type(of: object) as? any SleepableStorage.Type
        guard let kind, kind.isOnlyReference(&object) else { return nil }
        return kind
    }

    /// Gives `node`, built again where the identity was, the identity: its handle, or new storage holding
    /// the values kept.
    func restore(to node: GraphNode) {
        switch self {
        case .handle(let handle): node.adopt(handle)
        case .value(let value): node.awaken(CollectionOfOne(value.slot), evaluations: value.evaluations)
        case .values(let values): node.awaken(values.slots, evaluations: values.evaluations)
        case .taken: break
        }
    }
}
