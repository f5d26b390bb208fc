/// Element nodes by accessibility identifier (`.accessibilityIdentifier(_:)`), the names events and
/// tests address controls by.
///
/// An identifier normally names one element; that node is kept without a list of its own. Several
/// nodes may share an identifier (an event addressed to it is then ambiguous).
struct AccessibilityIndex {
    private enum Entry {
        case one(GraphNode)
        case many([GraphNode])
    }

    private var entries: [String: Entry] = [:]

    /// The nodes tagged `identifier`, in the order they were tagged.
    subscript(identifier: String) -> [GraphNode] {
        switch entries[identifier] {
        case nil: []
        case .one(let node): [node]
        case .many(let nodes): nodes
        }
    }

    /// Moves `node` from the identifier `old` to `new` (either may be `nil`).
    mutating func move(_ node: GraphNode, from old: String?, to new: String?) {
        guard old != new else { return }
        if let old { remove(node, from: old) }
        if let new { add(node, to: new) }
    }

    private mutating func add(_ node: GraphNode, to identifier: String) {
        switch entries[identifier] {
        case nil: entries[identifier] = .one(node)
        case .one(let first): entries[identifier] = .many([first, node])
        case .many(var nodes):
            entries[identifier] = nil  // keeps `nodes` uniquely referenced while it grows
            nodes.append(node)
            entries[identifier] = .many(nodes)
        }
    }

    private mutating func remove(_ node: GraphNode, from identifier: String) {
        switch entries[identifier] {
        case nil: return
        case .one(let only): if only === node { entries[identifier] = nil }
        case .many(var nodes):
            entries[identifier] = nil
            nodes.removeAll { $0 === node }
            if nodes.count == 1 {
                entries[identifier] = .one(nodes[0])
            } else if !nodes.isEmpty {
                entries[identifier] = .many(nodes)
            }
        }
    }
}
