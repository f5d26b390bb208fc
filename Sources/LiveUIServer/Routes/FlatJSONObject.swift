import Foundation

/// A JSON object whose values are all strings, numbers, booleans or null: the shape of an event body.
///
/// Hand-written so an event does not pay for `JSONDecoder` (it was ~6 % of the server's CPU per click).
/// It accepts exactly what `JSONDecoder().decode([String: FieldValue].self, …)` accepted before, quirks
/// included, so no client that worked stops working:
/// - UTF-8 (a leading BOM is skipped), or UTF-16/UTF-32 recognised by BOM or by the RFC 4627 null pattern;
/// - a trailing comma before `}` (Foundation's JSON reader allows it);
/// - the first of duplicate names wins (a first `null` hides later values), names compared as Swift
///   strings (canonical equivalence); later duplicates are only checked for JSON structure, as Foundation does;
/// - numbers are given as text in the form Foundation's `Int`, then `Double` decoding produced (`3.0` → `3`,
///   `2.5e-5` → `2.5e-05`); a number that is not a finite `Double` is refused.
///
/// ```swift
/// let members = try FlatJSONObject.parse(Array(#"{"target":"inc","seq":3}"#.utf8))
/// // [("target", .string("inc")), ("seq", .number("3"))]
/// ```
enum FlatJSONObject {
    /// One member value.
    enum Value: Sendable, Equatable {
        case string(String)
        /// The number as text (see the type's notes).
        case number(String)
        case bool(Bool)
        case null

        /// The value as event-field text; nil for `null`.
        var text: String? {
            switch self {
            case .string(let s), .number(let s): s
            case .bool(let b): b ? "true" : "false"
            case .null: nil
            }
        }
    }

    /// Parses `bytes` into its members in document order, duplicates removed (first wins).
    static func parse(_ bytes: [UInt8]) throws(FlatJSONError) -> [(name: String, value: Value)] {
        switch JSONTextEncoding.detect(bytes) {
        case .utf8(let bomLength):
            var parser = FlatJSONParser(bytes, start: bomLength)
            return try parser.parseDocument()
        case .other(let encoding, let bomLength):
            guard let text = String(bytes: bytes.dropFirst(bomLength), encoding: encoding) else {
                throw .notUnicode
            }
            var parser = FlatJSONParser(Array(text.utf8), start: 0)
            return try parser.parseDocument()
        }
    }
}

/// Why a body is not a flat JSON object; `offset` counts bytes of the UTF-8 form.
enum FlatJSONError: Error, Sendable, Equatable {
    /// The body ended inside a value.
    case unexpectedEnd
    /// A byte that cannot start or continue what was expected here.
    case unexpectedByte(UInt8, offset: Int)
    /// The document is valid JSON but not an object.
    case notAnObject
    /// A member's value is an array or an object.
    case nestedValue(name: String)
    /// Bytes that are not well-formed UTF-8 (or a UTF-16/32 body that does not decode).
    case invalidUTF8(offset: Int)
    /// An unescaped control character (U+0000–U+001F) inside a string.
    case controlCharacter(offset: Int)
    /// A backslash escape other than `\" \\ \/ \b \f \n \r \t` or `\u` with four hex digits.
    case invalidEscape(offset: Int)
    /// A `\uD800`–`\uDFFF` escape that is not a high surrogate followed by a low one.
    case unpairedSurrogate(offset: Int)
    /// A number outside JSON's grammar (`01`, `1.`, `-`, `1e`).
    case invalidNumber(offset: Int)
    /// A number too large for a `Double` (`1e400`).
    case numberOutOfRange(offset: Int)
    /// Arrays and objects nested deeper than 512 levels (in a duplicate member's value).
    case tooDeep(offset: Int)
    /// A UTF-16 or UTF-32 body that does not decode.
    case notUnicode
}

/// How a JSON text is encoded, decided the way `JSONDecoder` decides it (BOM first, then RFC 4627's
/// pattern of zero bytes among the first four).
enum JSONTextEncoding: Equatable {
    case utf8(bomLength: Int)
    case other(String.Encoding, bomLength: Int)

    static func detect(_ bytes: [UInt8]) -> JSONTextEncoding {
        let b0: UInt8? = bytes.count > 0 ? bytes[0] : nil
        let b1: UInt8? = bytes.count > 1 ? bytes[1] : nil
        let b2: UInt8? = bytes.count > 2 ? bytes[2] : nil
        let b3: UInt8? = bytes.count > 3 ? bytes[3] : nil
        // Same table, same order as Foundation's `JSONDecoder.withUTF8Representation` (including its
        // reading of FE FF 00 00 as UTF-32LE).
        switch (b0, b1, b2, b3) {
        case (0, 0, 0xFE, 0xFF): return .other(.utf32BigEndian, bomLength: 4)
        case (0xFE, 0xFF, 0, 0): return .other(.utf32LittleEndian, bomLength: 4)
        case (0xFE, 0xFF, _, _): return .other(.utf16BigEndian, bomLength: 2)
        case (0xFF, 0xFE, _, _): return .other(.utf16LittleEndian, bomLength: 2)
        case (0xEF, 0xBB, 0xBF, _): return .utf8(bomLength: 3)
        case (0, 0, 0, .some(let n)) where n != 0: return .other(.utf32BigEndian, bomLength: 0)
        case (0, .some(let n1), 0, .some(let n2)) where n1 != 0 && n2 != 0: return .other(.utf16BigEndian, bomLength: 0)
        case (.some(let n), 0, 0, 0) where n != 0: return .other(.utf32LittleEndian, bomLength: 0)
        case (.some(let n1), 0, .some(let n2), 0) where n1 != 0 && n2 != 0: return .other(.utf16LittleEndian, bomLength: 0)
        case (0, .some(let n), nil, nil) where n != 0: return .other(.utf16BigEndian, bomLength: 0)
        case (.some(let n), 0, nil, nil) where n != 0: return .other(.utf16LittleEndian, bomLength: 0)
        default: return .utf8(bomLength: 0)
        }
    }
}
