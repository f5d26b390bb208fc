import Foundation
import Testing

@testable import LiveUI

@Suite("Patch wire format")
struct PatchTests {
    @Test("each op encodes to the exact JSON of DESIGN.md §4")
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
}
