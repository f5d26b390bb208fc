/// Element nodes by accessibility identifier (`.accessibilityIdentifier(_:)`), the names events and
/// tests address controls by.
///
/// An identifier normally names one element, kept without a list of its own. Several nodes may
/// share an identifier (an event addressed to it is then ambiguous).
struct AccessibilityIndex {
    private var entries: [String: ReferenceList<GraphNode>] = [:]

    /// The nodes tagged `identifier`, in the order they were tagged.
    subscript(identifier: String) -> ReferenceList<GraphNode> { entries[identifier] ?? ReferenceList() }

    /// Moves `node` from the identifier `old` to `new` (either may be `nil`).
    mutating func move(_ node: GraphNode, from old: String?, to new: String?) {
        guard old != new else { return }
        if let old {
            entries[old]?.removeAll(identicalTo: node)
            if entries[old]?.isEmpty == true { entries[old] = nil }
        }
        if let new { entries[new, default: ReferenceList()].append(node) }
    }
}
