/// What `@SceneStorage` and `@AppStorage` share: the key, the default, how the value is stored, and the
/// storage the node's copy of the view reads.
struct StoredProperty<Value> {
    typealias Scope = StoredScope

    let key: String
    let defaultValue: Value
    let coding: StoredValueCoding<Value>
    let scope: Scope
    /// The node's storage, taken for the node's copy alone before it is written when another copy shares
    /// it (as ``StateObject`` does).
    var link = Link()

    final class Link {
        var location: StoredValueLocation<Value>?
    }

    init(key: String, defaultValue: Value, coding: StoredValueCoding<Value>, scope: Scope) {
        self.key = key
        self.defaultValue = defaultValue
        self.coding = coding
        self.scope = scope
    }

    /// The stored value, or the default outside a graph and when nothing is stored.
    var value: Value { link.location?.get() ?? defaultValue }

    /// Writes the container (outside a graph the write goes nowhere, as a `@State`'s does).
    func set(_ newValue: Value) { link.location?.set(newValue) }

    var binding: Binding<Value> {
        guard let location = link.location else { return .constant(defaultValue) }
        return Binding(location: location)
    }

    mutating func link(to node: GraphNode, slot: Int, name: String) -> Bool {
        if !isKnownUniquelyReferenced(&link) { link = Link() }
        let (key, defaultValue, coding, scope) = (self.key, self.defaultValue, self.coding, self.scope)
        link.location = StorageLinker.slot(node, slot) {
            StoredValueLocation(
                values: node.graph.storedValues(scope), key: key, defaultValue: defaultValue, coding: coding,
                owner: node, name: name)
        }
        return false
    }
}

/// Which container a stored property reads: its scene's (session's) or its app's (browser's).
enum StoredScope {
    case scene, app
}

extension ViewGraph {
    /// The graph's `@SceneStorage` or `@AppStorage` container (a fresh one if the session was given none).
    func storedValues(_ scope: StoredScope) -> StoredValues {
        switch scope {
        case .scene:
            if let sceneStorage { return sceneStorage }
            let made = StoredValues()
            sceneStorage = made
            return made
        case .app:
            if let appStorage { return appStorage }
            let made = StoredValues()
            appStorage = made
            return made
        }
    }
}
