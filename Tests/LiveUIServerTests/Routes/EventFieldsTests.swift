import Testing
@testable import LiveUIServer

@Suite("Event fields read in one pass")
struct EventFieldsTests {
    private static func fields(_ text: String) -> EventFields? { EventFields.plainJSON(Array(text.utf8)) }

    @Test("the bodies LiveUI's client sends are read in one pass, as the full parser reads them")
    func clientBodiesTakeTheOnePass() throws {
        let bodies = [
            #"{"target":"increment","type":"click"}"#,
            #"{"target":"k12","type":"input","value":"Jo","seq":1733150000123,"route":"/counter"}"#,
            #"{"target":"s","type":"scroll","value":1200,"seq":0}"#,
            #"{"target":"t","type":"change","value":true,"route":null}"#,
            #"{"target":"t","type":"change","value":false,"token":"abc"}"#,
            " {\n\t\"target\" : \"a b\" ,\r\n\"type\":\"click\" } \n",
        ]
        for body in bodies {
            let plain = try #require(Self.fields(body), "\(body)")
            #expect(plain == (try EventFields.decoded(Array(body.utf8))), "\(body)")
        }
        #expect(Self.fields(#"{"target":"a","type":"click","value":7}"#)?.value == "7")
        #expect(Self.fields(#"{"target":"a","type":"click","value":null}"#) == EventFields(target: "a", type: "click"))
    }

    @Test("anything else is left to the full parser")
    func otherBodiesAreLeft() {
        for body in [
            #"{"target":"a\"b","type":"click"}"#, #"{"target":"é","type":"click"}"#, #"{"target":"a","type":"click","other":1}"#,
            #"{"target":"a","target":"b"}"#, #"{"target":"a","seq":-1}"#, #"{"target":"a","seq":1.5}"#, #"{"target":"a","seq":01}"#,
            #"{"target":"a","seq":1e3}"#, #"{"target":"a","seq":1234567890123456789}"#, #"{"target":"a",}"#, "{}", "",
            #"{"target":"a"} x"#, #"{"target":["a"]}"#, #"{"target":tru}"#, #"["target"]"#, #"{"target":"a""#, #"{"":"a"}"#,
            "\u{FEFF}{\"target\":\"a\"}", #"{"target":"a\u{7}"}"#, #"{"Target":"a"}"#,
        ] {
            #expect(Self.fields(body) == nil, "\(body.debugDescription)")
        }
        // UTF-16: zero bytes are never plain.
        #expect(EventFields.plainJSON(Array(#"{"target":"a"}"#.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }) == nil)
    }

    @Test("random bodies: whenever the one pass reads a body, the full parser reads it the same")
    func randomBodiesAgree() {
        var generator = SystemRandomNumberGenerator()
        let names = ["target", "type", "value", "seq", "route", "token", "other", "Target", "", "tar\\u0067et"]
        let values = [
            "\"a\"", "\"\"", "\"x y\"", "\"a\\\"b\"", "\"é\"", "0", "7", "42", "-1", "01", "1.5", "1e2", "true", "false",
            "null", "[]", "{}", "tru", "\"\u{7F}\"", "123456789012345678", "1234567890123456789", "\"\\u0041\"",
        ]
        let spaces = ["", " ", "\n", "\t ", "\r\n"]
        var plainCount = 0
        for _ in 0..<3000 {
            var body = spaces.randomElement(using: &generator)! + "{"
            let count = Int.random(in: 0...4, using: &generator)
            for index in 0..<count {
                if index > 0 { body += "," }
                body += spaces.randomElement(using: &generator)! + "\"" + names.randomElement(using: &generator)! + "\""
                body += spaces.randomElement(using: &generator)! + ":" + spaces.randomElement(using: &generator)!
                body += values.randomElement(using: &generator)!
            }
            if Int.random(in: 0..<10, using: &generator) == 0 { body += "," }
            body += "}" + spaces.randomElement(using: &generator)!
            let bytes = Array(body.utf8)
            guard let plain = EventFields.plainJSON(bytes) else { continue }
            plainCount += 1
            #expect(plain == (try? EventFields.decoded(bytes)), "\(body.debugDescription)")
        }
        // The one pass was exercised, not skipped.
        #expect(plainCount > 100)
    }
}
