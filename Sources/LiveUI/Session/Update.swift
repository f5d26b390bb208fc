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
    /// The ``ClientEvent/origin`` of the event whose handling produced this update; `nil` for an update of
    /// anything else (a task, a timer). Not part of the update's value: equality, hashing, coding and the
    /// wire JSON leave it out.
    public var origin: String?
    /// The animation the client plays these patches with (`withAnimation`, `.animation(_:value:)`), if any.
    /// Not part of the update's value either: equality, hashing and coding leave it out; the wire JSON
    /// carries it as an `"animation"` object after the patches.
    public var animation: Animation? { animated?.animation }
    /// The `data-lid`s of the elements whose changes animate; `nil` when every change of the update does.
    public var animationScope: [String]? { animated?.scope }
    /// `,"animation":{…}`: what the wire JSON adds after the patches; `nil` without an animation.
    package var animationText: String? { animated?.text }
    /// The animation, kept out of line: an update without one (the usual) carries one empty reference.
    private var animated: AnimatedUpdate?

    /// Creates an update.
    public init(version: Int, patches: [Patch]) {
        self.version = version
        self.patches = patches
        let encoded = Self.encode(patches)
        encodedPatches = encoded.json
        patchBytes = encoded.bytes
    }

    /// Marks the update as animated with `animation`, for the elements `scope` names (`nil`: all of them).
    package mutating func animate(_ animation: Animation, scope: [String]?) {
        var json = animation.json
        if let scope {
            json.removeLast()
            json += ",\"scope\":[" + scope.map(JSONString).joined(separator: ",") + "]}"
        }
        animated = AnimatedUpdate(animation: animation, scope: scope, text: ",\"animation\":" + json)
    }

    private static func encode(_ patches: [Patch]) -> (json: String, bytes: Int) {
        // One patch (the usual update) is its own JSON.
        if patches.count == 1 {
            let json = patches[0].json
            return (json, json.utf8.count)
        }
        let json = assembleUTF8 { out in
            for (index, patch) in patches.enumerated() {
                if index > 0 { out.append(",") }
                patch.appendJSON(to: &out)
            }
        }
        // The separators are not the patches' bytes.
        return (json, json.utf8.count - max(0, patches.count - 1))
    }

    /// The patches as one JSON array: `[{…},{…}]`.
    public var patchesJSON: String {
        assembleUTF8 { out in
            out.append("[")
            out.append(encodedPatches)
            out.append("]")
        }
    }

    /// `{"version":…,"patches":[…]}`, the wire form.
    public var json: String { Self.json(version: version, patchesText: encodedPatches, animationText: animationText) }

    /// `{"version":…,"seq":…,"patches":[…]}`: the answer to an event, which carries the event's `seq`
    /// (`null` when the event had none).
    package func json(seq: Int?) -> String {
        Self.json(version: version, seq: seq, includingSeq: true, patchesText: encodedPatches, animationText: animationText)
    }

    /// The patches' JSON objects, comma-separated, without the brackets: the text an update's `json`
    /// wraps, for code that keeps it and makes that JSON later (``json(version:patchesText:)``).
    package var patchesText: String { encodedPatches }

    /// `{"version":…,"patches":[…]}` for an update of `version` whose ``patchesText`` is `patchesText`:
    /// the same text as that update's ``json``.
    package static func json(version: Int, patchesText: String, animationText: String? = nil) -> String {
        json(version: version, seq: nil, includingSeq: false, patchesText: patchesText, animationText: animationText)
    }

    /// Appends ``json(seq:)`` of an update of `version` whose ``patchesText`` is `patchesText` to `out`:
    /// for code that writes an event's answer where it is sent, without a string of its own.
    package static func appendAnswerJSON(
        version: Int, seq: Int?, patchesText: String, animationText: String? = nil, to out: inout UTF8Assembly
    ) {
        append(version: version, seq: seq, includingSeq: true, patchesText: patchesText, animationText: animationText, to: &out)
    }

    private static func json(version: Int, seq: Int?, includingSeq: Bool, patchesText: String, animationText: String?) -> String {
        assembleUTF8 {
            append(version: version, seq: seq, includingSeq: includingSeq, patchesText: patchesText, animationText: animationText, to: &$0)
        }
    }

    private static func append(
        version: Int, seq: Int?, includingSeq: Bool, patchesText: String, animationText: String?, to out: inout UTF8Assembly
    ) {
        out.append("{\"version\":")
        out.append(version)
        if includingSeq {
            out.append(",\"seq\":")
            if let seq { out.append(seq) } else { out.append("null") }
        }
        out.append(",\"patches\":[")
        out.append(patchesText)
        if let animationText {
            out.append("]")
            out.append(animationText)
            out.append("}")
        } else {
            out.append("]}")
        }
    }
}

/// An update's animation and its wire text.
private final class AnimatedUpdate: Sendable {
    let animation: Animation
    let scope: [String]?
    let text: String

    init(animation: Animation, scope: [String]?, text: String) {
        self.animation = animation
        self.scope = scope
        self.text = text
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
