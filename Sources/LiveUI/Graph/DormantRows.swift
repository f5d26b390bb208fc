/// What the graph keeps of a ``ForEach``'s rows while they sleep: the `data-lid` of each element of each
/// row and a hash of what the element renders, 16 bytes an element instead of the row's nodes and
/// elements (over a kilobyte for a row of a text and a button).
///
/// Only rows that keep nothing but `@State` of their own sleep (primitive views, and views whose `body` has
/// no dynamic property but `@State` and read nothing observable; no lifecycle modifier): everything such a
/// row renders follows from the `ForEach`'s value, which its node keeps, and from its state, which the
/// sleeping row keeps (the identity's handle and storage, or only the state's value, see ``SleepingState``).
/// So the rows' nodes are rebuilt from them, with the same lids and the same state, whenever something
/// needs them (a new value, an event, a render of the page).
struct DormantRows {
    /// The identity of a sleeping row's node that has `@State`, found again when the row is rebuilt by
    /// where the node is below the container and its view type.
    struct SleepingState {
        /// The node's view type and the keys from the container down to it, hashed (see
        /// ``ViewGraph/rowPath(of:below:)``).
        let path: Int
        let identity: SleepingIdentity

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

    /// Every row's element lids, row after row, each row's in the order ``ViewGraph`` walks a tree
    /// (an element, then its descendants); a lid the row's parent element lists as its child (the row's
    /// top-level elements) carries ``topLevel``.
    private(set) var lids: [UInt64] = []
    /// Where each row's lids end in ``lids``.
    private(set) var ends: [UInt32] = []
    /// What each element renders (its tag, attributes, classes, styles, events, text and children's lids),
    /// hashed, as ``lids`` lists them.
    private(set) var hashes: [Int] = []
    /// The accessibility identifiers of the rows' elements, sorted, for events addressed by identifier
    /// (only elements that have one).
    private(set) var identifiers: [String] = []
    /// The nodes with `@State`, in no particular order (empty for rows without state).
    private(set) var states: [SleepingState] = []

    /// The flag of a top-level element's lid (lid numbers use 48 bits, see ``ElementLid``).
    static let topLevel: UInt64 = 1 << 63

    /// How many rows there are.
    var rowCount: Int { ends.count }

    /// Adds a row whose elements have `lids` (flagged as in ``lids``) and render as `hashes` say, and
    /// whose elements are tagged `identifiers`.
    mutating func append(lids rowLids: [UInt64], hashes rowHashes: [Int], identifiers rowIdentifiers: [String]) {
        lids.append(contentsOf: rowLids)
        ends.append(UInt32(truncatingIfNeeded: lids.count))
        hashes.append(contentsOf: rowHashes)
        identifiers.append(contentsOf: rowIdentifiers)
    }

    /// Keeps the identity of a row's node with `@State`.
    mutating func keep(_ state: SleepingState) { states.append(state) }

    /// Ends the kept identities (the rows end without waking): their `@State` keeps its last value and
    /// evaluates nothing when written.
    func endStates() {
        for state in states { state.handle?.endStorage() }
    }

    /// Keeps only the values of the kept identities that nothing else holds: to be called once the rows'
    /// nodes are gone (their views and handlers hold the storage too until then).
    mutating func keepValuesOnly() {
        for index in states.indices {
            guard let handle = states[index].handle, let identity = Self.values(takenFrom: handle) else { continue }
            states[index] = SleepingState(path: states[index].path, identity: identity)
        }
    }

    /// The values of `handle`'s storage, taken out of it, if nothing but the handle holds any of it;
    /// otherwise `nil`, and the handle as it was.
    private static func values(takenFrom handle: NodeHandle) -> SleepingIdentity? {
        // Each object is moved out of the handle, checked in place and only then read: a copy of the
        // reference would make it shared.
        if handle.slots.count == 1 {
            // One state (the usual row): no list.
            guard var only = handle.slots.takeOnly() else { return nil }
            guard let kind = onlyReferenceKind(&only) else {
                handle.slots.append(only)
                return nil
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
            return nil
        }
        return .values(SleepingValues(slots: slots, evaluations: handle.evaluations))
    }

    /// The kind of `object`, sleepable storage that nothing but `object` refers to; `nil` otherwise.
    private static func onlyReferenceKind(_ object: inout AnyObject) -> (any SleepableStorage.Type)? {
        let kind = type(of: object) as? any SleepableStorage.Type
        guard let kind, kind.isOnlyReference(&object) else { return nil }
        return kind
    }

    /// Whether an element of a sleeping row is tagged `identifier`.
    func hasIdentifier(_ identifier: String) -> Bool {
        // Binary search of the sorted list.
        var low = 0
        var high = identifiers.count
        while low < high {
            let middle = (low + high) / 2
            if identifiers[middle] < identifier { low = middle + 1 } else { high = middle }
        }
        return low < identifiers.count && identifiers[low] == identifier
    }

    /// Gives back the room the lists grew beyond their contents.
    mutating func trim() {
        Self.trim(&lids)
        Self.trim(&ends)
        Self.trim(&hashes)
        identifiers.sort()
        Self.trim(&identifiers)
        Self.trim(&states)
    }

    private static func trim<Element>(_ list: inout [Element]) {
        guard list.capacity > list.count else { return }
        var exact: [Element] = []
        exact.reserveCapacity(list.count)
        exact.append(contentsOf: list)
        list = exact
    }

    /// Where row `row`'s elements are in ``lids`` and ``hashes``.
    func range(ofRow row: Int) -> Range<Int> {
        (row == 0 ? 0 : Int(ends[row - 1]))..<Int(ends[row])
    }

    /// Whether an element of a sleeping row has the lid number `number`.
    func contains(_ number: UInt64) -> Bool {
        lids.contains { $0 & ~Self.topLevel == number }
    }

    /// The top-level elements' lid numbers, every row's in order: the children the rows give their
    /// parent element.
    func forEachTopLevelNumber(_ body: (UInt64) -> Void) {
        for lid in lids where lid & Self.topLevel != 0 { body(lid & ~Self.topLevel) }
    }
}
