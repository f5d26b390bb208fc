/// The result of one flush of a session's graph: the patches that turn the previous HTML into the new one.
public struct Update: Sendable {
    /// Grows by one per flush that produced patches; an update with no patches carries the current version.
    public var version: Int
    /// The patches, in the order they must be applied.
    public var patches: [Patch] {
        didSet {
            let encoded = Self.encode(patches)
            encodedPatches = encoded.json
            patchBytes = encoded.bytes
        }
    }
    /// The patches' JSON objects, comma-separated, made once per update (the answer, the stream and the
    /// statistics all need it): one string, not one per patch.
    private var encodedPatches: String
    /// The bytes of the patches' JSON objects (without the separators between them).
    public private(set) var patchBytes: Int

    /// Creates an update.
    public init(version: Int, patches: [Patch]) {
        self.version = version
        self.patches = patches
        let encoded = Self.encode(patches)
        encodedPatches = encoded.json
        patchBytes = encoded.bytes
    }

    private static func encode(_ patches: [Patch]) -> (json: String, bytes: Int) {
        // One patch (the usual update) is its own JSON.
        if patches.count == 1 {
            let json = patches[0].json
            return (json, json.utf8.count)
        }
        var out = ""
        var bytes = 0
        for (index, patch) in patches.enumerated() {
            let json = patch.json
            bytes += json.utf8.count
            if index > 0 { out += "," }
            out += json
        }
        return (out, bytes)
    }

    /// The patches as one JSON array: `[{…},{…}]`.
    public var patchesJSON: String {
        var out = ""
        out.reserveCapacity(patchesJSONSize)
        appendPatchesJSON(to: &out)
        return out
    }

    /// The size in bytes of ``patchesJSON``.
    private var patchesJSONSize: Int { encodedPatches.utf8.count + 2 }

    /// Appends ``patchesJSON`` to `out`.
    private func appendPatchesJSON(to out: inout String) {
        out += "["
        out += encodedPatches
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
