/// One change to the browser's DOM, addressed by `data-lid`.
///
/// The JSON form (see ``json``) is the wire contract of docs/ARCHITECTURE.md, "Patches":
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
    public var op: String { operation.rawValue }

    /// The patch as one JSON object, keys in the order docs/ARCHITECTURE.md shows them.
    public var json: String { assembleUTF8 { appendJSON(to: &$0) } }

    /// The operation, as its wire name.
    private var operation: Operation {
        switch self {
        case .text: .text
        case .attrs: .attrs
        case .replace: .replace
        case .insert: .insert
        case .remove: .remove
        case .move: .move
        }
    }

    /// Appends ``json`` to `out`: the writer every update uses, as fast as the JSON can be copied.
    package func appendJSON(to out: inout UTF8Assembly) {
        out.append(operation.opening)
        switch self {
        case .text(let id, let text):
            out.appendMember(.id)
            out.appendJSONString(id)
            out.appendMember(.text)
            out.appendJSONString(text)
        case .attrs(let id, let set, let remove):
            out.appendMember(.id)
            out.appendJSONString(id)
            out.appendMember(.set)
            out.append("{")
            for (index, (name, value)) in set.sorted(by: { $0.key < $1.key }).enumerated() {
                if index > 0 { out.append(",") }
                out.appendJSONString(name)
                out.append(":")
                out.appendJSONString(value)
            }
            out.append("}")
            out.appendMember(.remove)
            out.append("[")
            for (index, name) in remove.enumerated() {
                if index > 0 { out.append(",") }
                out.appendJSONString(name)
            }
            out.append("]")
        case .replace(let id, let html):
            out.appendMember(.id)
            out.appendJSONString(id)
            out.appendMember(.html)
            out.appendJSONString(html)
        case .insert(let parent, let index, let html):
            out.appendMember(.parent)
            out.appendJSONString(parent)
            out.appendMember(.index)
            out.append(index)
            out.appendMember(.html)
            out.appendJSONString(html)
        case .remove(let id):
            out.appendMember(.id)
            out.appendJSONString(id)
        case .move(let id, let parent, let index):
            out.appendMember(.id)
            out.appendJSONString(id)
            out.appendMember(.parent)
            out.appendJSONString(parent)
            out.appendMember(.index)
            out.append(index)
        }
        out.append("}")
    }
}

// The wire form's names: `Codable` below reads and writes them by these raw values; the writer above
// copies each as one literal of its JSON (`opening`, `key`), a few instructions where a raw value is a
// `String` made and measured per patch (about 500 instructions more per patch). PatchTests' round trip
// through `Codable` checks every literal against its raw value.
extension Patch {
    /// The operations, by wire name.
    fileprivate enum Operation: String {
        case text, attrs, replace, insert, remove, move

        /// The start of a patch object up to its operation: `{"op":"text"`.
        var opening: StaticString {
            switch self {
            case .text: #"{"op":"text""#
            case .attrs: #"{"op":"attrs""#
            case .replace: #"{"op":"replace""#
            case .insert: #"{"op":"insert""#
            case .remove: #"{"op":"remove""#
            case .move: #"{"op":"move""#
            }
        }
    }

    /// The members of a patch object, by wire name.
    fileprivate enum Member: String, CodingKey {
        case op, id, text, set, remove, html, parent, index

        /// The member's key after the one before it: `,"id":`.
        var key: StaticString {
            switch self {
            case .op: #","op":"#
            case .id: #","id":"#
            case .text: #","text":"#
            case .set: #","set":"#
            case .remove: #","remove":"#
            case .html: #","html":"#
            case .parent: #","parent":"#
            case .index: #","index":"#
            }
        }
    }
}

extension UTF8Assembly {
    /// Appends `,"name":`.
    fileprivate mutating func appendMember(_ member: Patch.Member) { append(member.key) }
}

extension Patch: Codable {
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Member.self)
        let name = try c.decode(String.self, forKey: .op)
        guard let operation = Operation(rawValue: name) else {
            throw DecodingError.dataCorruptedError(forKey: .op, in: c, debugDescription: "unknown patch op \(name)")
        }
        switch operation {
        case .text: self = .text(id: try c.decode(String.self, forKey: .id), text: try c.decode(String.self, forKey: .text))
        case .attrs:
            self = .attrs(
                id: try c.decode(String.self, forKey: .id),
                set: try c.decodeIfPresent([String: String].self, forKey: .set) ?? [:],
                remove: try c.decodeIfPresent([String].self, forKey: .remove) ?? [])
        case .replace: self = .replace(id: try c.decode(String.self, forKey: .id), html: try c.decode(String.self, forKey: .html))
        case .insert:
            self = .insert(
                parent: try c.decode(String.self, forKey: .parent), index: try c.decode(Int.self, forKey: .index),
                html: try c.decode(String.self, forKey: .html))
        case .remove: self = .remove(id: try c.decode(String.self, forKey: .id))
        case .move:
            self = .move(
                id: try c.decode(String.self, forKey: .id), parent: try c.decode(String.self, forKey: .parent),
                index: try c.decode(Int.self, forKey: .index))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Member.self)
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

/// A JSON string literal for `s`, quotes included, with every character JSON requires escaped (and
/// U+2028/U+2029, which end a line in JavaScript).
package func JSONString(_ s: String) -> String {
    assembleUTF8 { $0.appendJSONString(s) }
}
