import Foundation

/// The values of `@SceneStorage` (one container per scene: here per browser session, shared by all its
/// pages) or of `@AppStorage` (one per browser), shared by every graph given it.
///
/// A write notes the key as changed for a store (``takeChanges()``) and re-evaluates every view that reads
/// the key, in every graph, each on its own graph's queue. Safe to use from any thread.
///
/// ```swift
/// let scene = StoredValues(encoded: savedScene)          // or StoredValues() for a fresh scene
/// let session = LiveSession(persistence: StatePersistence(sceneStorage: scene)) { ContentView() }
/// ```
public final class StoredValues: Sendable {
    private struct State {
        var values: [String: StoredValue] = [:]
        var changes = StateChanges()
        /// The views reading each key, by the identity of their storage.
        var readers: [String: [ObjectIdentifier: Reader]] = [:]
    }

    /// A view reading a key: its node and the property's name, the reason its re-evaluation gives.
    struct Reader: Sendable {
        let node: WeakNode
        let name: String
    }

    private let state: Locked<State>

    /// A container holding `encoded`, values a store kept (``encodedValues``); a value that does not decode
    /// is left out (its key reads as its property's default).
    public init(encoded: [String: Data] = [:]) {
        var values: [String: StoredValue] = [:]
        let decoder = JSONDecoder()
        for (key, data) in encoded {
            if let value = try? decoder.decode(StoredValue.self, from: data) { values[key] = value }
        }
        state = Locked(State(values: values))
    }

    /// Every value, encoded as a store keeps it.
    public var encodedValues: [String: Data] {
        let values = state.withLock { $0.values }
        return values.compactMapValues(Self.encode)
    }

    /// The keys written (with their encoded values) and removed since the last call.
    public func takeChanges() -> StateChanges {
        state.withLock { state in
            defer { state.changes = StateChanges() }
            return state.changes
        }
    }

    /// The value under `key`, if any.
    func value(for key: String) -> StoredValue? { state.withLock { $0.values[key] } }

    /// Sets `key` to `value` (`nil` removes it); readers of the key are re-evaluated if it changed.
    func set(_ key: String, _ value: StoredValue?) {
        let readers = state.withLock { state -> [Reader] in
            guard state.values[key] != value else { return [] }
            state.values[key] = value
            if let value, let data = Self.encode(value) { state.changes.write(key, data) } else { state.changes.remove(key) }
            return state.readers[key].map { Array($0.values) } ?? []
        }
        for reader in readers { reader.node.invalidateFromAnyThread(reader.name) }
    }

    /// Notes a view that reads `key`, until ``removeReader(_:key:)``.
    func addReader(_ reader: Reader, id: ObjectIdentifier, key: String) {
        state.withLock { $0.readers[key, default: [:]][id] = reader }
    }

    func removeReader(_ id: ObjectIdentifier, key: String) {
        state.withLock { state in
            state.readers[key]?[id] = nil
            if state.readers[key]?.isEmpty == true { state.readers[key] = nil }
        }
    }

    private static func encode(_ value: StoredValue) -> Data? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try? encoder.encode(value)
    }
}

/// The storage behind one `@SceneStorage` or `@AppStorage` property: the container, the key, and the
/// property's default; a binding location reading and writing the container.
final class StoredValueLocation<Value>: BindingLocation<Value>, ReleasableStorage {
    let values: StoredValues
    let key: String
    let defaultValue: Value
    let coding: StoredValueCoding<Value>

    init(values: StoredValues, key: String, defaultValue: Value, coding: StoredValueCoding<Value>, owner: GraphNode, name: String) {
        self.values = values
        self.key = key
        self.defaultValue = defaultValue
        self.coding = coding
        super.init()
        values.addReader(StoredValues.Reader(node: WeakNode(owner), name: name), id: ObjectIdentifier(self), key: key)
    }

    override func get() -> Value { values.value(for: key).flatMap(coding.load) ?? defaultValue }
    override func set(_ newValue: Value) { values.set(key, coding.store(newValue)) }
    override var identity: AnyHashable? { ObjectIdentifier(self) }

    func release() { values.removeReader(ObjectIdentifier(self), key: key) }
}
