/// The environment entries a view's body read (through `@Environment`, `@EnvironmentObject` …): what
/// the view depends on in its environment. A new environment changes the view only if one of those
/// keys now resolves to a different entry, as SwiftUI re-evaluates only the views that read a changed
/// environment value.
struct EnvironmentDependencies {
    private var reads: [(key: ObjectIdentifier, entry: EnvironmentValues.Entry?)] = []

    /// Notes that `key` was read and resolved to `entry` (`nil`: the key's default).
    mutating func record(_ key: ObjectIdentifier, _ entry: EnvironmentValues.Entry?) {
        if !reads.contains(where: { $0.key == key }) { reads.append((key, entry)) }
    }

    /// Whether a value read before is a different one in `environment`.
    func changed(in environment: EnvironmentValues) -> Bool {
        reads.contains { environment.entry(for: $0.key) !== $0.entry }
    }
}
