import Foundation
import Testing
import TestSupport
@testable import LiveUIServer

@Suite("HTTPHeaders")
struct HTTPHeadersTests {
    /// Appends `name` and `value` from their bytes, as the server's value iterator does.
    static func appendingBytes(_ fields: [(String, [UInt8])]) -> HTTPHeaders {
        HTTPHeaders(fields: fields.count, bytes: fields.reduce(0) { $0 + $1.0.utf8.count + $1.1.count }) { writer in
            for (name, value) in fields {
                let nameBytes = Array(name.utf8)
                nameBytes.withUnsafeBufferPointer { n in value.withUnsafeBufferPointer { v in writer.append(name: n, value: v) } }
            }
        }
    }

    @Test("fields keep their arrival order, names lowercased by their ASCII letters, values as sent")
    func orderAndCase() {
        let headers = Self.appendingBytes([
            ("Host", Array("Example.ORG".utf8)), ("X-LiveUI-Session", Array("AbC".utf8)), ("Cookie", Array("a=1".utf8)),
            ("cookie", Array("b=2".utf8)), ("ÉTag-X", Array("v".utf8)),
        ])
        #expect(headers.count == 5)
        #expect(headers.map(\.name) == ["host", "x-liveui-session", "cookie", "cookie", "Étag-x"])
        #expect(headers.map(\.value) == ["Example.ORG", "AbC", "a=1", "b=2", "v"])
        #expect(headers.first("X-LIVEUI-SESSION") == "AbC")
        #expect(headers.first("cookie") == "a=1")
        #expect(headers.all("COOKIE") == ["a=1", "b=2"])
        #expect(headers.first("origin") == nil)
        #expect(headers.all("origin").isEmpty)
    }

    @Test("a value is read as UTF-8 with invalid bytes replaced, as String(cString:) reads it")
    func invalidUTF8() {
        let bytes: [UInt8] = [0x61, 0xC3, 0x28, 0xFF, 0x62]
        let headers = Self.appendingBytes([("x-a", bytes)])
        #expect(headers.first("x-a") == bytes.withUnsafeBufferPointer { p in
            String(cString: (p.map { CChar(bitPattern: $0) } + [0]))
        })
    }

    @Test("fields that do not fit the room made for them are dropped, whole")
    func overflow() {
        let headers = HTTPHeaders(fields: 2, bytes: 6) { writer in
            for (name, value) in [("a", "bc"), ("d", "efgh"), ("i", "j"), ("k", "")] {
                var name = name
                var value = value
                name.withUTF8 { n in value.withUTF8 { v in writer.append(name: n, value: v) } }
            }
        }
        #expect(headers.map(\.name) == ["a", "i"])
        #expect(headers.map(\.value) == ["bc", "j"])
        #expect(HTTPHeaders(fields: 0, bytes: 10) { _ in }.isEmpty)
        #expect(HTTPHeaders().first("a") == nil)
    }

    @Test("empty names and values, and an exact-value test that needs the whole value")
    func emptyAndExact() {
        let headers = Self.appendingBytes([
            ("", []), ("content-type", Array("application/json".utf8)), ("x-empty", []),
            ("content-type", Array("text/plain".utf8)),
        ])
        #expect(headers.first("x-empty") == "")
        #expect(headers.first("") == "")
        #expect(headers.first("content-type", is: "application/json"))
        #expect(!headers.first("content-type", is: "application/jso"))
        #expect(!headers.first("x-empty", is: "a"))
        #expect(!headers.first("accept", is: ""))
    }

    @Test("random fields: lookups agree with a list of lowercased strings")
    func agreesWithList() {
        var random = SplitMix64(0x4845_4144)
        let names = ["Host", "host", "X-LiveUI-Token", "Content-Length", "content-length", "Accept", "A", "", "x-\u{212A}"]
        let values = ["", "1", "application/json", "a, b", "\u{E9}t\u{E9}", String(repeating: "v", count: 40)]
        for _ in 0..<300 {
            let list = (0..<random.int(0, 8)).map { _ in (name: random.pick(names), value: random.pick(values)) }
            let headers = HTTPHeaders(list)
            let expected = list.map { (name: ASCII.lowercased($0.name), value: $0.value) }
            #expect(headers.count == expected.count)
            for name in names where name.allSatisfy(\.isASCII) {
                let lower = name.lowercased()
                #expect(headers.first(name) == expected.first { $0.name == lower }?.value)
                #expect(headers.all(name) == expected.filter { $0.name == lower }.map(\.value))
            }
            #expect(headers.map(\.value) == expected.map(\.value))
        }
    }
}
