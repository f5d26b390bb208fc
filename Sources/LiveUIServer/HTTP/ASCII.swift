import Foundation

/// Allocation-free string helpers for the per-request path. Each has the same result as the
/// Foundation/Unicode call it replaces (named in its comment) and falls back to that call whenever
/// the input is not plain ASCII, where the two could differ.
enum ASCII {
    /// `s.lowercased()`, without a copy when `s` has no uppercase ASCII letter and no non-ASCII byte.
    static func lowercased(_ s: String) -> String { isLowercase(s) ? s : s.lowercased() }

    /// Whether `s` is ASCII without an uppercase letter: what ``lowercased(_:)`` returns as it is.
    static func isLowercase(_ s: String) -> Bool {
        allBytes(of: s) { $0 < 0x80 && !($0 >= 0x41 && $0 <= 0x5A) }
    }

    /// `s.utf8.allSatisfy(predicate)`, read from the string's UTF-8 storage, which takes about a third
    /// of the instructions of iterating the UTF-8 view.
    @inline(__always)
    static func allBytes(of s: String, _ predicate: (UInt8) -> Bool) -> Bool {
        var s = s
        return s.withUTF8 { bytes in
            for byte in bytes where !predicate(byte) { return false }
            return true
        }
    }

    /// Header values LiveUI's own client sends on every event that are too long to be stored inline in
    /// a `String` (more than 15 bytes): read as these literals, they need no allocation.
    private static let longValues: [String] = ["application/json"]

    /// `String(decoding: bytes, as: UTF8.self)`, shared with a literal for the few long values every
    /// event carries.
    static func headerValue(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        if bytes.count > 15 {
            for var literal in longValues where literal.utf8.count == bytes.count {
                if literal.withUTF8({ $0.elementsEqual(bytes) }) { return literal }
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Whether `s.lowercased() == lowercaseASCII`, for an ASCII lowercase `lowercaseASCII` with no `k`
    /// (the one ASCII letter a non-ASCII scalar, the Kelvin sign, lowercases to) and no `i`/`s`-style
    /// expansions: every header name compared here qualifies.
    static func equalsIgnoringCase(_ s: String, _ lowercaseASCII: StaticString) -> Bool {
        let count = lowercaseASCII.utf8CodeUnitCount
        guard s.utf8.count == count else { return false }
        let expected = lowercaseASCII.utf8Start
        var k = 0
        return allBytes(of: s) { byte in
            let lower = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
            defer { k += 1 }
            return lower == expected[k]
        }
    }

    /// `s.trimmingCharacters(in: .whitespaces)`: for ASCII text that set is space and tab.
    static func trimmingWhitespace(_ s: Substring) -> String {
        var s = s
        let trimmed = s.withUTF8 { bytes -> String? in
            guard !bytes.contains(where: { $0 >= 0x80 }) else { return nil }
            var start = 0
            var end = bytes.count
            while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
            while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }
        return trimmed ?? s.trimmingCharacters(in: .whitespaces)
    }
}
