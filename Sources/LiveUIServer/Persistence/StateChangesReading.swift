import Foundation
import LiveUI

/// Written and removed keys as an encoder reads them: a ``StateChanges``, or a graph's changes where the graph
/// keeps them (``PendingStateChanges``), which a commit is encoded from without a ``StateChanges`` made first.
protocol StateChangesReading {
    /// How many keys were written.
    var writtenCount: Int { get }
    /// Calls `body` with each written key and its value, each key once.
    func forEachWritten(_ body: (String, Data) -> Void)
    /// The keys removed; never one of the written.
    var removed: Set<String> { get }
    /// Whether nothing changed.
    var isEmpty: Bool { get }
}

extension StateChanges: StateChangesReading {
    var writtenCount: Int { written.count }

    func forEachWritten(_ body: (String, Data) -> Void) {
        for (key, value) in written { body(key, value) }
    }
}

extension PendingStateChanges: StateChangesReading {}
