/// The `data-lid` of an element node, kept as a number: `root` for the root element (0), `k1`, `k2` …
/// for the others, in the order they were created. A number is never given twice in a session's life,
/// so a late event for an element that is gone finds nothing rather than another element.
enum ElementLid {
    /// The number of the root element.
    static let root: UInt64 = 0
    /// The largest number a lid can carry (48 bits: more elements than a session can create).
    static let maximum: UInt64 = (1 << 48) - 1

    /// The lid as the client sees it.
    static func string(_ number: UInt64) -> String {
        guard number != root else { return "root" }
        // Written in place, not as `"k" + String(number)` (a string made and then joined to another):
        // `k` and up to 14 digits is a small string, made without an allocation.
        var digits = 1
        var rest = number / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        return String(unsafeUninitializedCapacity: 1 + digits) { buffer in
            buffer[0] = UInt8(ascii: "k")
            var value = number
            for index in stride(from: digits, to: 0, by: -1) {
                buffer[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10)
                value /= 10
            }
            return 1 + digits
        }
    }

    /// The number of a lid exactly as ``string(_:)`` spells it (`k` and digits without a leading
    /// zero, or `root`); `nil` for any other string.
    static func number(_ lid: String) -> UInt64? {
        return lid.withUTF8Bytes { bytes in isRoot(bytes) ? root : number(bytes) }
    }

    /// Whether `bytes` spell `root`, compared byte by byte (no generic sequence comparison on every event).
    private static func isRoot(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.count == 4 && bytes[0] == UInt8(ascii: "r") && bytes[1] == UInt8(ascii: "o") && bytes[2] == UInt8(ascii: "o")
            && bytes[3] == UInt8(ascii: "t")
    }

    /// The number of the element an internal sub-element's lid belongs to: `k12c` names `k12` (a lid,
    /// then at least one character that is not a digit); `nil` for any other string.
    static func ownerNumber(_ lid: String) -> UInt64? {
        return lid.withUTF8Bytes { bytes in
            guard bytes.first == UInt8(ascii: "k") else { return nil }
            var end = 1
            while end < bytes.count, bytes[end] &- UInt8(ascii: "0") < 10 { end += 1 }
            guard end < bytes.count else { return nil }
            return number(UnsafeBufferPointer(rebasing: bytes[0..<end]))
        }
    }

    private static func number(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64? {
        // `k`, then 1 to 15 digits (48 bits need at most 15), the first not `0`.
        guard bytes.count >= 2, bytes.count <= 16, bytes[0] == UInt8(ascii: "k"), bytes[1] != UInt8(ascii: "0")
        else { return nil }
        var value: UInt64 = 0
        for byte in bytes[1...] {
            let digit = byte &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            value = value * 10 + UInt64(digit)
        }
        return value <= maximum ? value : nil
    }
}
