/// An environment made from the one a node was given by writing one value into it, kept so that the
/// same parent environment and the same value give the very same environment again. Environments
/// compare by identity: a new one, even with equal contents, would count as a change for every view
/// below and expand them all again.
struct DerivedEnvironment<Written> {
    private var parent: EnvironmentValues?
    private var written: Written?
    private var result: EnvironmentValues?

    /// `parent` with `write` applied; the environment returned last time if `parent` is the same
    /// environment and `same` says `value` is the value written then.
    mutating func derive(
        from parent: EnvironmentValues, writing value: Written, same: (Written, Written) -> Bool,
        _ write: (inout EnvironmentValues) -> Void
    ) -> EnvironmentValues {
        if let result, self.parent == parent, let written, same(written, value) { return result }
        var derived = parent
        write(&derived)
        self.parent = parent
        written = value
        result = derived
        return derived
    }

    /// Forgets the kept environment (it may hold the object that keeps this value: a cycle otherwise).
    mutating func reset() {
        parent = nil
        written = nil
        result = nil
    }
}

extension DerivedEnvironment where Written: AnyObject {
    /// `parent` with `write` applied; the environment returned last time if `parent` is the same
    /// environment and `object` the object written then.
    mutating func derive(
        from parent: EnvironmentValues, writing object: Written, _ write: (inout EnvironmentValues) -> Void
    ) -> EnvironmentValues {
        derive(from: parent, writing: object, same: { $0 === $1 }, write)
    }
}
