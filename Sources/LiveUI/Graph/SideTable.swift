/// Per-node data that few nodes have at any time (pending change names, elements waiting to be diffed,
/// lifecycle helpers, failures, environment reads), kept by the graph instead of in every node.
///
/// Reading or clearing a node's entry while the table is empty (most of the time) does not hash, and
/// neither does anything while it holds a few entries (an event usually changes one node): see
/// ``ShortTable``.
typealias SideTable<Value> = ShortTable<ObjectIdentifier, Value>

extension ShortTable where Key == ObjectIdentifier {
    /// `node`'s entry; setting `nil` removes it.
    subscript(node: GraphNode) -> Value? {
        get { self[ObjectIdentifier(node)] }
        set { self[ObjectIdentifier(node)] = newValue }
    }

    /// Calls `body` with `node`'s entry where it is stored, without copying it; `nil` when `node` has none.
    func withValue<Result>(for node: GraphNode, _ body: (Value) -> Result) -> Result? {
        withValue(forKey: ObjectIdentifier(node), body)
    }

    /// Removes `node`'s entry and returns it (moved out, not copied); `nil` when `node` has none.
    mutating func removeValue(for node: GraphNode) -> Value? {
        removeValue(forKey: ObjectIdentifier(node))
    }
}
