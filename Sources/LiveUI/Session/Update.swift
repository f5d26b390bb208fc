/// The result of one flush of a session's graph: the patches that turn the previous HTML into the new one.
public struct Update: Sendable {
    /// Grows by one per flush that produced patches; an update with no patches carries the current version.
    public var version: Int
    /// The patches, in the order they must be applied.
    public var patches: [Patch] {
        didSet { encodedPatches = patches.map(\.json) }
    }
    /// Each patch's JSON, made once per update (the answer, the stream and the statistics all need it).
    private var encodedPatches: [String]

    /// Creates an update.
    public init(version: Int, patches: [Patch]) {
        self.version = version
        self.patches = patches
        self.encodedPatches = patches.map(\.json)
    }

    /// The patches as one JSON array: `[{…},{…}]`.
    public var patchesJSON: String {
        var out = ""
        out.reserveCapacity(patchesJSONSize)
        appendPatchesJSON(to: &out)
        return out
    }

    /// The size in bytes of ``patchesJSON``.
    private var patchesJSONSize: Int { patchBytes + max(1, encodedPatches.count) + 1 }

    /// Appends ``patchesJSON`` to `out`.
    private func appendPatchesJSON(to out: inout String) {
        out += "["
        for (index, patch) in encodedPatches.enumerated() {
            if index > 0 { out += "," }
            out += patch
        }
        out += "]"
    }

    /// `{"version":…,"patches":[…]}`, the wire form.
    public var json: String { json(with: "") }

    /// `{"version":…,<fields>"patches":[…]}`: the wire form with more fields (each followed by a
    /// comma) between the version and the patches, built in one buffer.
    package func json(with fields: String) -> String {
        var out = ""
        out.reserveCapacity(patchesJSONSize + fields.utf8.count + 40)
        out += "{\"version\":"
        out += String(version)
        out += ","
        out += fields
        out += "\"patches\":"
        appendPatchesJSON(to: &out)
        out += "}"
        return out
    }

    /// The total size of the patches' JSON in bytes.
    public var patchBytes: Int { encodedPatches.reduce(0) { $0 + $1.utf8.count } }
}

extension Update: Hashable {
    public static func == (a: Update, b: Update) -> Bool { a.version == b.version && a.patches == b.patches }
    public func hash(into hasher: inout Hasher) {
        hasher.combine(version)
        hasher.combine(patches)
    }
}

extension Update: Codable {
    private enum CodingKeys: String, CodingKey { case version, patches }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(version: try c.decode(Int.self, forKey: .version), patches: try c.decode([Patch].self, forKey: .patches))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(version, forKey: .version)
        try c.encode(patches, forKey: .patches)
    }
}
