import Foundation
@testable import LiveUI
import TestSupport
import Testing

/// The direct JSON of common scalar types writes exactly what `JSONEncoder` writes, so that saved state reads
/// the same whichever path encoded it.
@Suite("Scalar JSON")
struct ScalarJSONTests {
    private static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// Checks that the fast path covers `value` and writes the encoder's bytes, and that they decode back.
    private func same<T: Codable & Equatable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let expected = try Self.encoder().encode(value)
        let fast = try #require(ScalarJSON.encode(value, as: T.self), "not covered: \(value)", sourceLocation: sourceLocation)
        #expect(fast == expected, "\(value): \(String(decoding: fast, as: UTF8.self)) ≠ \(String(decoding: expected, as: UTF8.self))",
                sourceLocation: sourceLocation)
        #expect(try JSONDecoder().decode(T.self, from: fast) == value, sourceLocation: sourceLocation)
    }

    static let ints: [Int] = [0, 1, -1, 7, 42, -42, 1000, 65_535, -1_000_000, Int(Int32.max), Int(Int32.min), .max, .min]
    static let doubles: [Double] = [
        0, -0.0, 1, -1, 0.5, 1.5, 3.14159, -2.75, 0.1, 0.2, 0.30000000000000004, 1e-7, 1.5e-10, 123_456_789.125,
        1e15, 1e16, 1e17, 9.007_199_254_740_993e15, 1e20, 1e21, 1e22, 1e100, -1e300, .leastNonzeroMagnitude, .leastNormalMagnitude,
        .greatestFiniteMagnitude, .pi, 100, 2.5e3, 1_234_567_890_123,
    ]
    static let strings: [String] = [
        "", "a", "hello", "hello world", "blue sky", "a/b", "http://x.y/z", "'single'", "~!@#$%^&*()_+-=[]{}|;:,.<>?`",
        "café", "日本語", "emoji 🎉 and more", "\u{7F}", "\u{80}", "\u{2028}", "\u{FEFF}", "zero\u{200B}width",
        String(repeating: "long ", count: 100),
    ]

    @Test("integers, booleans and their optionals and arrays are the encoder's bytes")
    func integersAndBooleans() throws {
        for value in Self.ints {
            try same(value)
            try same(Int?.some(value))
        }
        try same(true)
        try same(false)
        try same(Bool?.some(true))
        try same(Int?.none)
        try same(Bool?.none)
        try same(Self.ints)
        try same([Int]())
        try same([true, false, true])
    }

    @Test("finite doubles are the encoder's bytes")
    func doubles() throws {
        for value in Self.doubles {
            try same(value)
            try same(-value)
            try same(Double?.some(value))
        }
        // A spread of magnitudes and fractions, from a fixed seed.
        var generator = SplitMix64(45)
        for _ in 0..<2_000 {
            let mantissa = Double(generator.next() % 2_000_000) / 1000 - 1000
            let exponent = Int(generator.next() % 80) - 40
            try same(mantissa * pow(10, Double(exponent)))
            try same(Double(bitPattern: generator.next() & 0x7FEF_FFFF_FFFF_FFFF))
        }
        try same(Double?.none)
        try same(Self.doubles)
    }

    @Test("non-finite doubles are left to the encoder")
    func nonFinite() {
        #expect(ScalarJSON.encode(Double.nan, as: Double.self) == nil)
        #expect(ScalarJSON.encode(Double.infinity, as: Double.self) == nil)
        #expect(ScalarJSON.encode([1, Double.infinity], as: [Double].self) == nil)
        #expect(ScalarJSON.encode(Double?.some(-.infinity), as: Double?.self) == nil)
    }

    @Test("strings without characters to escape are the encoder's bytes")
    func strings() throws {
        for value in Self.strings {
            try same(value)
            try same(String?.some(value))
            #expect(ScalarJSON.string(value) == String(decoding: try Self.encoder().encode(value), as: UTF8.self))
        }
        try same(String?.none)
        try same(Self.strings)
        // A bridged or sliced string that is not stored as contiguous UTF-8 takes the same path.
        try same(String(Substring("prefix plain text suffix").dropFirst(7)))
        try same(NSString(string: "from Foundation") as String)
    }

    @Test("strings that need escaping are left to the encoder, and StateCoder still writes the encoder's bytes")
    func escaped() throws {
        let coder = StateCoder()
        for value in ["quote \"", "back\\slash", "new\nline", "tab\t", "\u{0}", "\u{1F}", "bell\u{7}"] {
            #expect(ScalarJSON.encode(value, as: String.self) == nil)
            #expect(ScalarJSON.string(value) == nil)
            #expect(ScalarJSON.encode([value], as: [String].self) == nil)
            guard case .bytes(let data) = coder.encode(value, as: String.self) else {
                Issue.record("not encoded: \(value)")
                continue
            }
            #expect(data == (try Self.encoder().encode(value)))
            #expect(coder.decode(String.self, from: data) == value)
        }
    }

    @Test("other types are left to the encoder")
    func otherTypes() {
        #expect(ScalarJSON.encode(Float(1.5), as: Float.self) == nil)
        #expect(ScalarJSON.encode(Int8(3), as: Int8.self) == nil)
        #expect(ScalarJSON.encode(["a": 1], as: [String: Int].self) == nil)
        #expect(ScalarJSON.encode([[1]], as: [[Int]].self) == nil)
        #expect(ScalarJSON.encode(Int??.some(nil), as: Int??.self) == nil)
        // A value that is not of the type it is said to be.
        #expect(ScalarJSON.encode("7", as: Int.self) == nil)
    }

    @Test("StateCoder round-trips the covered types")
    func roundTrip() throws {
        let coder = StateCoder()
        func check<T: Codable & Equatable>(_ value: T) throws {
            guard case .bytes(let data) = coder.encode(value, as: T.self) else {
                Issue.record("not encoded: \(value)")
                return
            }
            #expect(data == (try Self.encoder().encode(value)))
            #expect(coder.decode(T.self, from: data) == value)
        }
        for value in Self.ints { try check(value) }
        for value in Self.doubles { try check(value) }
        for value in Self.strings { try check(value) }
        try check([1.5, 2, -0.25])
        try check(["a", "b c"])
        try check(Int?.none)
        try check(String?.some("x"))
    }
}
