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

/// HTML written as UTF-8 bytes into one growing buffer: appending a piece copies its bytes, where
/// appending it to a `String` costs a few hundred instructions (capacity checks, flags), and appending it
/// to an `[UInt8]` about a hundred. A page's or a row's HTML is built here and made a `String` once.
struct HTMLBytes: ~Copyable {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var count = 0

    init(capacity: Int = 256) {
        self.capacity = max(16, capacity)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    @inline(__always)
    private mutating func append(_ source: UnsafePointer<UInt8>, count n: Int) {
        if count + n > capacity { grow(to: count + n) }
        (base + count).update(from: source, count: n)
        count += n
    }

    private mutating func grow(to needed: Int) {
        let newCapacity = max(needed, capacity * 2)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    /// Appends `s` as it is.
    mutating func append(_ s: StaticString) { append(s.utf8Start, count: s.utf8CodeUnitCount) }

    /// Appends `s` as it is. (A literal takes the `StaticString` overload: its bytes are copied as they are.)
    @_disfavoredOverload
    mutating func append(_ s: String) {
        // In place (a native or small string, nearly all of them), without copying the string first.
        let done: Void? = s.utf8.withContiguousStorageIfAvailable { if let source = $0.baseAddress { append(source, count: $0.count) } }
        if done == nil { for byte in s.utf8 { append(byte) } }
    }

    /// Appends one byte.
    mutating func append(_ byte: UInt8) {
        if count + 1 > capacity { grow(to: count + 1) }
        base[count] = byte
        count += 1
    }

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
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { appendEscaped($0, quotes: quotes) }
        if done == nil {
            let bytes = Array(text.utf8)
            bytes.withUnsafeBufferPointer { appendEscaped($0, quotes: quotes) }
        }
    }

    private mutating func appendEscaped(_ source: UnsafeBufferPointer<UInt8>, quotes: Bool) {
        guard let first = source.baseAddress else { return }
        // Entities replace ASCII bytes only, so the other bytes (UTF-8 sequences included) copy as they are.
        var start = 0
        for index in 0..<source.count {
            let entity: StaticString
            switch source[index] {
            case UInt8(ascii: "&"): entity = "&amp;"
            case UInt8(ascii: "<"): entity = "&lt;"
            case UInt8(ascii: ">"): entity = "&gt;"
            case UInt8(ascii: "\"") where quotes: entity = "&quot;"
            case UInt8(ascii: "'") where quotes: entity = "&#39;"
            default: continue
            }
            if index > start { append(first + start, count: index - start) }
            append(entity)
            start = index + 1
        }
        if source.count > start { append(first + start, count: source.count - start) }
    }

    /// The HTML as text.
    var string: String {
        String(unsafeUninitializedCapacity: count) { buffer in
            if let target = buffer.baseAddress { target.update(from: base, count: count) }
            return count
        }
    }
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
