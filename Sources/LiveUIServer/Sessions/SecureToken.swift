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
        var a = a
        var b = b
        // Contiguous UTF-8 in place (a bridged or foreign string is made native first): no copies.
        return a.withUTF8 { x in b.withUTF8 { y in equalBytes(x, y) } }
    }

    private static func equalBytes(_ x: UnsafeBufferPointer<UInt8>, _ y: UnsafeBufferPointer<UInt8>) -> Bool {
        var diff = UInt8(truncatingIfNeeded: x.count ^ y.count)
        if x.count != y.count { diff |= 1 }
        let n = max(x.count, y.count)
        for i in 0..<n {
            let p = i < x.count ? x[i] : 0
            let q = i < y.count ? y[i] : 0
            diff |= p ^ q
        }
        return diff == 0
    }

    /// Whether `s` looks like an id we issue (32 lowercase hex digits); anything else is not looked up.
    static func isWellFormed(_ s: String) -> Bool {
        s.utf8.count == 32 && ASCII.allBytes(of: s) { ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }
    }
}
