import Foundation
import Testing

@testable import LiveUIServer

@Suite("Event fields read by the decoder")
struct EventFieldsDecoderTests {
    private static func decoded(_ text: String) throws -> EventFields {
        try EventFields.decoded(Array(text.utf8))
    }

    @Test("escapes, non-ASCII text and fractions decode to their text")
    func handWrittenBodiesDecode() throws {
        let fields = try Self.decoded(#"{"target":"a\"b\u00e9","type":"cl\nick","value":1.5,"seq":3,"route":null}"#)
        #expect(fields == EventFields(target: "a\"bé", type: "cl\nick", value: "1.5", seq: "3"))
        let flag = try Self.decoded(#"{"target":"t","type":"change","value":true}"#)
        #expect(flag.value == "true")
        let whole = try Self.decoded(#"{"target":"t","type":"x","value":3.0}"#)
        #expect(whole.value == "3")
    }

    @Test("the first of duplicate names wins, as the one pass leaves it to the decoder")
    func firstDuplicateWins() throws {
        let fields = try Self.decoded(#"{"target":"a","target":"b","type":"click"}"#)
        #expect(fields.target == "a")
    }

    @Test("UTF-16 bodies decode; names other than the event's are ignored")
    func otherEncodingsDecode() throws {
        let utf16 = Array(#"{"target":"a","type":"click","other":1}"#.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        let fields = try EventFields.decoded(utf16)
        #expect(fields == EventFields(target: "a", type: "click"))
    }

    @Test("anything but a flat object of strings, numbers, booleans and null is a 400")
    func otherShapesAreRefused() {
        for body in [#"{"target":["a"]}"#, #"{"target":{"a":1}}"#, #"["target"]"#, #"{"target":"a""#, "", "\u{FF}", #""text""#] {
            #expect(throws: ServerError.self, "\(body.debugDescription)") { try Self.decoded(body) }
        }
    }

    @Test("random bytes never trap and are a 400 or fields")
    func randomBytesNeverTrap() throws {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array(#"{}[]",:"\target type value 0123456789.eE-+truefalsenull\u"#.utf8) + [0, 0xC3, 0xA9, 0xFF]
        for _ in 0..<2000 {
            let bytes = (0..<Int.random(in: 0...40, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            _ = try? EventFields.decoded(bytes)
        }
        let fields = try Self.decoded(#"{"target":"a","type":"b"}"#)
        #expect(fields.type == "b")
    }
}
