import Foundation
import Testing

@testable import LiveUI

@Suite("Patch wire format")
struct PatchTests {
    @Test("each op encodes to the exact JSON of docs/ARCHITECTURE.md, \"Patches\"")
    func exactJSON() {
        #expect(Patch.text(id: "k3", text: "Count: 2").json == #"{"op":"text","id":"k3","text":"Count: 2"}"#)
        #expect(
            Patch.attrs(id: "k3", set: ["class": "on"], remove: ["disabled"]).json
                == #"{"op":"attrs","id":"k3","set":{"class":"on"},"remove":["disabled"]}"#)
        #expect(
            Patch.insert(parent: "k2", index: 0, html: "<li data-lid=\"k12\">x</li>").json
                == #"{"op":"insert","parent":"k2","index":0,"html":"<li data-lid=\"k12\">x</li>"}"#)
        #expect(
            Patch.attrs(id: "k3", set: ["b": "2", "a": "\"1\""], remove: ["x", "y"]).json
                == #"{"op":"attrs","id":"k3","set":{"a":"\"1\"","b":"2"},"remove":["x","y"]}"#)
        #expect(Patch.text(id: "k3", text: "a\u{2028}\u{1}").json == #"{"op":"text","id":"k3","text":"a\u2028\u0001"}"#)
        #expect(Patch.remove(id: "k7").json == #"{"op":"remove","id":"k7"}"#)
        #expect(Patch.move(id: "k7", parent: "k2", index: 3).json == #"{"op":"move","id":"k7","parent":"k2","index":3}"#)
    }

    @Test("numbers are written as String(n) writes them")
    func numbersAsStringWritesThem() {
        var values = [0, 1, 9, 10, 11, 99, 100, 101, 999, 1000, 12_345, -1, -9, -10, -100, Int.max, Int.min, Int.max - 1, Int.min + 1]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 { values.append(Int.random(in: Int.min...Int.max, using: &generator) >> Int.random(in: 0...62, using: &generator)) }
        for n in values {
            #expect(assembleUTF8 { $0.append(n) } == String(n), "\(n)")
            #expect(assembleUTF8 { $0.append("["); $0.append(n); $0.append("]") } == "[\(n)]")
        }
    }

    @Test("texts longer than the first buffer are written whole, escapes and numbers across its end too")
    func longTexts() {
        for length in [0, 1, 990, 1000, 1010, 1017, 1018, 1019, 1020, 1023, 1024, 1025, 2000, 5000] {
            let plain = String(repeating: "a", count: length)
            #expect(Patch.text(id: "k1", text: plain).json == #"{"op":"text","id":"k1","text":""# + plain + #""}"#)
            let quoted = String(repeating: "a\"", count: length / 2)
            #expect(
                Patch.text(id: "k1", text: quoted).json
                    == #"{"op":"text","id":"k1","text":""# + quoted.replacingOccurrences(of: "\"", with: "\\\"") + #""}"#)
            let html = String(repeating: "x", count: length)
            #expect(
                Patch.insert(parent: "k2", index: 123_456, html: html).json
                    == #"{"op":"insert","parent":"k2","index":123456,"html":""# + html + #""}"#)
            let update = Update(version: 1_000_000 + length, patches: [.text(id: "k1", text: plain), .remove(id: "k9")])
            #expect(update.json == "{\"version\":\(1_000_000 + length),\"patches\":[" + update.patchesText + "]}")
        }
    }

    @Test("a text assembled into allocated memory is the same bytes as the string, across the first buffer's end")
    func allocatedTexts() {
        for length in [0, 1, 1000, 1017, 1018, 1023, 1024, 1025, 5000] {
            let update = Update(version: length, patches: [.text(id: "k1", text: String(repeating: "é\"", count: length / 3))])
            let write = { (out: inout UTF8Assembly) in
                Update.appendAnswerJSON(version: update.version, seq: length, patchesText: update.patchesText, to: &out)
            }
            guard let memory = assembleUTF8Allocated(write) else {
                Issue.record("malloc failed for \(length)")
                continue
            }
            defer { free(memory.baseAddress) }
            #expect(Array(memory) == Array(update.json(seq: length).utf8), "\(length)")
            #expect(Array(memory) == Array(assembleUTF8(write).utf8))
        }
    }

