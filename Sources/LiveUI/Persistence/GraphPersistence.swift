import Foundation

/// What a graph keeps to save its state by identity (see ``SavedState``): made only for sessions that save
/// state, so that every hook elsewhere costs one `nil` check when saving is off.
///
/// It mirrors the saved values (the store's copy, by key): a node whose state may have changed (a dirty node,
/// a new identity, a written `@ViewStorage`) is noted, and encoded again when changes are collected; only keys
/// whose bytes differ from the mirror's are reported. Touched only on the graph's queue, so that its stored
/// properties skip the run-time exclusivity checks, as ``GraphNode``'s do.
final class GraphPersistence {
    // make bench, unchecked exclusivity of the tables a click's save reads and writes: −760 instructions per
    // counter click with a durable store (bench/instructions.py --store sqlite:…).
    let coder = StateCoder()

    /// One saved key's value as the store has it once the pending changes are written. The keys a node's
    /// properties are saved under keep theirs (``SlotKeys``): a save compares and updates a value, and notes
    /// it as pending, without looking its key up (hashing a key twice per changed value cost more than the
    /// rest of collecting a click's change).
    final class Saved {
        let key: String
        @exclusivity(unchecked) var bytes: Data
        /// Listed in ``pendingWrites``: written since the last take.
        @exclusivity(unchecked) var isPending = false
        /// Still in ``mirror``: a removed key's value is never written through it again (a new one is made).
        @exclusivity(unchecked) var isLive = true

        init(key: String, bytes: Data) {
            self.key = key
            self.bytes = bytes
        }
    }

    /// The saved values as the store has them once the pending changes are written.
    @exclusivity(unchecked) private var mirror: [String: Saved]
    /// Restored values no identity has claimed yet; those still unclaimed once the restored graph is built
    /// belong to identities that did not come back, and are removed.
    @exclusivity(unchecked) private var unclaimed: [String: Data]
    private var restoring: Bool
    /// Nodes whose state may have changed since the last collection.
    @exclusivity(unchecked) private var touched: [ObjectIdentifier: GraphNode] = [:]
    /// Per node saved before, the keys of its properties by storage slot and their values: a node's key path
    /// never changes, and working it out again for every save cost more than the rest of collecting a click's
    /// change. An entry belongs to the node whose handle carries its serial (``GraphNode/savedKeysSerial``):
    /// a later node at a freed node's address has another. Dropped when the node's identity ends or its row
    /// goes to sleep (``forget(_:)``); should entries of nodes freed otherwise pile up, they are all dropped.
    @exclusivity(unchecked) private var slotKeys: [ObjectIdentifier: SlotKeys] = [:]
    private var slotKeysLimit = 64
    private var lastSerial: UInt32 = 0

    private final class SlotKeys {
        let serial: UInt32
        let keys: [String]
        /// Each key's value, once saved through this entry.
        @exclusivity(unchecked) var saved: [Saved?]

        init(serial: UInt32, keys: [String]) {
            self.serial = serial
            self.keys = keys
            saved = Array(repeating: nil, count: keys.count)
        }
    }
    /// Values written since the last take, in the order first written (a removed one stays listed, no
    /// longer pending); how many of them are pending; and the keys removed since.
    @exclusivity(unchecked) private var pendingWrites: [Saved] = []
    @exclusivity(unchecked) private var pendingCount = 0
    @exclusivity(unchecked) private var pendingRemoved: Set<String> = []
    /// The types of state that is not saved, in the order first met.
    private(set) var unsavedTypes: [String] = []
    private var unsavedTypeSet: Set<String> = []
    private var loggedUnstable = false
    /// Set while the graph closes: identities ending then are not removed from the store (the session may
    /// resume elsewhere).
    var isClosing = false
    private let log: (String) -> Void

    /// Types already logged as not saved, by the whole process (each is logged once).
    private static let loggedTypes = Locked<Set<String>>([])

    init(restoring saved: SavedState, log: @escaping (String) -> Void) {
        var mirror: [String: Saved] = [:]
        mirror.reserveCapacity(saved.values.count)
        for (key, bytes) in saved.values { mirror[key] = Saved(key: key, bytes: bytes) }
        self.mirror = mirror
        unclaimed = saved.values
        restoring = !saved.values.isEmpty
        self.log = log
    }

    // MARK: Restoring

    /// The saved bytes of `node`'s property in storage slot `slot`, claimed (a new identity asks once); notes
    /// the node as new.
    func claim(_ node: GraphNode, slot: Int) -> Data? {
        touch(node)
        guard !unclaimed.isEmpty, let key = key(of: node, slot: slot) else { return nil }
        return unclaimed.removeValue(forKey: key)
    }

