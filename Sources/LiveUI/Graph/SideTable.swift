/// Per-node data that few nodes have at any time (pending change names, elements waiting to be diffed,
/// lifecycle helpers, failures, environment reads), kept by the graph instead of in every node.
///
/// Reading or clearing a node's entry while the table is empty (most of the time) does not hash, and
/// neither does anything while it holds a few entries (an event usually changes one node): those are
/// kept in a short list searched in order, and only a table that outgrows it hashes.
struct SideTable<Value> {
    private struct Entry {
        let key: ObjectIdentifier
        var value: Value
    }

    /// The most entries kept in ``few``; a table that would hold more moves them all to ``many``.
    private static var fewLimit: Int { 8 }
    /// The entries while there are at most ``fewLimit`` of them (``many`` is empty then).
    private var few: [Entry] = []
    /// The entries of a table that outgrew ``few`` (which is empty then), until they are all removed.
    private var many: [ObjectIdentifier: Value] = [:]

    /// `node`'s entry; setting `nil` removes it.
    subscript(node: GraphNode) -> Value? {
        get { withValue(for: node) { $0 } }
        set {
            guard let value = consume newValue else {
                _ = removeValue(for: node)
                return
            }
            let key = ObjectIdentifier(node)
            if !many.isEmpty {
                many[key] = consume value
            } else if let index = few.firstIndex(where: { $0.key == key }) {
                few[index].value = consume value
            } else if few.count < Self.fewLimit {
                few.append(Entry(key: key, value: consume value))
            } else {
                many.reserveCapacity(few.count * 2)
                for entry in few { many[entry.key] = entry.value }
                many[key] = consume value
                few.removeAll(keepingCapacity: true)
            }
        }
    }

    /// Calls `body` with `node`'s entry where it is stored, without copying it; `nil` when `node` has none.
    func withValue<Result>(for node: GraphNode, _ body: (Value) -> Result) -> Result? {
        let key = ObjectIdentifier(node)
        if !many.isEmpty { return many.index(forKey: key).map { body(many.values[$0]) } }
        for index in few.indices where few[index].key == key { return body(few[index].value) }
        return nil
    }

    /// Removes `node`'s entry and returns it (moved out, not copied); `nil` when `node` has none.
    mutating func removeValue(for node: GraphNode) -> Value? {
        let key = ObjectIdentifier(node)
        if !many.isEmpty { return many.removeValue(forKey: key) }
        guard let index = few.firstIndex(where: { $0.key == key }) else { return nil }
        few.swapAt(index, few.count - 1)
        return few.removeLast().value
    }

    /// Whether no node has an entry.
    var isEmpty: Bool { few.isEmpty && many.isEmpty }

    /// How many entries the storage has room for.
    var capacity: Int { max(few.capacity, many.capacity) }

    /// Removes every entry.
    mutating func removeAll(keepingCapacity: Bool = false) {
        few.removeAll(keepingCapacity: keepingCapacity)
        many.removeAll(keepingCapacity: keepingCapacity)
    }

    /// Gives back storage that an update with many entries grew and that is mostly empty again (a
    /// dictionary keeps its capacity when its entries are removed); a small table is kept for reuse.
    mutating func releaseSpareCapacity() {
        guard many.capacity > 64 && many.count < many.capacity / 8 else { return }
        many = many.isEmpty ? [:] : Dictionary(uniqueKeysWithValues: many.map { ($0.key, $0.value) })
    }
}
