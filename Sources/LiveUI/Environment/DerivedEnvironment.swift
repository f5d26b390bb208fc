/// An environment made from the one a node was given by writing one object into it, kept so that the
/// same parent environment and the same object give the very same environment again. Environments
/// compare by identity: a new one, even with equal contents, would count as a change for every view
/// below and expand them all again.
struct DerivedEnvironment {
    private var parent: EnvironmentValues?
    private var object: AnyObject?
    private var result: EnvironmentValues?

    /// `parent` with `write` applied; the environment returned last time if `parent` and `object` are
    /// the same as then.
    mutating func derive(
        from parent: EnvironmentValues, with object: AnyObject, _ write: (inout EnvironmentValues) -> Void
    ) -> EnvironmentValues {
        if let result, self.parent == parent, self.object === object { return result }
        var derived = parent
        write(&derived)
        self.parent = parent
        self.object = object
        result = derived
        return derived
    }

    /// Forgets the kept environment (it may hold the object that keeps this value: a cycle otherwise).
    mutating func reset() {
        parent = nil
        object = nil
        result = nil
    }
}
