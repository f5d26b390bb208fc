import Foundation

/// What a graph keeps to save its state by identity (see ``SavedState``): made only for sessions that save
/// state, so that every hook elsewhere costs one `nil` check when saving is off.
///
/// It mirrors the saved values (the store's copy, by key): a node whose state may have changed (a dirty node,
/// a new identity, a written `@ViewStorage`) is noted, and encoded again when changes are collected; only keys
/// whose bytes differ from the mirror's are reported. Touched only on the graph's queue.
final class GraphPersistence {
    let coder = StateCoder()
    /// The saved values as the store has them once the pending changes are written.
    private(set) var mirror: [String: Data]
    /// Restored values no identity has claimed yet; those still unclaimed once the restored graph is built
    /// belong to identities that did not come back, and are removed.
    private var unclaimed: [String: Data]
    private var restoring: Bool
    /// Nodes whose state may have changed since the last collection.
    private var touched: [ObjectIdentifier: GraphNode] = [:]
    /// Per node saved before, the keys of its properties by storage slot: a node's key path never changes,
    /// and working it out again for every save cost more than the rest of collecting a click's change.
    /// Dropped when the node's identity ends; a node freed without that (a row put to sleep) is told apart
    /// from a later one at its address by the weak reference, and such entries are purged as they pile up.
    private var slotKeys: [ObjectIdentifier: SlotKeys] = [:]
    private var slotKeysPurgedAt = 0

    private struct SlotKeys {
        weak var node: GraphNode?
        let keys: [String]
    }
    /// Changes collected since the last take.
    private var pending = StateChanges()
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
        mirror = saved.values
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

    /// `node`'s identity ends: its saved values are removed, and those of the sleeping rows below it.
    func end(_ node: GraphNode) {
        touched[ObjectIdentifier(node)] = nil
        slotKeys[ObjectIdentifier(node)] = nil
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
        if mirror.removeValue(forKey: key) != nil { pending.remove(key) } else { pending.written[key] = nil }
    }

    // MARK: Collecting

    /// Encodes the state of the nodes noted since the last call, and records what differs from the mirror.
    /// Once the restored graph is built, restored values no identity claimed are removed.
    func collect(rootMounted: Bool = true) {
        if !touched.isEmpty {
            let nodes = touched.values
            touched = [:]
            for node in nodes where node.isMounted { save(node) }
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
        let known = slotKeys[id].flatMap { $0.node === node ? $0.keys : nil }
        let keys: [String]
        if behaviors.isEmpty, let known {
            keys = known
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
                record(prefix + type(of: behavior).savedName, value)
            }
            guard node.hasStorage else { return }
            if let known {
                keys = known
            } else {
                let names = node.linkedPropertyNames
                keys = names.indices.map { prefix + Self.propertyKey(names, $0) }
                if slotKeys.count > 2 * slotKeysPurgedAt + 64 {
                    slotKeys = slotKeys.filter { $0.value.node != nil }
                    slotKeysPurgedAt = slotKeys.count
                }
                slotKeys[id] = SlotKeys(node: node, keys: keys)
            }
        }
        for (slot, object) in node.slots.enumerated() where slot < keys.count {
            guard let storage = object as? any PersistableStorage, let value = storage.savedValue(coder) else { continue }
            record(keys[slot], value)
        }
    }

    private func record(_ key: String, _ value: SavedValue) {
        switch value {
        case .bytes(let data):
            // One lookup of the key for both the comparison and the update.
            if let index = mirror.index(forKey: key) {
                guard mirror.values[index] != data else { return }
                mirror.values[index] = data
            } else {
                mirror[key] = data
            }
            pending.write(key, data)
        case .notCodable(let type):
            noteUnsaved(type)
        }
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

    /// The changes since the last take.
    func take() -> StateChanges {
        defer { pending = StateChanges() }
        return pending
    }
}
