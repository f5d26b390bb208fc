/// Per-node data that few nodes have at any time (pending change names, lifecycle helpers, failures,
/// environment reads), kept by the graph instead of in every node.
///
/// Reading or clearing a node's entry while the table is empty (most of the time) does not hash.
struct SideTable<Value> {
    private var entries: [ObjectIdentifier: Value] = [:]

    /// `node`'s entry; setting `nil` removes it.
    subscript(node: GraphNode) -> Value? {
        get { entries.isEmpty ? nil : entries[ObjectIdentifier(node)] }
        set {
            if newValue == nil && entries.isEmpty { return }
            entries[ObjectIdentifier(node)] = newValue
        }
    }

    /// Whether no node has an entry.
    var isEmpty: Bool { entries.isEmpty }

    /// How many entries the storage has room for.
    var capacity: Int { entries.capacity }

    /// Removes every entry.
    mutating func removeAll() { entries.removeAll() }

    /// Gives back storage that an update with many entries grew and that is mostly empty again (a
    /// dictionary keeps its capacity when its entries are removed); a small table is kept for reuse.
    mutating func releaseSpareCapacity() {
        guard entries.capacity > 64 && entries.count < entries.capacity / 8 else { return }
        entries = entries.isEmpty ? [:] : Dictionary(uniqueKeysWithValues: entries.map { ($0.key, $0.value) })
    }
}
