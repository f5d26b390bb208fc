/// Element nodes by accessibility identifier (`.accessibilityIdentifier(_:)`), the names events and
/// tests address controls by.
///
/// An identifier normally names one element, kept without a list of its own. Several nodes may
/// share an identifier (an event addressed to it is then ambiguous).
///
/// The index is built on the first event addressed by identifier and kept from then on: a browser
/// addresses elements by `data-lid`, so its sessions never pay for it. A page with a few identifiers
/// finds one without hashing it (``ShortTable``).
struct AccessibilityIndex {
    private var entries = ShortTable<String, ReferenceList<GraphNode>>()
    /// Whether the index is built and kept up to date (``move(_:from:to:)`` does nothing before).
    private(set) var isBuilt = false

    /// The nodes tagged `identifier`: in tree order as the index was built, then in the order they were tagged.
    subscript(identifier: String) -> ReferenceList<GraphNode> { entries[identifier] ?? ReferenceList() }

    /// Builds the index from every tagged element node, in tree order, and keeps it from now on.
    mutating func build(_ tagged: [(identifier: String, node: GraphNode)]) {
        isBuilt = true
        for (identifier, node) in tagged { entries.modify(forKey: identifier, default: ReferenceList()) { $0.append(node) } }
    }

    /// Moves `node` from the identifier `old` to `new` (either may be `nil`), once the index is built
    /// (before, neither identifier is looked for).
    mutating func move(_ node: GraphNode, from old: @autoclosure () -> String?, to new: @autoclosure () -> String?) {
        guard isBuilt else { return }
        let (old, new) = (old(), new())
        guard old != new else { return }
        if let old, entries.modifyExisting(forKey: old, { $0.removeAll(identicalTo: node); return $0.isEmpty }) == true {
            entries[old] = nil
        }
        if let new { entries.modify(forKey: new, default: ReferenceList()) { $0.append(node) } }
    }
}
