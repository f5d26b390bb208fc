import Testing
@testable import LiveUIServer

@Suite("HTTPRequest")
struct HTTPRequestTests {
    @Test("header names are lowercased and looked up case-insensitively")
    func headerNamesLowercased() {
        let mixed = HTTPRequest(method: "GET", path: "/", headers: [("X-LiveUI-Session", "a"), ("Host", "h")])
        #expect(mixed.headers.map(\.name) == ["x-liveui-session", "host"])
        #expect(mixed.header("X-LIVEUI-SESSION") == "a")
    }

    @Test("media type: first non-empty piece before ';', trimmed of spaces and tabs, lowercased")
    func mediaType() {
        func type(_ value: String) -> String? {
            HTTPRequest(method: "POST", path: "/", headers: [("CONTENT-TYPE", value)]).mediaType
        }
        #expect(type("Application/JSON ; charset=utf-8") == "application/json")
        #expect(type("\t application/json") == "application/json")
        #expect(type(";application/json") == "application/json")
        #expect(type(";") == ";")
        #expect(type("") == "")
        // HTTP's optional whitespace is space and tab: a no-break space stays, and no known type matches.
        #expect(type("\u{A0}text/plain") == "\u{A0}text/plain")
        #expect(type(";;a;b") == "a")
        #expect(type(" ;a") == "")
        #expect(type(";\u{301}a;b") == ";\u{301}a")  // a combining mark makes `;́` one character, not a separator
        #expect(HTTPRequest(method: "GET", path: "/").mediaType == nil)
    }
}
