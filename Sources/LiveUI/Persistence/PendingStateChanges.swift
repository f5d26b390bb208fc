import Foundation

/// The changes to a graph's saved state since the last take, as the graph keeps them: what a
/// ``StateChanges`` holds, for the server to encode straight into a store's commit without making one.
package struct PendingStateChanges {
    private let writes: [GraphPersistence.Saved]
    /// How many keys were written.
    package let writtenCount: Int
    /// The keys removed; never one of the written.
    package let removed: Set<String>

    init(writes: [GraphPersistence.Saved], writtenCount: Int, removed: Set<String>) {
        self.writes = writes
        self.writtenCount = writtenCount
        self.removed = removed
    }

    /// No changes.
    package init() {
        self.init(writes: [], writtenCount: 0, removed: [])
    }

    /// Whether nothing changed.
    package var isEmpty: Bool { writtenCount == 0 && removed.isEmpty }

    /// Calls `body` with each written key and its value, each key once, in the order first written.
    package func forEachWritten(_ body: (String, Data) -> Void) {
        for saved in writes where saved.isPending { body(saved.key, saved.bytes) }
    }
}
