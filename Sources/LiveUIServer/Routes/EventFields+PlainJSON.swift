import Foundation

/// The event body LiveUI's own client sends, read in one pass.
///
/// The client writes `{"target":"…","type":"…","value":…,"seq":…,"route":"…"}`: known names once each,
/// strings of printable ASCII without escapes, non-negative integers, `true`, `false` or `null`.
/// Such a body is read here without a `String` for any name and without `JSONDecoder`, which costs
/// several times a whole click. Any other body (an escape, a non-ASCII byte, another name, a repeated
/// name, another number, another encoding, a trailing comma, an error) is left to the decoder
/// (``EventFields/decoded(_:)``), so every body gets the decoder's answer.
extension EventFields {
    /// The fields of `body` if it is written the plain way described above; nil for any other body.
    static func plainJSON(_ body: [UInt8]) -> EventFields? {
        body.withUnsafeBufferPointer { bytes in
            var reader = PlainEventReader(bytes: bytes)
            return reader.read()
        }
    }
}

/// The one-pass reader behind ``EventFields/plainJSON(_:)``: every method returns nil (or false) as soon
/// as the body is not written the plain way.
private struct PlainEventReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var i = 0

    mutating func read() -> EventFields? {
        skipWhitespace()
        guard take(UInt8(ascii: "{")) else { return nil }
        var fields = EventFields()
        var seen: UInt8 = 0
        while true {
            skipWhitespace()
            guard take(UInt8(ascii: "\"")), let name = plainString(), let field = EventFields.Field(utf8: name) else {
                return nil
            }
            // A repeated name: the first one wins, which the decoder decides.
            guard seen & field.rawValue == 0 else { return nil }
            seen |= field.rawValue
            skipWhitespace()
            guard take(UInt8(ascii: ":")) else { return nil }
            skipWhitespace()
            guard let value = self.value() else { return nil }
            fields.set(field, value)
            skipWhitespace()
            if take(UInt8(ascii: ",")) { continue }
            guard take(UInt8(ascii: "}")) else { return nil }
            break
        }
        skipWhitespace()
        return i == bytes.count ? fields : nil
    }

    /// A value: `.some(text)` for a string, an integer or a boolean, `.some(nil)` for `null`, nil when
    /// the value is not written the plain way.
    private mutating func value() -> String?? {
        guard i < bytes.count else { return nil }
        switch bytes[i] {
        case UInt8(ascii: "\""):
            i += 1
            guard let text = plainString() else { return nil }
            return .some(String(decoding: text, as: UTF8.self))
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            return integer().map { .some($0) }
        case UInt8(ascii: "t"):
            return literal("true") ? .some("true") : nil
        case UInt8(ascii: "f"):
            return literal("false") ? .some("false") : nil
        case UInt8(ascii: "n"):
            return literal("null") ? .some(nil) : nil
        default:
            return nil
        }
    }

    /// The bytes of a string whose opening quote was taken, up to its closing quote (taken): printable
    /// ASCII without a backslash only.
    private mutating func plainString() -> UnsafeBufferPointer<UInt8>? {
        let start = i
        while i < bytes.count {
            let byte = bytes[i]
            if byte == UInt8(ascii: "\"") {
                defer { i += 1 }
                return UnsafeBufferPointer(rebasing: bytes[start..<i])
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 || byte >= 0x80 { return nil }
            i += 1
        }
        return nil
    }

    /// A non-negative integer of at most 18 digits without a leading zero, which reads as itself; nil for
    /// any other number (a sign, a fraction, an exponent, more digits), whose text the decoder makes.
    private mutating func integer() -> String? {
        let start = i
        while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") { i += 1 }
        let count = i - start
        guard count <= 18, count == 1 || bytes[start] != UInt8(ascii: "0") else { return nil }
        // What Foundation's scanner would take as part of the number (`1.5`, `1e3`, `1-2`).
        if i < bytes.count {
            switch bytes[i] {
            case UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"), UInt8(ascii: "+"), UInt8(ascii: "-"): return nil
            default: break
            }
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
    }

    /// Takes `word` if the bytes at `i` spell it.
    private mutating func literal(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard let base = bytes.baseAddress, bytes.count - i >= count, memcmp(word.utf8Start, base + i, count) == 0 else {
            return false
        }
        i += count
        return true
    }

    /// Takes `byte` if it is next.
    private mutating func take(_ byte: UInt8) -> Bool {
        guard i < bytes.count, bytes[i] == byte else { return false }
        i += 1
        return true
    }

    private mutating func skipWhitespace() {
        while i < bytes.count {
            switch bytes[i] {
            case 0x20, 0x09, 0x0A, 0x0D: i += 1
            default: return
            }
        }
    }
}