    /// The saved bytes of `node`'s behavior of type `B`, claimed.
    func claim<B: PersistableBehavior>(_: B.Type, of node: GraphNode) -> Data? {
        touch(node)
        guard !unclaimed.isEmpty, let prefix = StateKey.prefix(of: node.identity) else { return nil }
        return unclaimed.removeValue(forKey: prefix + B.savedName)
    }

    /// The key of `node`'s property in slot `slot`: its name, with the slot appended when an earlier
    /// property of the view has the same name (two uses of one custom `DynamicProperty`).
    private func key(of node: GraphNode, slot: Int) -> String? {
        let names = LinkPlan.plan(for: node.info.type).names
        guard slot < names.count, let prefix = StateKey.prefix(of: node.identity) else { return nil }
        return prefix + Self.propertyKey(names, slot)
    }

    static func propertyKey(_ names: [String], _ slot: Int) -> String {
        let name = names[slot]
        return names[..<slot].contains(name) ? "\(name)#\(slot)" : name
    }

    // MARK: Noting changes

    /// Notes that `node`'s state may have changed.
    func touch(_ node: GraphNode) {
        touched[ObjectIdentifier(node)] = node
    }

    /// Notes nodes about to be evaluated again (a write made them dirty).
    func touch(_ nodes: ReferenceList<GraphNode>) {
        for node in nodes { touch(node) }
    }

    /// `node` goes away with its row, which goes to sleep (its identity and saved values stay).
    func forget(_ node: GraphNode) {
        touched[ObjectIdentifier(node)] = nil
        slotKeys[ObjectIdentifier(node)] = nil
    }

    /// `node`'s identity ends: its saved values are removed, and those of the sleeping rows below it.
    func end(_ node: GraphNode) {
        forget(node)
        guard !isClosing, !mirror.isEmpty || !unclaimed.isEmpty else { return }
        let hasRows = node.hasSleepingRows
        let behaviors = node.behaviors.values.compactMap { $0 as? any PersistableBehavior }
        guard hasRows || node.hasStorage || !behaviors.isEmpty else { return }
        let identity = node.identity
        guard let path = StateKey.path(of: identity) else { return }
        let prefix = path + StateKey.separator + StateKey.typeName(identity.viewType) + "."
        let names = node.linkedPropertyNames
        for slot in names.indices { remove(prefix + Self.propertyKey(names, slot)) }
        for behavior in behaviors { remove(prefix + type(of: behavior).savedName) }
        if hasRows { removeKeys(under: path) }
    }

    /// Removes the keys of every identity below the node whose path is `path`, except those `keeping` holds.
    func removeKeys(under path: String, keeping: Set<String> = []) {
        let start = path + " "
        for key in mirror.keys where key.hasPrefix(start) && !keeping.contains(key) { remove(key) }
        for key in unclaimed.keys where key.hasPrefix(start) { unclaimed[key] = nil }
    }

    /// After sleeping rows of `container` woke and some did not come back: removes the keys below it that
    /// no node there has.
    func prune(below container: GraphNode) {
        collect()
        guard let path = StateKey.path(of: container.identity) else { return }
        var live: Set<String> = []
        func walk(_ node: GraphNode) {
            if node.hasStorage, let prefix = StateKey.prefix(of: node.identity) {
                let names = node.linkedPropertyNames
                for slot in names.indices { live.insert(prefix + Self.propertyKey(names, slot)) }
            }
            for child in node.children { walk(child) }
        }
        for child in container.children { walk(child) }
        removeKeys(under: path, keeping: live)
    }

    private func remove(_ key: String) {
        guard let saved = mirror.removeValue(forKey: key) else { return }
        saved.isLive = false
        if saved.isPending {
            saved.isPending = false
            pendingCount -= 1
        }
        pendingRemoved.insert(key)
    }

    // MARK: Collecting

    /// Encodes the state of the nodes noted since the last call, and records what differs from the mirror.
    /// Once the restored graph is built, restored values no identity claimed are removed.
    func collect(rootMounted: Bool = true) {
        if !touched.isEmpty {
            // Saving touches nothing: the nodes are read where they are, and the table keeps its storage.
            for node in touched.values where node.isMounted { save(node) }
            touched.removeAll(keepingCapacity: true)
        }
        if restoring && rootMounted {
            restoring = false
            for key in unclaimed.keys { remove(key) }
            unclaimed = [:]
        }
    }

