extension ViewGraph {
    /// The saved value of `node`'s property in storage slot `slot`, for a new identity of a restored graph;
    /// `nil` when nothing is saved for it or it no longer decodes as `Value` (the property starts fresh).
    func restoredValue<Value>(_: Value.Type, for node: GraphNode, slot: Int) -> Value? {
        guard let persistence, let data = persistence.claim(node, slot: slot) else { return nil }
        return persistence.coder.decode(Value.self, from: data)
    }

    /// Gives a new `@ViewStorage` its saved value, if any, and has its writes noted.
    func track<Value>(_ box: ViewStorageBox<Value>, of node: GraphNode, slot: Int) {
        if let value = restoredValue(Value.self, for: node, slot: slot) { box.value = value }
        box.owner = node.handle
    }
}
