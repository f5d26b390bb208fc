/// One change to the browser's DOM, addressed by `data-lid`.
///
/// The JSON form (see ``json``) is the wire contract of DESIGN.md §4:
/// `{"op":"text","id":"k3","text":"Count: 2"}` and so on.
public enum Patch: Sendable, Hashable {
    /// Replace the text content of the element `id`.
    case text(id: String, text: String)
    /// Set and remove attributes of the element `id`.
    case attrs(id: String, set: [String: String], remove: [String])
    /// Replace the element `id` (and its subtree) with `html`.
    case replace(id: String, html: String)
    /// Insert `html` so that it becomes child number `index` of the element `parent`.
    case insert(parent: String, index: Int, html: String)
    /// Remove the element `id` and its subtree.
    case remove(id: String)
    /// Move the existing element `id` so that it becomes child number `index` of `parent`.
    case move(id: String, parent: String, index: Int)

    /// The JSON name of the operation: `text`, `attrs`, `replace`, `insert`, `remove` or `move`.
    public var op: String {
        switch self {
        case .text: "text"
        case .attrs: "attrs"
        case .replace: "replace"
        case .insert: "insert"
        case .remove: "remove"
        case .move: "move"
        }
    }

    /// The patch as one JSON object, keys in the order DESIGN.md §4 shows them.
    public var json: String {
        var out = ""
        out.reserveCapacity(48 + payloadSize)
        out += "{\"op\":\""
        out += op
        out += "\","
        switch self {
        case .text(let id, let text):
            out += "\"id\":"
            appendJSONString(id, to: &out)
            out += ",\"text\":"
            appendJSONString(text, to: &out)
        case .attrs(let id, let set, let remove):
            out += "\"id\":"
            appendJSONString(id, to: &out)
            out += ",\"set\":{"
            for (index, (name, value)) in set.sorted(by: { $0.key < $1.key }).enumerated() {
                if index > 0 { out += "," }
                appendJSONString(name, to: &out)
                out += ":"
                appendJSONString(value, to: &out)
            }
            out += "},\"remove\":["
            for (index, name) in remove.enumerated() {
                if index > 0 { out += "," }
                appendJSONString(name, to: &out)
            }
            out += "]"
        case .replace(let id, let html):
            out += "\"id\":"
            appendJSONString(id, to: &out)
            out += ",\"html\":"
            appendJSONString(html, to: &out)
        case .insert(let parent, let index, let html):
            out += "\"parent\":"
            appendJSONString(parent, to: &out)
            out += ",\"index\":"
            out += String(index)
            out += ",\"html\":"
            appendJSONString(html, to: &out)
        case .remove(let id):
            out += "\"id\":"
            appendJSONString(id, to: &out)
        case .move(let id, let parent, let index):
            out += "\"id\":"
            appendJSONString(id, to: &out)
            out += ",\"parent\":"
            appendJSONString(parent, to: &out)
            out += ",\"index\":"
            out += String(index)
        }
        out += "}"
        return out
    }

    /// The bytes of the strings the patch carries: what its JSON needs beyond keys and punctuation.
    private var payloadSize: Int {
        switch self {
        case .text(let id, let text): id.utf8.count + text.utf8.count
        case .attrs(let id, let set, let remove):
            set.reduce(id.utf8.count) { $0 + $1.key.utf8.count + $1.value.utf8.count + 6 }
                + remove.reduce(0) { $0 + $1.utf8.count + 3 }
        case .replace(let id, let html): id.utf8.count + html.utf8.count
        case .insert(let parent, _, let html): parent.utf8.count + html.utf8.count + 20
        case .remove(let id): id.utf8.count
        case .move(let id, let parent, _): id.utf8.count + parent.utf8.count + 20
        }
    }
}

extension Patch: Codable {
    private enum CodingKeys: String, CodingKey { case op, id, text, set, remove, html, parent, index }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        switch try c.decode(String.self, forKey: .op) {
        case "text": self = .text(id: try c.decode(String.self, forKey: .id), text: try c.decode(String.self, forKey: .text))
        case "attrs":
            self = .attrs(
                id: try c.decode(String.self, forKey: .id),
                set: try c.decodeIfPresent([String: String].self, forKey: .set) ?? [:],
                remove: try c.decodeIfPresent([String].self, forKey: .remove) ?? [])
        case "replace": self = .replace(id: try c.decode(String.self, forKey: .id), html: try c.decode(String.self, forKey: .html))
        case "insert":
            self = .insert(
                parent: try c.decode(String.self, forKey: .parent), index: try c.decode(Int.self, forKey: .index),
                html: try c.decode(String.self, forKey: .html))
        case "remove": self = .remove(id: try c.decode(String.self, forKey: .id))
        case "move":
            self = .move(
                id: try c.decode(String.self, forKey: .id), parent: try c.decode(String.self, forKey: .parent),
                index: try c.decode(Int.self, forKey: .index))
        case let other:
            throw DecodingError.dataCorruptedError(forKey: .op, in: c, debugDescription: "unknown patch op \(other)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(op, forKey: .op)
        switch self {
        case .text(let id, let text):
            try c.encode(id, forKey: .id)
            try c.encode(text, forKey: .text)
        case .attrs(let id, let set, let remove):
            try c.encode(id, forKey: .id)
            try c.encode(set, forKey: .set)
            try c.encode(remove, forKey: .remove)
        case .replace(let id, let html):
            try c.encode(id, forKey: .id)
            try c.encode(html, forKey: .html)
        case .insert(let parent, let index, let html):
            try c.encode(parent, forKey: .parent)
            try c.encode(index, forKey: .index)
            try c.encode(html, forKey: .html)
        case .remove(let id):
            try c.encode(id, forKey: .id)
        case .move(let id, let parent, let index):
            try c.encode(id, forKey: .id)
            try c.encode(parent, forKey: .parent)
            try c.encode(index, forKey: .index)
        }
    }
}

/// A JSON string literal for `s`, quotes included, with every character JSON requires escaped.
package func JSONString(_ s: String) -> String {
    var out = ""
    out.reserveCapacity(s.utf8.count + 2)
    appendJSONString(s, to: &out)
    return out
}

/// Appends `s` to `out` as a JSON string literal, escaped as ``JSONString(_:)`` escapes it (the caller
/// reserves the room it expects to need).
package func appendJSONString(_ s: String, to out: inout String) {
    // Most strings (lids, class names, ordinary text) need no escape: copied whole. U+2028/U+2029 begin
    // with the byte 0xE2 in UTF-8, so a string without it, quotes, backslashes and controls is plain.
    let plain = !s.utf8.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 == 0xE2 }
    if plain {
        out += "\""
        out += s
        out += "\""
        return
    }
    out += "\""
    for scalar in s.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case "\u{2028}": out += "\\u2028"
        case "\u{2029}": out += "\\u2029"
        default:
            if scalar.value < 0x20 {
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
    }
    out += "\""
}
