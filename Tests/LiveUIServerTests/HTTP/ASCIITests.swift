import Foundation
import Testing
@testable import LiveUIServer

@Suite("ASCII")
struct ASCIITests {
    static let samples = [
        "", "a", "Content-Length", "content-length", "X-LiveUI-Session", "  a\t", "\t\t", " ", "É", "ÀbC", "\u{212A}", "x\u{A0}",
        "\u{A0} y \u{2003}", "İ", "a b", "straße", "\u{0B}a\u{0C}", "\r\na\n", "\u{1F}x\u{7F}",
        "x-liveui-session", "X-LIVEUI-SESSION", "x-liveui-sessioN", "x-liveui-sessions", "y-liveui-session",
        "application/json", "Application/JSON", "application/jsoN", "application/json;", "x-liveui-sessió",
    ]

    @Test("lowercased matches String.lowercased, ASCII or not")
    func lowercased() {
        for s in Self.samples { #expect(ASCII.lowercased(s) == s.lowercased(), "\(s.debugDescription)") }
    }

    @Test("headerValue matches String(decoding:as:), case kept")
    func headerValueBytes() {
        for s in Self.samples {
            var s = s
            #expect(s.withUTF8 { ASCII.headerValue($0) } == s, "\(s.debugDescription)")
        }
        let invalid: [UInt8] = [0x61, 0xFF, 0x62]
        #expect(invalid.withUnsafeBufferPointer { ASCII.headerValue($0) } == String(decoding: invalid, as: UTF8.self))
    }

    @Test("lowercase, eight bytes at a time, lowercases exactly A–Z: every byte value, every length and alignment")
    func lowercaseBytes() {
        let all = (0...255).map(UInt8.init) + Array("Content-Length: X-LiveUI-Session".utf8)
        func expected(_ byte: UInt8) -> UInt8 { (0x41...0x5A).contains(byte) ? byte + 0x20 : byte }
        for start in 0..<9 {
            for count in [0, 1, 7, 8, 9, 15, 16, 17, all.count - start] where start + count <= all.count {
                var out = [UInt8](repeating: 0xEE, count: count + 1)
                all.withUnsafeBufferPointer { source in
                    out.withUnsafeMutableBufferPointer { target in
                        ASCII.lowercase(source.baseAddress! + start, into: target.baseAddress!, count: count)
                    }
                }
                #expect(Array(out[..<count]) == all[start..<(start + count)].map(expected), "start \(start), count \(count)")
                #expect(out[count] == 0xEE, "wrote past the end: start \(start), count \(count)")
            }
        }
    }

    @Test("equalIgnoringCase compares ASCII letters without case, other bytes exactly")
    func equalIgnoringCaseBytes() {
        func same(_ a: String, _ lowercase: String) -> Bool {
            var a = a
            var b = lowercase
            return a.withUTF8 { x in b.withUTF8 { ASCII.equalIgnoringCase(x, lowercase: $0) } }
        }
        #expect(same("X-LiveUI-Session", "x-liveui-session"))
        #expect(same("", ""))
        #expect(!same("X-LiveUI-Session", "x-liveui-sessio"))
        #expect(!same("x-liveui-token", "x-liveui-tokem"))
        #expect(!same("É", "é"))
        #expect(same("É", "É"))
        #expect(!same("[", "{"))
    }

    @Test("trimmingWhitespace trims spaces and tabs only, as HTTP's optional whitespace is")
    func trimming() {
        for s in Self.samples + ["\u{2002}2", " \u{2002}2\t", "\u{A0}x\u{A0}"] {
            #expect(ASCII.trimmingWhitespace(s[...]) == s.trimmingCharacters(in: CharacterSet(charactersIn: " \t")), "\(s.debugDescription)")
        }
    }

    @Test("allBytes matches UTF8View.allSatisfy, for small and heap strings")
    func allBytes() {
        let long = String(repeating: "abcdef0123", count: 8)
        for s in Self.samples + [long, long + "X", long + "é"] {
            #expect(ASCII.allBytes(of: s) { $0 < 0x80 } == s.utf8.allSatisfy { $0 < 0x80 }, "\(s.debugDescription)")
            #expect(ASCII.allBytes(of: s) { $0 != 0x61 } == s.utf8.allSatisfy { $0 != 0x61 }, "\(s.debugDescription)")
            #expect(ASCII.isLowercase(s) == (s.utf8.allSatisfy { $0 < 0x80 } && s.lowercased() == s), "\(s.debugDescription)")
        }
    }
}
