/// The result of one flush of a session's graph: the patches that turn the previous HTML into the new one.
public struct Update: Sendable, Hashable, Codable {
    /// Grows by one per flush that produced patches; an update with no patches carries the current version.
    public var version: Int
    /// The patches, in the order they must be applied.
    public var patches: [Patch]

    /// Creates an update.
    public init(version: Int, patches: [Patch]) {
        self.version = version
        self.patches = patches
    }

    /// `{"version":…,"patches":[…]}`, the wire form.
    public var json: String {
        "{\"version\":\(version),\"patches\":[" + patches.map(\.json).joined(separator: ",") + "]}"
    }

    /// The total size of the patches' JSON in bytes.
    public var patchBytes: Int { patches.reduce(0) { $0 + $1.json.utf8.count } }
}
