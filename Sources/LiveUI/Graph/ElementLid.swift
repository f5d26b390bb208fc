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
        var bytes = lid.utf8.makeIterator()
        guard bytes.next() == UInt8(ascii: "k") else { return lid == "root" ? root : nil }
        let (value, next) = digits(&bytes)
        return next == nil ? value : nil
    }

    /// The number of the element an internal sub-element's lid belongs to: `k12c` names `k12` (a lid,
    /// then at least one character that is not a digit); `nil` for any other string.
    static func ownerNumber(_ lid: String) -> UInt64? {
        var bytes = lid.utf8.makeIterator()
        guard bytes.next() == UInt8(ascii: "k") else { return nil }
        let (value, next) = digits(&bytes)
        return next == nil ? nil : value
    }

    /// The number the digits after a lid's `k` spell (1 to 15 of them, 48 bits need at most 15, the
    /// first not `0`), read up to the first byte that is not a digit, which is returned with it (`nil`
    /// at the end); a `nil` number when the digits are not a lid's.
    private static func digits(_ bytes: inout String.UTF8View.Iterator) -> (UInt64?, UInt8?) {
        var value: UInt64 = 0
        var count = 0
        while let byte = bytes.next() {
            let digit = byte &- UInt8(ascii: "0")
            guard digit < 10 else { return (count > 0 && value <= maximum ? value : nil, byte) }
            if count == 0 && digit == 0 || count == 15 { return (nil, byte) }
            value = value * 10 + UInt64(digit)
            count += 1
        }
        return (count > 0 && value <= maximum ? value : nil, nil)
    }
}
