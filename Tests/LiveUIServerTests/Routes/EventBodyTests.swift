import Testing
@testable import LiveUIServer

@Suite("EventBody")
struct EventBodyTests {
    func request(_ type: String, _ body: String) -> HTTPRequest {
        HTTPRequest(method: "POST", path: "/liveui/event", headers: [("Content-Type", type)], body: Array(body.utf8))
    }

    @Test("JSON fields: numbers and booleans become text, null is absent")
    func json() throws {
        let b = try EventBody.parse(request("application/json", #"{"target":"s","type":"change","value":2.5,"seq":3,"route":null}"#))
        #expect(b == EventBody(target: "s", type: "change", value: "2.5", seq: 3, route: nil, token: nil))
        let t = try EventBody.parse(request("application/json; charset=utf-8", #"{"target":"t","type":"change","value":true}"#))
        #expect(t.value == "true")
    }

    @Test("duplicate names: a JSON body keeps the first, a form body the last; other names are ignored")
    func duplicatesAndUnknownNames() throws {
        let json = try EventBody.parse(request("application/json",
            #"{"target":"a","targets":"x","type":"click","target":"b","tokens":"y","token":"t","seq":1,"seq":2}"#))
        #expect(json == EventBody(target: "a", type: "click", value: nil, seq: 1, route: nil, token: "t"))
        let form = try EventBody.parse(request("application/x-www-form-urlencoded",
            "target=a&type=click&target=b&value=1&values=x&value=2&rout=z"))
        #expect(form == EventBody(target: "b", type: "click", value: "2", seq: nil, route: nil, token: nil))
        // A first `null` hides later values in JSON, as Foundation's decoder did.
        #expect(throws: ServerError.self) {
            try EventBody.parse(self.request("application/json", #"{"target":null,"type":"click","target":"b"}"#))
        }
    }

    @Test("a tab name is read from JSON, plain or not, and from forms; anything but 1-64 of [A-Za-z0-9_-] is a 400")
    func tabNames() throws {
        let plain = try EventBody.parse(request("application/json", #"{"target":"a","type":"click","seq":4,"tab":"9f3c-a_1"}"#))
        #expect(plain.tab == "9f3c-a_1" && plain.seq == 4)
        let escaped = try EventBody.parse(request("application/json", #"{"target":"a","type":"click","tab":"\u0041b"}"#))
        #expect(escaped.tab == "Ab")
        let form = try EventBody.parse(request("application/x-www-form-urlencoded", "target=a&type=click&tab=x-1"))
        #expect(form.tab == "x-1")
        #expect(try EventBody.parse(request("application/json", #"{"target":"a","type":"click"}"#)).tab == nil)
        for bad in [#""""#, #""a b""#, #""a.b""#, "\"\(String(repeating: "z", count: 65))\""] {
            #expect(throws: ServerError.self, "\(bad)") {
                try EventBody.parse(self.request("application/json", #"{"target":"a","type":"click","tab":"# + bad + "}"))
            }
        }
        #expect(TabName.isValid(String(repeating: "Z", count: 64)) && !TabName.isValid("é"))
    }

    @Test("form fields are percent-decoded with + as space")
    func form() throws {
        let b = try EventBody.parse(
            request("application/x-www-form-urlencoded", "target=name&type=input&value=J%C3%BCrgen+M&token=t0k&route=%2Fx"))
        #expect(b == EventBody(target: "name", type: "input", value: "Jürgen M", seq: nil, route: "/x", token: "t0k"))
    }
}
