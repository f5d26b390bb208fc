import Foundation

/// A graph's saved state: the encoded value of every saved property, by a key that names the property's
/// identity the same way in every process (see `docs/durable-state.md`).
///
/// A value is the JSON encoding of the property's value. Keys and values are opaque to a store: it keeps
/// them as they are and hands them back to ``LiveSession/init(request:changeLog:sleepingRowMinimum:persistence:_:)``.
public struct SavedState: Sendable, Codable, Equatable {
    /// The encoded values by key.
    public var values: [String: Data]

    /// Saved state holding `values` (empty: a fresh graph).
    public init(values: [String: Data] = [:]) { self.values = values }

    /// Whether nothing is saved.
    public var isEmpty: Bool { values.isEmpty }

    /// Applies `changes` (written keys replace or add their values, removed keys go): what a store holding
    /// this state holds after it writes them.
    public mutating func apply(_ changes: StateChanges) {
        for key in changes.removed { values[key] = nil }
        for (key, value) in changes.written { values[key] = value }
    }
}

/// What changed in a graph's saved state (or in a ``StoredValues`` container) since the previous take:
/// only keys whose encoded value changed are written, and keys whose identity ended are removed.
public struct StateChanges: Sendable, Equatable {
    /// Keys whose value is new or changed, with the new encoded value.
    public var written: [String: Data]
    /// Keys that no longer exist (their identity ended). A key is never in both lists.
    public var removed: Set<String>

    /// Changes writing `written` and removing `removed`.
    public init(written: [String: Data] = [:], removed: Set<String> = []) {
        self.written = written
        self.removed = removed
    }

    /// Whether nothing changed.
    public var isEmpty: Bool { written.isEmpty && removed.isEmpty }

    /// Records a new value for `key`.
    mutating func write(_ key: String, _ value: Data) {
        written[key] = value
        // Hashing a long key is most of the cost: skip it when nothing was removed.
        if !removed.isEmpty { removed.remove(key) }
    }

    /// Records that `key` ended.
    mutating func remove(_ key: String) {
        written[key] = nil
        removed.insert(key)
    }
}
