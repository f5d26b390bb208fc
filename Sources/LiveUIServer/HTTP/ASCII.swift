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
        return s.withUTF8Bytes { bytes in
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
            for literal in longValues where literal.utf8.count == bytes.count {
                if literal.withUTF8Bytes({ $0.elementsEqual(bytes) }) { return literal }
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Copies `count` bytes from `source` to `target` with the ASCII letters `A`–`Z` lowercased (every
    /// other byte as it is), eight bytes at a time.
    static func lowercase(_ source: UnsafePointer<UInt8>, into target: UnsafeMutablePointer<UInt8>, count: Int) {
        var i = 0
        while i + 8 <= count {
            let word = UnsafeRawPointer(source + i).loadUnaligned(as: UInt64.self)
            // Per byte, on its low seven bits (no carry crosses bytes): the high bit of `atLeastA` is set
            // from `A` (0x41) up, that of `pastZ` from `[` (0x5B) up; bytes with the high bit set are not
            // letters.
            let low = word & 0x7F7F_7F7F_7F7F_7F7F
            let atLeastA = low &+ 0x3F3F_3F3F_3F3F_3F3F
            let pastZ = low &+ 0x2525_2525_2525_2525
            let upper = atLeastA & ~pastZ & ~word & 0x8080_8080_8080_8080
            UnsafeMutableRawPointer(target + i).storeBytes(of: word | (upper >> 2), as: UInt64.self)
            i += 8
        }
        while i < count {
            let byte = source[i]
            target[i] = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
            i += 1
        }
    }

    /// Whether `bytes` equal `lowercase` once their ASCII letters are lowercased (`lowercase` holds no
    /// uppercase ASCII letter).
    static func equalIgnoringCase(_ bytes: UnsafeBufferPointer<UInt8>, lowercase: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count == lowercase.count else { return false }
        for i in 0..<bytes.count {
            let byte = bytes[i]
            if (byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) != lowercase[i] { return false }
        }
        return true
    }

    /// Whether `bytes` are exactly the bytes of `text`.
    static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ text: StaticString) -> Bool {
        guard bytes.count == text.utf8CodeUnitCount else { return false }
        guard let base = bytes.baseAddress else { return true }
        return memcmp(base, text.utf8Start, bytes.count) == 0
    }

    /// `s` without the spaces and tabs at either end: HTTP's optional whitespace, and nothing else. Other
    /// Unicode spaces (U+2002) stay, so that a field value is never read as more valid than it is.
    static func trimmingWhitespace(_ s: Substring) -> String {
        var s = s
        return s.withUTF8 { bytes -> String in
            var start = 0
            var end = bytes.count
            while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
            while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
            // Cut at ASCII bytes only: the rest stays valid UTF-8.
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }
    }
}
