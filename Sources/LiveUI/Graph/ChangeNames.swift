/// What changed since a node's last evaluation (`_count`, `@dependencies`, `@self`), each name once,
/// in the order `_printChanges()` prints them. One name (a single write: most updates) is kept
/// without an array.
package struct ChangeNames: Sequence {
    private var first: String?
    private var rest: [String] = []

    /// No change.
    package init() {}

    /// The given names, in order.
    init(_ names: [String]) {
        for name in names { append(name) }
    }

    /// Whether nothing changed.
    package var isEmpty: Bool { first == nil }

    /// Whether `name` is among the changes.
    package func contains(_ name: String) -> Bool { first == name || rest.contains(name) }

    /// Adds `name` last, unless it is already there.
    package mutating func append(_ name: String) {
        guard let first else {
            self.first = name
            return
        }
        if first != name && !rest.contains(name) { rest.append(name) }
    }

    /// Adds `name` first, unless it is already there.
    package mutating func prepend(_ name: String) {
        guard !contains(name) else { return }
        if let first { rest.insert(first, at: 0) }
        first = name
    }

    /// Forgets every change.
    package mutating func removeAll() {
        first = nil
        if !rest.isEmpty { rest.removeAll() }
    }

    package func makeIterator() -> IndexingIterator<[String]> {
        guard let first else { return [].makeIterator() }
        return ([first] + rest).makeIterator()
    }
}
