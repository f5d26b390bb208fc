/// Session ids and tokens from the system's cryptographic random source, compared in constant time.
enum SecureToken {
    /// `byteCount` random bytes (≥16, i.e. ≥128 bits) as lowercase hex.
    ///
    /// `SystemRandomNumberGenerator` reads `getrandom(2)` on Linux: a CSPRNG, never seeded by us.
    static func hex(byteCount: Int = 16) -> String {
        precondition(byteCount >= 16, "SecureToken.hex needs at least 128 bits")
        var generator = SystemRandomNumberGenerator()
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(byteCount * 2)
        for _ in 0..<byteCount {
            let byte = UInt8.random(in: 0...255, using: &generator)
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0xF)])
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether `a` equals `b`, taking time that depends only on their lengths.
    static func equal(_ a: String, _ b: String) -> Bool {
        // Contiguous UTF-8 in place (a bridged or foreign string is made native first): no copies.
        a.withUTF8Bytes { x in b.withUTF8Bytes { y in equalBytes(x, y) } }
    }

    /// Whether the bytes of `x` equal those of `y`, taking time that depends only on their lengths.
    static func equalBytes(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Bool {
        // Every byte of the shorter one is compared, eight at a time, whatever differs: no early exit.
        var diff: UInt64 = x.count == y.count ? 0 : 1
        let n = min(x.count, y.count)
        let a = UnsafeRawBufferPointer(x)
        let b = UnsafeRawBufferPointer(y)
        var i = 0
        while i + 8 <= n {
            diff |= a.loadUnaligned(fromByteOffset: i, as: UInt64.self) ^ b.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            i += 8
        }
        while i < n {
            diff |= UInt64(x[i] ^ y[i])
            i += 1
        }
        return diff == 0
    }

    /// Whether `s` looks like an id we issue (32 lowercase hex digits); anything else is not looked up.
    static func isWellFormed(_ s: String) -> Bool {
        s.withUTF8Bytes(isWellFormed)
    }

    /// Whether `bytes` look like an id we issue (32 lowercase hex digits).
    static func isWellFormed(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.count == 32 && bytes.allSatisfy { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }
    }
}
