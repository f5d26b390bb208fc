import Foundation

/// The JSON of the commonest saved types, written directly: `Int`, `Double`, `Bool` and `String`, their
/// optionals and arrays of them. The bytes are those ``StateCoder``'s `JSONEncoder` writes for the same
/// value (sorted keys, slashes not escaped), so that the saved format does not depend on which path wrote
/// it; a value this does not cover (another type, a string that needs escaping, a non-finite number) is
/// left to the encoder. The encoder costs about 6,000 instructions for one `Int`, which a durable click would pay
/// for every changed property before it is answered.
enum ScalarJSON {
    /// `value`, of type `type`, as `JSONEncoder` would encode it; `nil` when this does not cover it.
    static func encode(_ value: Any, as type: Any.Type) -> Data? {
        // The commonest saved value (a counter's): its digits made where they are, no array first.
        if type == Int.self, let number = value as? Int { return integer(number) }
        var out: [UInt8] = []
        out.reserveCapacity(16)
        guard write(value, as: ObjectIdentifier(type), into: &out) else { return nil }
        return Data(out)
    }

    /// `text` as a JSON string, as `JSONEncoder` writes it; `nil` when it needs escaping.
    static func string(_ text: String) -> String? {
        var out: [UInt8] = []
        guard write(text, into: &out) else { return nil }
        return String(decoding: out, as: UTF8.self)
    }

    private static let int = ObjectIdentifier(Int.self)
    private static let double = ObjectIdentifier(Double.self)
    private static let bool = ObjectIdentifier(Bool.self)
    private static let string = ObjectIdentifier(String.self)

    private static func write(_ value: Any, as type: ObjectIdentifier, into out: inout [UInt8]) -> Bool {
        switch type {
        case int: return (value as? Int).map { write($0, into: &out) } != nil
        case bool: return (value as? Bool).map { write($0, into: &out) } != nil
        case string: return (value as? String).map { write($0, into: &out) } ?? false
        case double: return (value as? Double).map { write($0, into: &out) } ?? false
        case ObjectIdentifier(Int?.self): return optional(value as? Int?, into: &out) { write($0, into: &$1); return true }
        case ObjectIdentifier(Bool?.self): return optional(value as? Bool?, into: &out) { write($0, into: &$1); return true }
        case ObjectIdentifier(String?.self): return optional(value as? String?, into: &out) { write($0, into: &$1) }
        case ObjectIdentifier(Double?.self): return optional(value as? Double?, into: &out) { write($0, into: &$1) }
        case ObjectIdentifier([Int].self): return array(value as? [Int], into: &out) { write($0, into: &$1); return true }
        case ObjectIdentifier([Bool].self): return array(value as? [Bool], into: &out) { write($0, into: &$1); return true }
        case ObjectIdentifier([String].self): return array(value as? [String], into: &out) { write($0, into: &$1) }
        case ObjectIdentifier([Double].self): return array(value as? [Double], into: &out) { write($0, into: &$1) }
        default: return false
        }
    }

    private static func optional<T>(_ value: T??, into out: inout [UInt8], _ element: (T, inout [UInt8]) -> Bool) -> Bool {
        guard let value else { return false }
        guard let value else {
            out.append(contentsOf: "null".utf8)
            return true
        }
        return element(value, &out)
    }

    private static func array<T>(_ value: [T]?, into out: inout [UInt8], _ element: (T, inout [UInt8]) -> Bool) -> Bool {
        guard let value else { return false }
        out.append(UInt8(ascii: "["))
        for (index, item) in value.enumerated() {
            if index > 0 { out.append(UInt8(ascii: ",")) }
            guard element(item, &out) else { return false }
        }
        out.append(UInt8(ascii: "]"))
        return true
    }

    /// `value`'s decimal digits (as `String(value)` spells them), written backwards into a buffer on the stack:
    /// a `Data` of at most 14 bytes keeps them inline, so a counter's value costs no allocation.
    static func integer(_ value: Int) -> Data {
        var buffer: (UInt64, UInt64, UInt64) = (0, 0, 0)
        return withUnsafeMutableBytes(of: &buffer) { raw in
            var end = raw.count
            var rest = value.magnitude
            repeat {
                end -= 1
                raw[end] = UInt8(truncatingIfNeeded: 48 + rest % 10)
                rest /= 10
            } while rest > 0
            if value < 0 {
                end -= 1
                raw[end] = UInt8(ascii: "-")
            }
            return Data(UnsafeRawBufferPointer(rebasing: raw[end...]))
        }
    }

    private static func write(_ value: Int, into out: inout [UInt8]) {
        out.append(contentsOf: String(value).utf8)
    }

    private static func write(_ value: Bool, into out: inout [UInt8]) {
        out.append(contentsOf: value ? "true".utf8 : "false".utf8)
    }

    /// As `JSONEncoder` writes a finite `Double`: its `description`, without a trailing `.0`.
    private static func write(_ value: Double, into out: inout [UInt8]) -> Bool {
        guard value.isFinite else { return false }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        out.append(contentsOf: text.utf8)
        return true
    }

    /// A string without bytes `JSONEncoder` escapes (`"`, `\`, control characters): quoted as it is.
    private static func write(_ value: String, into out: inout [UInt8]) -> Bool {
        var utf8 = value.utf8
        let start = out.count
        out.append(UInt8(ascii: "\""))
        let done: Bool? = utf8.withContiguousStorageIfAvailable { bytes in
            for byte in bytes where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") { return false }
            out.append(contentsOf: bytes)
            return true
        }
        if done == nil {
            var copy = value
            copy.makeContiguousUTF8()
            utf8 = copy.utf8
            guard !utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
                out.removeSubrange(start...)
                return false
            }
            out.append(contentsOf: utf8)
        } else if done == false {
            out.removeSubrange(start...)
            return false
        }
        out.append(UInt8(ascii: "\""))
        return true
    }
}
