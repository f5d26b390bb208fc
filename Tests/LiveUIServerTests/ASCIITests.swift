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

    @Test("trimmingWhitespace matches trimmingCharacters(in: .whitespaces)")
    func trimming() {
        for s in Self.samples {
            #expect(ASCII.trimmingWhitespace(s[...]) == s.trimmingCharacters(in: .whitespaces), "\(s.debugDescription)")
        }
    }

    @Test("equalsIgnoringCase matches comparing lowercased names")
    func equalsIgnoringCase() {
        for s in Self.samples + ["CONTENT-LENGTH", "content-lengtH", "content-lengt", "Transfer-Encoding", "content-length "] {
            #expect(ASCII.equalsIgnoringCase(s, "content-length") == (s.lowercased() == "content-length"), "\(s.debugDescription)")
            #expect(ASCII.equalsIgnoringCase(s, "transfer-encoding") == (s.lowercased() == "transfer-encoding"), "\(s.debugDescription)")
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
