import Foundation
import TestSupport
import Testing
@testable import LiveUIServer

@Suite("FlatJSONObject")
struct FlatJSONObjectTests {
    func parse(_ text: String) throws(FlatJSONError) -> [String: String] {
        try fields(Array(text.utf8))
    }

    func fields(_ bytes: [UInt8]) throws(FlatJSONError) -> [String: String] {
        let members = try FlatJSONObject.parse(bytes)
        return Dictionary(members.compactMap { m in m.value.text.map { (m.name, $0) } }, uniquingKeysWith: { first, _ in first })
    }

    func error(_ text: String) -> FlatJSONError? {
        error(Array(text.utf8))
    }

    func error(_ bytes: [UInt8]) -> FlatJSONError? {
        do {
            _ = try FlatJSONObject.parse(bytes)
            return nil
        } catch {
            return error
        }
    }

    @Test("an event body becomes its members in order, values as text")
    func eventBody() throws {
        let members = try FlatJSONObject.parse(Array(#" {"target":"increment", "type":"click","seq":7,"value":null,"on":true} "#.utf8))
        #expect(members.map(\.name) == ["target", "type", "seq", "value", "on"])
        #expect(members.map(\.value) == [.string("increment"), .string("click"), .number("7"), .null, .bool(true)])
        #expect(try parse("{}") == [:])
        #expect(try parse("\t{\r\n}\n") == [:])
        #expect(try parse(#"{"":"empty name"}"#) == ["": "empty name"])
    }

    @Test("escapes decode, including \\u escapes and surrogate pairs")
    func escapes() throws {
        #expect(try parse(#"{"a":"\"\\\/\b\f\n\r\t"}"#) == ["a": "\"\\/\u{08}\u{0C}\n\r\t"])
        #expect(try parse(#"{"a":"\u00e9\u00C9\u0000"}"#) == ["a": "éÉ\u{0}"])
        #expect(try parse(#"{"a":"\ud83d\ude00","\u0062":"x"}"#) == ["a": "😀", "b": "x"])
        #expect(try parse(#"{"a":"\uDBFF\uDFFF \uFFFF"}"#) == ["a": "\u{10FFFF} \u{FFFF}"])
        #expect(try parse("{\"a\":\"raw é 😀 \u{7F}\"}") == ["a": "raw é 😀 \u{7F}"])
    }

    @Test("bad escapes and lone surrogates are typed errors")
    func badEscapes() {
        #expect(error(#"{"a":"\x"}"#) == .invalidEscape(offset: 6))
        #expect(error(#"{"a":"\U0041"}"#) == .invalidEscape(offset: 6))
        #expect(error(#"{"a":"\u12G4"}"#) == .invalidEscape(offset: 10))
        #expect(error(#"{"a":"\u12"}"#) == .invalidEscape(offset: 10))
        #expect(error(#"{"a":"\u1"#) == .unexpectedEnd)
        #expect(error(#"{"a":"\ud83d"}"#) == .unpairedSurrogate(offset: 6))
        #expect(error(#"{"a":"\ud83dx"}"#) == .unpairedSurrogate(offset: 6))
        #expect(error(#"{"a":"\ud83d\u0041"}"#) == .unpairedSurrogate(offset: 6))
        #expect(error(#"{"a":"\ude00"}"#) == .unpairedSurrogate(offset: 6))
        #expect(error("{\"a\":\"tab\there\"}") == .controlCharacter(offset: 9))
    }

    @Test("invalid UTF-8 is refused wherever it appears")
    func invalidUTF8() {
        let head = Array(#"{"a":""#.utf8)
        let tail = Array(#""}"#.utf8)
        #expect(error(head + [0xFF] + tail) == .invalidUTF8(offset: 6))
        #expect(error(head + [0xC0, 0xAF] + tail) == .invalidUTF8(offset: 6))  // overlong '/'
        #expect(error(head + [0xED, 0xA0, 0x80] + tail) == .invalidUTF8(offset: 6))  // UTF-8 surrogate
        #expect(error(head + [0xF4, 0x90, 0x80, 0x80] + tail) == .invalidUTF8(offset: 6))  // above U+10FFFF
        #expect(error(head + [0xE2, 0x82] + tail) == .invalidUTF8(offset: 6))  // truncated
        #expect(error(head + [0xE2]) == .invalidUTF8(offset: 6))
        #expect(error(Array(#"{""#.utf8) + [0x80] + Array(#"":1}"#.utf8)) == .invalidUTF8(offset: 2))
        #expect(error(Array(#"{"a":1}"#.utf8) + [0xFF]) == .unexpectedByte(0xFF, offset: 7))
    }

    @Test("numbers keep the form Int-then-Double decoding gave them")
    func numbers() throws {
        let cases: [(String, String)] = [
            ("0", "0"), ("-0", "0"), ("3.0", "3"), ("2.5", "2.5"), ("1e2", "100"), ("1E+2", "100"), ("-1.5", "-1.5"),
            ("0.1", "0.1"), ("2.5e-5", "2.5e-05"), ("1e-400", "0"), ("5e-324", "5e-324"), ("1e16", "10000000000000000"),
            ("1e19", "1e+19"), ("9223372036854775807", "9223372036854775807"),
            ("-9223372036854775808", "-9223372036854775808"), ("9223372036854775808", "9.223372036854776e+18"),
            ("9007199254740993.0", "9007199254740993"), ("9007199254740993.5", "9007199254740993"),
            ("9223372036854775807.0", "9.223372036854776e+18"), ("1.0000000000000001", "1"),
            ("1.7976931348623157e308", "1.7976931348623157e+308"),
        ]
        for (json, text) in cases {
            #expect(try parse(#"{"v":\#(json)}"#) == ["v": text], "\(json)")
        }
    }

    @Test("numbers outside JSON's grammar or a Double's range are refused")
    func badNumbers() {
        for json in ["01", "-", "1.", ".5", "+1", "1e", "1e+", "-01", "1.e5", "1.5.5", "1-2", "0x10", "--1", "NaN", "Infinity"] {
            #expect(error(#"{"v":\#(json)}"#) != nil, "\(json)")
        }
        #expect(error(#"{"v":1e400}"#) == .numberOutOfRange(offset: 5))
        #expect(error(#"{"v":-1.7976931348623159e308}"#) == .numberOutOfRange(offset: 5))
        #expect(error(#"{"v":01}"#) == .invalidNumber(offset: 5))
    }

    @Test("only a flat object is accepted")
    func shapes() {
        #expect(error("[]") == .notAnObject)
        #expect(error(#""x""#) == .notAnObject)
        #expect(error("null") == .notAnObject)
        #expect(error(#"{"v":[1]}"#) == .nestedValue(name: "v"))
        #expect(error(#"{"v":{}}"#) == .nestedValue(name: "v"))
        #expect(error("") == .unexpectedEnd)
        #expect(error("   ") == .unexpectedEnd)
        #expect(error("{") == .unexpectedEnd)
        #expect(error("{} x") == .unexpectedByte(UInt8(ascii: "x"), offset: 3))
        #expect(error("{}{}") == .unexpectedByte(UInt8(ascii: "{"), offset: 2))
        #expect(error("\u{0C}{}") == .unexpectedByte(0x0C, offset: 0))
        #expect(error(#"{'a':1}"#) == .unexpectedByte(UInt8(ascii: "'"), offset: 1))
        #expect(error(#"{a:1}"#) == .unexpectedByte(UInt8(ascii: "a"), offset: 1))
        #expect(error(#"{"a" 1}"#) == .unexpectedByte(UInt8(ascii: "1"), offset: 5))
        #expect(error(#"{"a":1 "b":2}"#) == .unexpectedByte(UInt8(ascii: "\""), offset: 7))
        #expect(error(#"{,"a":1}"#) == .unexpectedByte(UInt8(ascii: ","), offset: 1))
        #expect(error(#"{"a":1,,}"#) == .unexpectedByte(UInt8(ascii: ","), offset: 7))
        #expect(error(#"{"a":tru}"#) == .unexpectedByte(UInt8(ascii: "}"), offset: 8))
        #expect(error(#"{"a":nul"#) == .unexpectedEnd)
    }

    @Test("Foundation's leniencies are kept: trailing comma, BOM, UTF-16 and UTF-32")
    func leniencies() throws {
        #expect(try parse(#"{"a":1,}"#) == ["a": "1"])
        #expect(try fields([0xEF, 0xBB, 0xBF] + Array(#"{"a":"b"}"#.utf8)) == ["a": "b"])
        let utf16LE = Array(#"{"a":"é"}"#.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        #expect(try fields(utf16LE) == ["a": "é"])
        #expect(try fields([0xFF, 0xFE] + utf16LE) == ["a": "é"])
        let utf16BE = Array(#"{"a":"b"}"#.utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        #expect(try fields(utf16BE) == ["a": "b"])
        let utf32LE = Array(#"{"a":"b"}"#.unicodeScalars).flatMap { [UInt8($0.value & 0xFF), 0, 0, 0] }
        #expect(try fields(utf32LE) == ["a": "b"])
        #expect(error([0xFF, 0xFE, 0x00, 0xD8]) == .notUnicode)  // a lone surrogate in UTF-16
    }

    @Test("the first of duplicate names wins; later duplicates are only checked for structure")
    func duplicates() throws {
        #expect(try parse(#"{"a":1,"b":2,"a":3}"#) == ["a": "1", "b": "2"])
        #expect(try parse(#"{"a":null,"a":"x"}"#) == [:])
        #expect(try parse(#"{"a":"x","\u0061":"y"}"#) == ["a": "x"])
        #expect(try parse("{\"\u{E9}\":1,\"e\u{301}\":2}") == ["\u{E9}": "1"])  // canonically equal names
        #expect(try parse(#"{"a":1,"a":[1,{"x":[]},],"a":01,"a":"\x","a":1e400}"#) == ["a": "1"])
        #expect(error(#"{"a":1,"a":[1}"#) == .unexpectedByte(UInt8(ascii: "}"), offset: 13))
        #expect(error(#"{"a":1,"a":tru}"#) != nil)
        #expect(error(#"{"a":1,"a":"\u12"}"#) == .invalidEscape(offset: 16))
        let deep = #"{"a":1,"a":"# + String(repeating: "[", count: 511) + String(repeating: "]", count: 511) + "}"
        #expect(try parse(deep) == ["a": "1"])
        let tooDeep = #"{"a":1,"a":"# + String(repeating: "[", count: 512) + String(repeating: "]", count: 512) + "}"
        #expect(error(tooDeep) == .tooDeep(offset: 522))
    }

    @Test("many distinct names stay linear and keep the first of each")
    func manyNames() throws {
        let body = "{" + (0..<5000).map { #""k\#($0 % 2500)":\#($0)"# }.joined(separator: ",") + "}"
        let parsed = try parse(body)
        #expect(parsed.count == 2500)
        #expect(parsed["k7"] == "7")
    }

    @Test("agrees with the JSONDecoder reading it replaces, on generated and mutated bodies")
    func agreesWithJSONDecoder() {
        var g = SplitMix64(0x5EED_F1A7)
        var disagreements: [String] = []
        var accepted = 0
        for _ in 0..<6000 {
            var bytes = Self.document(&g)
            if g.chance(25) { Self.mutate(&bytes, &g) }
            if g.chance(3) { bytes = Array(String(decoding: bytes, as: UTF8.self).utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] } }
            let expected = ReferenceEventJSON.fields(bytes)
            let actual = try? fields(bytes)
            if actual != nil { accepted += 1 }
            if expected != actual, disagreements.count < 10 {
                disagreements.append("\(String(decoding: bytes, as: UTF8.self).debugDescription): \(String(describing: expected)) vs \(String(describing: actual))")
            }
        }
        #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "\n"))")
        // Both outcomes must be well represented, or agreement would prove little.
        #expect(accepted > 1000 && accepted < 5000, "\(accepted) of 6000 accepted")
    }

    @Test("never traps, on random bytes and on truncations of every prefix")
    func neverTraps() {
        var g = SplitMix64(42)
        for _ in 0..<20000 {
            let alphabet: [UInt8] = Array(#"{}[]",:\u0123456789-+.eEtruefalsn "#.utf8) + [0x00, 0x1F, 0x80, 0xBF, 0xC3, 0xED, 0xF0, 0xFF, 0xFE]
            let bytes = (0..<g.int(0, 40)).map { _ in g.chance(80) ? g.pick(alphabet) : UInt8(truncatingIfNeeded: g.next()) }
            _ = try? FlatJSONObject.parse(bytes)
        }
        let sample = Array(#"{"target":"\ud83d\ude00é","type":"click","seq":12,"value":-1.5e3,"x":[{"y":null}],"target":1,}"#.utf8)
        for n in 0...sample.count { _ = try? FlatJSONObject.parse(Array(sample.prefix(n))) }
    }

    @Test("number text agrees with JSONDecoder on random numbers, long mantissas and exponents included")
    func numbersAgreeWithJSONDecoder() {
        var g = SplitMix64(0xD1_617)
        var disagreements: [String] = []
        for _ in 0..<20000 {
            var t = g.chance(30) ? "-" : ""
            let digits = g.int(1, g.chance(70) ? 20 : 45)
            t += g.chance(10) ? "0" : String(g.int(1, 9)) + String((1..<digits).map { _ in Character(String(g.int(10))) })
            if g.chance(50) { t += "." + String((0..<g.int(1, 45)).map { _ in Character(String(g.chance(40) ? 0 : g.int(10))) }) }
            if g.chance(50) { t += g.pick(["e", "E", "e+", "e-", "E-"]) + String(g.int(0, g.chance(10) ? 400 : 40)) }
            if g.chance(5) { t += g.pick(["0", ".", "e", "-"]) }
            let body = Array(#"{"v":\#(t)}"#.utf8)
            let expected = ReferenceEventJSON.fields(body)
            let actual = try? fields(body)
            if expected != actual, disagreements.count < 10 { disagreements.append("\(t): \(String(describing: expected)) vs \(String(describing: actual))") }
        }
        #expect(disagreements.isEmpty, "\(disagreements.joined(separator: "\n"))")
    }

    // MARK: Generator

    static let names = [#""target""#, #""type""#, #""a""#, #""\u0061""#, "\"\u{E9}\"", "\"e\u{301}\"", #""""#, #""\ud83d\ude00""#]
    static let goodValues = [
        #""x""#, #""""#, #""\"\\\/\b\f\n\r\t""#, #""\u00e9""#, #""\ud83d\ude00""#, "\"\u{7F}é\"", "true", "false", "null", "0", "-0",
        "1", "3.0", "2.5", "1e2", "-1.5e-3", "1e-400", "9223372036854775807", "9223372036854775808", "-9223372036854775809",
        "9007199254740993.0", "9007199254740993.5", "1.0000000000000001", "12345678901234567890e-1", "90071992547409930e-1",
    ]
    static let badValues = [
        #""\ud83d""#, #""\ude00""#, #""\x""#, #""\u12G4""#, "\"tab\there\"", "tru", "nul", "01", "1.", ".5", "-", "1e", "1e400",
        "1-2", "1.5.5", "[]", "[1,]", "{}", #"{"k":[true,{"z":null,}]}"#, "[1 2]", "[", "{\"k\"}",
    ]
    static let spaces = ["", "", "", "", " ", "\n", "\t", "\r\n ", "", "", "", "\u{0C}"]

    static func document(_ g: inout SplitMix64) -> [UInt8] {
        var text = g.pick(spaces) + "{"
        let count = g.int(0, 5)
        for k in 0..<count {
            text += g.pick(spaces) + g.pick(names) + g.pick(spaces) + ":" + g.pick(spaces) + (g.chance(12) ? g.pick(badValues) : g.pick(goodValues)) + g.pick(spaces)
            if k < count - 1 || g.chance(10) { text += "," }
        }
        text += "}" + g.pick(spaces)
        if g.chance(3) { text = g.pick(["[1]", "\"s\"", "7", "null", "{}{}", "\u{FEFF}{\"a\":1}"]) }
        return Array(text.utf8)
    }

    static func mutate(_ bytes: inout [UInt8], _ g: inout SplitMix64) {
        let interesting: [UInt8] = Array(#"{}[]",:\-.e0 "#.utf8) + [0x00, 0x80, 0xC3, 0xED, 0xFF]
        for _ in 0..<g.int(1, 3) {
            let at = bytes.isEmpty ? 0 : g.int(bytes.count)
            switch g.int(3) {
            case 0 where !bytes.isEmpty: bytes.remove(at: at)
            case 1: bytes.insert(g.pick(interesting), at: at)
            default: if !bytes.isEmpty { bytes[at] = g.pick(interesting) }
            }
        }
    }
}