    private func save(_ node: GraphNode) {
        let behaviors = node.behaviors.values.compactMap { $0 as? any PersistableBehavior }
        guard node.hasStorage || !behaviors.isEmpty else { return }
        let id = ObjectIdentifier(node)
        let known = slotKeys[id].flatMap { $0.serial == node.savedKeysSerial ? $0 : nil }
        let entry: SlotKeys
        if behaviors.isEmpty, let known {
            entry = known
        } else {
            guard let prefix = StateKey.prefix(of: node.identity) else {
                if !loggedUnstable {
                    loggedUnstable = true
                    log("LiveUI: the state of \(node.info.name) at \(node.identity) and others is not saved: an id on its path has no form another process can find again (give ids a Codable or string form)")
                }
                return
            }
            for behavior in behaviors {
                guard let value = behavior.savedValue(coder) else { continue }
                _ = record(prefix + type(of: behavior).savedName, value)
            }
            guard node.hasStorage else { return }
            if let known {
                entry = known
            } else {
                let names = node.linkedPropertyNames
                if slotKeys.count >= slotKeysLimit {
                    // Entries of nodes freed without ``forget(_:)``: all dropped, the live ones made again as they save.
                    slotKeys.removeAll()
                    slotKeysLimit = 2 * slotKeysLimit
                }
                lastSerial = lastSerial == .max ? 1 : lastSerial + 1
                node.savedKeysSerial = lastSerial
                entry = SlotKeys(serial: lastSerial, keys: names.indices.map { prefix + Self.propertyKey(names, $0) })
                slotKeys[id] = entry
            }
        }
        for (slot, object) in node.slots.enumerated() where slot < entry.keys.count {
            guard let storage = object as? any PersistableStorage, let value = storage.savedValue(coder) else { continue }
            if let saved = entry.saved[slot], saved.isLive {
                guard case .bytes(let data) = value else {
                    record(value)
                    continue
                }
                write(saved, data)
            } else {
                entry.saved[slot] = record(entry.keys[slot], value)
            }
        }
    }

    /// Records `value` for `key`; returns the key's ``Saved`` when it has one.
    @discardableResult
    private func record(_ key: String, _ value: SavedValue) -> Saved? {
        guard case .bytes(let data) = value else {
            record(value)
            return nil
        }
        // One lookup of the key for both the comparison and the update.
        if let index = mirror.index(forKey: key) {
            let saved = mirror.values[index]
            write(saved, data)
            return saved
        }
        let saved = Saved(key: key, bytes: data)
        mirror[key] = saved
        if !pendingRemoved.isEmpty { pendingRemoved.remove(key) }
        pending(saved)
        return saved
    }

    /// Notes a value that is not saved.
    private func record(_ value: SavedValue) {
        if case .notCodable(let type) = value { noteUnsaved(type) }
    }

    /// `saved`'s value is now `data`: pending unless it was that already.
    private func write(_ saved: Saved, _ data: Data) {
        guard saved.bytes != data else { return }
        saved.bytes = data
        pending(saved)
    }

    private func pending(_ saved: Saved) {
        guard !saved.isPending else { return }
        saved.isPending = true
        pendingWrites.append(saved)
        pendingCount += 1
    }

    private func noteUnsaved(_ type: String) {
        guard unsavedTypeSet.insert(type).inserted else { return }
        unsavedTypes.append(type)
        let first = Self.loggedTypes.withLock { $0.insert(type).inserted }
        if first { log("LiveUI: state of type \(type) is not saved (not Codable): it starts fresh when a session resumes") }
    }

    /// `node`'s properties that are not saved, as `name: Type` (what the inspector shows).
    func unsavedProperties(of node: GraphNode) -> [String] {
        let names = node.linkedPropertyNames
        var unsaved: [String] = []
        for (slot, object) in node.slots.enumerated() where slot < names.count {
            guard let storage = object as? any PersistableStorage, case .notCodable(let type)? = storage.savedValue(coder)
            else { continue }
            unsaved.append("\(names[slot]): \(type)")
        }
        return unsaved
    }

    // MARK: Taking

    /// The saved values as the store has them once the pending changes are written.
    var savedValues: [String: Data] { mirror.mapValues(\.bytes) }

    /// The changes since the last take.
    func take() -> StateChanges {
        take { pending in
            var written: [String: Data] = [:]
            written.reserveCapacity(pending.writtenCount)
            pending.forEachWritten { written[$0] = $1 }
            return StateChanges(written: written, removed: pending.removed)
        }
    }

    /// Calls `body` with the changes since the last take, read where they are kept, then clears them.
    func take<R>(_ body: (PendingStateChanges) -> R) -> R {
        defer {
            for saved in pendingWrites { saved.isPending = false }
            pendingWrites.removeAll(keepingCapacity: true)
            pendingCount = 0
            if !pendingRemoved.isEmpty { pendingRemoved = [] }
        }
        return body(PendingStateChanges(writes: pendingWrites, writtenCount: pendingCount, removed: pendingRemoved))
    }
}
