/// Escapes text content for HTML: `&`, `<` and `>`.
package func escapeText(_ text: String, into out: inout String) { escapeHTML(text, quotes: false, into: &out) }

/// Escapes an attribute value for use between double quotes: `&`, `<`, `>`, `"` and `'`.
package func escapeAttribute(_ value: String, into out: inout String) { escapeHTML(value, quotes: true, into: &out) }

/// Appends `text` with `&`, `<`, `>` (and, with `quotes`, `"` and `'`) replaced by entities, as
/// ``HTMLBytes`` writes them.
private func escapeHTML(_ text: String, quotes: Bool, into out: inout String) {
    var bytes = HTMLBytes(capacity: text.utf8.count + 16)
    if quotes { bytes.appendAttribute(text) } else { bytes.appendText(text) }
    out += bytes.string
}

/// HTML written as UTF-8 bytes into one growing array: appending a piece copies its bytes, where
/// appending it to a `String` checks capacity and flags each time. A page's or a row's HTML is built
/// here and made a `String` once.
struct HTMLBytes: ~Copyable {
    private var bytes: [UInt8] = []

    init(capacity: Int = 256) { bytes.reserveCapacity(max(16, capacity)) }

    /// Appends `s` as it is.
    mutating func append(_ s: StaticString) {
        s.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends `s` as it is. (A literal takes the `StaticString` overload: its bytes are copied as they are.)
    @_disfavoredOverload
    mutating func append(_ s: String) { bytes.append(contentsOf: s.utf8) }

    /// Appends one byte.
    mutating func append(_ byte: UInt8) { bytes.append(byte) }

    /// Appends text content, `&`, `<` and `>` replaced by entities.
    mutating func appendText(_ text: String) { appendEscaped(text, quotes: false) }

    /// Appends an attribute value for use between double quotes: `&`, `<`, `>`, `"` and `'` replaced.
    mutating func appendAttribute(_ value: String) { appendEscaped(value, quotes: true) }

    /// Appends ` name="value"`, the value escaped.
    mutating func attribute(_ name: String, _ value: String) {
        append(" ")
        append(name)
        append("=\"")
        appendAttribute(value)
        append("\"")
    }

    private mutating func appendEscaped(_ text: String, quotes: Bool) {
        // Entities replace ASCII bytes only, so the other bytes (UTF-8 sequences included) copy as they are.
        let utf8 = text.utf8
        var start = utf8.startIndex
        var index = start
        while index < utf8.endIndex {
            let entity: StaticString
            switch utf8[index] {
            case UInt8(ascii: "&"): entity = "&amp;"
            case UInt8(ascii: "<"): entity = "&lt;"
            case UInt8(ascii: ">"): entity = "&gt;"
            case UInt8(ascii: "\"") where quotes: entity = "&quot;"
            case UInt8(ascii: "'") where quotes: entity = "&#39;"
            default:
                index = utf8.index(after: index)
                continue
            }
            bytes.append(contentsOf: utf8[start..<index])
            append(entity)
            index = utf8.index(after: index)
            start = index
        }
        bytes.append(contentsOf: utf8[start...])
    }

    /// The HTML as text.
    var string: String { String(decoding: bytes, as: UTF8.self) }
}

/// `value`, escaped for a double-quoted attribute.
package func escapedAttribute(_ value: String) -> String {
    var out = ""
    escapeAttribute(value, into: &out)
    return out
}

/// `text`, escaped for HTML text content.
package func escapedText(_ text: String) -> String {
    var out = ""
    escapeText(text, into: &out)
    return out
}

/// Tags that have no content and no closing tag.
package let voidElements: Set<String> = ["input", "img", "hr", "br", "meta", "link", "source", "wbr", "area", "col"]
