/// Changes to one key→bytes map since it was last saved: keys written with their new bytes, keys removed.
/// A key both written and removed is removed.
package struct KeyChanges: Sendable, Equatable {
    /// Keys whose bytes are new or changed.
    package var written: [String: [UInt8]]
    /// Keys that no longer exist.
    package var removed: Set<String>

    /// Changes writing `written` and removing `removed`.
    package init(written: [String: [UInt8]] = [:], removed: Set<String> = []) {
        self.written = written
        self.removed = removed
    }

    /// Whether nothing changed.
    package var isEmpty: Bool { written.isEmpty && removed.isEmpty }

    /// `self` applied to `map`.
    package func applied(to map: [String: [UInt8]]) -> [String: [UInt8]] {
        var map = map
        for (key, bytes) in written where !removed.contains(key) { map[key] = bytes }
        for key in removed { map[key] = nil }
        return map
    }
}
