/// Counters that show how much work a session did; they only grow.
public struct Statistics: Sendable, Hashable {
    /// Body evaluations per view type, keyed by `String(describing:)` of the type.
    public var bodyEvaluations: [String: Int] = [:]
    /// Flushes that produced at least one patch.
    public var flushes = 0
    /// Events accepted.
    public var events = 0
    /// Patches emitted.
    public var patches = 0
    /// Bytes of patch JSON emitted.
    public var patchBytes = 0
    /// Nodes alive in the graph right now.
    public var liveNodes = 0

    /// Body evaluations of all view types together.
    public var totalBodyEvaluations: Int { bodyEvaluations.values.reduce(0, +) }

    /// Creates empty statistics.
    public init() {}
}