    @Test("JSON round-trips through Codable")
    func roundTrip() throws {
        let patches: [Patch] = [
            .text(id: "k1", text: "a\"b\n\u{1}"), .attrs(id: "k2", set: ["x": "1"], remove: []),
            .replace(id: "k3", html: "<b>"), .insert(parent: "root", index: 2, html: ""), .remove(id: "k4"),
            .move(id: "k5", parent: "k6", index: 0),
        ]
        for patch in patches {
            let decoded = try JSONDecoder().decode(Patch.self, from: Data(patch.json.utf8))
            #expect(decoded == patch)
            let reencoded = try JSONDecoder().decode(Patch.self, from: JSONEncoder().encode(patch))
            #expect(reencoded == patch)
        }
    }

    @Test("any text survives the wire: escaped where JSON and JavaScript need it, copied as it is elsewhere")
    func escaping() throws {
        let texts = [
            "", "plain", "\"", "\\", "\u{0}\u{1F}\u{7F}", "\r\n\t", "é € … — 😀", "\u{2028}\u{2029}", "x\u{2028}",
            "\u{E2}", "a\u{2027}b\u{202A}", String(repeating: "long text with \"quotes\" ", count: 40),
        ]
        for text in texts {
            let json = Patch.text(id: "k1", text: text).json
            #expect(try JSONDecoder().decode(Patch.self, from: Data(json.utf8)) == .text(id: "k1", text: text), "\(text.debugDescription)")
            // Raw line terminators and controls never reach the wire; other characters are not escaped.
            #expect(!json.unicodeScalars.contains { $0.value < 0x20 || $0 == "\u{2028}" || $0 == "\u{2029}" })
            #expect(JSONString(text) == String(json.dropFirst(#"{"op":"text","id":"k1","text":"#.count).dropLast()))
        }
        #expect(JSONString("é€…😀") == "\"é€…😀\"")
    }

    @Test("a character that needs escaping is escaped wherever it falls in a run of plain text")
    func escapingAtEveryOffset() {
        /// The escaping of `appendJSONString`, one scalar at a time.
        func reference(_ text: String) -> String {
            var out = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\r": out += "\\r"
                case "\t": out += "\\t"
                case _ where scalar.value < 0x20 || scalar == "\u{2028}" || scalar == "\u{2029}":
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                default: out.unicodeScalars.append(scalar)
                }
            }
            return out + "\""
        }
        let plain = "abcdefghijklmnopqrstuvwx"
        for special in ["\"", "\\", "\u{0}", "\u{1F}", "\n", "\u{2028}", "\u{2029}", "\u{2027}", "é", "😀"] {
            for offset in 0...plain.count {
                let text = String(plain.prefix(offset)) + special + String(plain.dropFirst(offset))
                #expect(JSONString(text) == reference(text), "\(text.debugDescription)")
            }
        }
    }

    @Test("an update's wire forms: with and without the event's seq, and several patches")
    func updateJSON() {
        let update = Update(version: 7, patches: [.remove(id: "k1"), .text(id: "k2", text: "x")])
        #expect(update.json == #"{"version":7,"patches":[{"op":"remove","id":"k1"},{"op":"text","id":"k2","text":"x"}]}"#)
        #expect(update.json(seq: 3) == #"{"version":7,"seq":3,"patches":[{"op":"remove","id":"k1"},{"op":"text","id":"k2","text":"x"}]}"#)
        #expect(update.json(seq: nil).contains(#""seq":null,"#))
        #expect(update.patchesJSON == #"[{"op":"remove","id":"k1"},{"op":"text","id":"k2","text":"x"}]"#)
        #expect(update.patchBytes == update.patches.map { $0.json.utf8.count }.reduce(0, +))
        #expect(Update(version: 1, patches: []).json == #"{"version":1,"patches":[]}"#)
    }
}
