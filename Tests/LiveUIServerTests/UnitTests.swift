import Foundation
import Synchronization
import LiveUI
import Testing
@testable import LiveUIServer

@Suite("SecureToken")
struct SecureTokenTests {
    @Test("ids are 128 random bits in hex, distinct, and compared in constant time")
    func tokens() {
        let ids = (0..<1000).map { _ in SecureToken.hex() }
        #expect(Set(ids).count == 1000)
        #expect(ids.allSatisfy { $0.count == 32 && SecureToken.isWellFormed($0) })
        #expect(SecureToken.equal("abc", "abc"))
        #expect(!SecureToken.equal("abc", "abd"))
        #expect(!SecureToken.equal("abc", "abcd"))
        #expect(!SecureToken.equal("", "a"))
        #expect(!SecureToken.isWellFormed("ABCDEF0123456789abcdef0123456789"))
        #expect(!SecureToken.isWellFormed("../x"))
    }
}

@Suite("RequestValidation")
struct RequestValidationTests {
    func check(_ method: String = "GET", _ path: String = "/", _ headers: [(String, String)] = []) -> ServerError? {
        RequestValidation.check(method: method, path: path, rawURIIsBad: false, headers: HTTPHeaders(headers), maxBodyBytes: 100)
    }

    @Test("raw targets: origin-form only, no %00")
    func raw() {
        #expect(RequestValidation.rawURIIsAcceptable("/a?b=c"))
        #expect(!RequestValidation.rawURIIsAcceptable("http://h/a"))
        #expect(!RequestValidation.rawURIIsAcceptable("*"))
        #expect(!RequestValidation.rawURIIsAcceptable("/a%00b"))
        #expect(!RequestValidation.rawURIIsAcceptable("/a%%00"))
        #expect(RequestValidation.rawURIIsAcceptable("/a%0b0"))
        #expect(RequestValidation.rawURIIsAcceptable("/%0%0"))
        // libmicrohttpd decodes this %00 to a NUL and truncates: a Character search missed it.
        #expect(!RequestValidation.rawURIIsAcceptable("/a%00\u{301}"))
    }

    @Test("raw targets from C strings agree with the String check")
    func rawCString() {
        for uri in ["/", "/a?b=c", "http://h/a", "*", "", "/a%00b", "/a%00", "/a%0", "/%", "/a%00\u{301}", "/\u{301}x", "/é", "/x%2500"] {
            let fromC = uri.withCString { RequestValidation.rawURIIsAcceptable($0) }
            #expect(fromC == RequestValidation.rawURIIsAcceptable(uri), "\(uri.debugDescription)")
        }
    }

    @Test("a path starts with '/' as hasPrefix decides, combining marks included")
    func pathPrefix() {
        for path in ["/", "/a", "", "a/", "/\u{301}x", "/é", "//", "\u{301}/", "/\u{0}"] {
            #expect(RequestValidation.startsWithSlash(path) == path.hasPrefix("/"), "\(path.debugDescription)")
        }
        #expect(check("GET", "/\u{301}x")?.status == 400)
    }

    @Test("a Content-Length of digits is checked as the list form checks it")
    func contentLengthForms() {
        for values in [["10"], ["10", "10"], ["10", " 10"], ["10", "11"], ["10,10"], ["10, 11"], ["0"], ["101"], ["1 0"], [""]] {
            let headers = values.map { ("content-length", $0) }
            let asList = check("POST", "/", [("content-length", values.joined(separator: ","))])
            #expect(check("POST", "/", headers)?.status == asList?.status, "\(values)")
        }
        #expect(check("POST", "/", [("content-length", "10"), ("content-length", "11")])?.status == 400)
    }

    @Test("framing headers")
    func framing() {
        #expect(check("POST", "/", [("Content-Length", "10")]) == nil)
        #expect(check("POST", "/", [("Content-Length", "10"), ("content-length", "10")]) == nil)
        #expect(check("POST", "/", [("Content-Length", "10"), ("Content-Length", "11")])?.status == 400)
        #expect(check("POST", "/", [("Content-Length", "-1")])?.status == 400)
        #expect(check("POST", "/", [("Content-Length", "101")])?.status == 413)
        #expect(check("POST", "/", [("Content-Length", "99999999999999999999999")])?.status == 413)
        #expect(check("POST", "/", [("Transfer-Encoding", "chunked")]) == nil)
        #expect(check("POST", "/", [("Transfer-Encoding", "Chunked")]) == nil)
        #expect(check("POST", "/", [("Transfer-Encoding", "chunked"), ("Content-Length", "3")])?.status == 400)
        #expect(check("POST", "/", [("Transfer-Encoding", "identity")])?.status == 501)
        #expect(check("POST", "/", [("CONTENT-LENGTH", " 10\t, 10 ")]) == nil)
        #expect(check("POST", "/", [("transfer-encoding", " CHUNKED ")]) == nil)
        // Empty list items are skipped, blank ones are not: as a comma split skips and keeps them.
        #expect(check("POST", "/", [("Content-Length", "10,,10")]) == nil)
        #expect(check("POST", "/", [("Content-Length", " ,10")])?.status == 400)
        #expect(check("POST", "/", [("Content-Length", ","), ("Transfer-Encoding", "chunked")]) == nil)
    }

    @Test("paths and methods")
    func paths() {
        #expect(check("GET", "/a/b.js") == nil)
        #expect(check("GET", "/a/../b")?.status == 400)
        #expect(check("GET", "/..")?.status == 400)
        #expect(check("GET", "/a/.")?.status == 400)
        #expect(check("GET", "/a/.b") == nil)
        #expect(check("GET", "/a/...") == nil)
        #expect(check("GET", "/a/.\u{301}") == nil)
        #expect(check("GET", "/./a")?.status == 400)
        // A combining mark after a slash used to hide the dot segment before it from a Character split.
        #expect(check("GET", "/../\u{301}x")?.status == 400)
        #expect(check("GET", "a")?.status == 400)
        #expect(check("BREW", "/")?.status == 501)
    }

    @Test("known methods are exactly the listed ones, case-sensitive")
    func methods() {
        for method in RequestValidation.knownMethods { #expect(RequestValidation.isKnownMethod(method)) }
        for method in ["get", "Post", "", "GETS", "PROPFIND", "G\u{0}ET"] { #expect(!RequestValidation.isKnownMethod(method)) }
    }

    @Test("a dot segment is found exactly where splitting on '/' finds one")
    func dotSegments() {
        let pieces = ["", ".", "..", "...", "a", ".a", "a.", "é", ".\u{301}", "%2e"]
        for a in pieces {
            for b in pieces {
                for path in ["/\(a)/\(b)", "/\(a)/\(b)/", "/\(a)\(b)", "/x/\(a)/y/\(b)"] {
                    let expected = path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
                        .contains { Array($0) == [0x2E] || Array($0) == [0x2E, 0x2E] }
                    #expect(RequestValidation.hasDotSegment(path) == expected, "\(path.debugDescription)")
                }
            }
        }
    }
}

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

    @Test("header names are lowercased and looked up case-insensitively")
    func headerNamesLowercased() {
        let mixed = HTTPRequest(method: "GET", path: "/", headers: [("X-LiveUI-Session", "a"), ("Host", "h")])
        #expect(mixed.headers.map(\.name) == ["x-liveui-session", "host"])
        #expect(mixed.header("X-LIVEUI-SESSION") == "a")
    }

    @Test("media type: first non-empty piece before ';', trimmed and lowercased")
    func mediaType() {
        func type(_ value: String) -> String? {
            HTTPRequest(method: "POST", path: "/", headers: [("CONTENT-TYPE", value)]).mediaType
        }
        #expect(type("Application/JSON ; charset=utf-8") == "application/json")
        #expect(type("\t application/json") == "application/json")
        #expect(type(";application/json") == "application/json")
        #expect(type(";") == ";")
        #expect(type("") == "")
        #expect(type("\u{A0}text/plain") == "text/plain")
        #expect(type(";;a;b") == "a")
        #expect(type(" ;a") == "")
        #expect(type(";\u{301}a;b") == ";\u{301}a")  // a combining mark makes `;́` one character, not a separator
        #expect(HTTPRequest(method: "GET", path: "/").mediaType == nil)
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

@Suite("Metrics")
struct MetricsTests {
    @Test("histogram buckets are cumulative and the exposition is well-formed")
    func histogram() {
        let m = Metrics()
        m.event(seconds: 0.0004, failed: false)
        m.event(seconds: 0.2, failed: true)
        m.response(status: 200, bytes: 4)
        m.response(status: 404, bytes: 6)
        let text = m.render()
        #expect(text.contains("liveui_event_duration_seconds_bucket{le=\"0.0005\"} 1\n"))
        #expect(text.contains("liveui_event_duration_seconds_bucket{le=\"0.25\"} 2\n"))
        #expect(text.contains("liveui_event_duration_seconds_bucket{le=\"+Inf\"} 2\n"))
        #expect(text.contains("liveui_event_duration_seconds_count 2\n"))
        #expect(text.contains("liveui_event_errors_total 1\n"))
        #expect(text.contains("liveui_http_requests_total{status=\"404\"} 1\n"))
        #expect(text.contains("liveui_bytes_out_total 10\n"))
        #expect(text.contains("liveui_http_requests_total{status=\"200\"} 1\n"))
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            #expect(line.split(separator: " ").count == 2, "\(line)")
        }
    }

    @Test("an event on a bound counts in that bucket; one above every bound only in +Inf; statuses are listed in order")
    func bucketBoundsAndStatusOrder() {
        let m = Metrics()
        m.event(seconds: 0.001, failed: false)
        m.event(seconds: 0.0010001, failed: false)
        m.event(seconds: 7, failed: false)
        for status in [503, 200, 404, 200] { m.response(status: status, bytes: 1) }
        let text = m.render()
        #expect(text.contains("liveui_event_duration_seconds_bucket{le=\"0.0005\"} 0\n"))
        #expect(text.contains("liveui_event_duration_seconds_bucket{le=\"0.001\"} 1\n"))
        #expect(text.contains("liveui_event_duration_seconds_bucket{le=\"0.0025\"} 2\n"))
        #expect(text.contains("liveui_event_duration_seconds_bucket{le=\"2.5\"} 2\n"))
        #expect(text.contains("liveui_event_duration_seconds_bucket{le=\"+Inf\"} 3\n"))
        let statuses = text.split(separator: "\n").filter { $0.hasPrefix("liveui_http_requests_total{") }
        #expect(statuses == [
            "liveui_http_requests_total{status=\"200\"} 2", "liveui_http_requests_total{status=\"404\"} 1",
            "liveui_http_requests_total{status=\"503\"} 1",
        ])
    }
}

@Suite("ServerError")
struct ServerErrorTests {
    @Test("LiveError maps to the statuses of DESIGN.md §6")
    func mapping() {
        #expect(ServerError(LiveError.unknownTarget("x")).status == 404)
        #expect(ServerError(LiveError.ambiguousTarget(["a"])).status == 409)
        #expect(ServerError(LiveError.unsupportedEvent(target: "x", type: "y")).status == 400)
        #expect(ServerError(LiveError.invalidValue(target: "x", value: nil, reason: "r")).code == "invalid_value")
        #expect(ServerError(LiveError.sessionClosed).status == 410)
        let r = ServerError.badToken.response
        #expect(r.status == 403)
        guard case .text(let body) = r.body else {
            Issue.record("an error's body is JSON text")
            return
        }
        #expect(body == #"{"error":"bad_token","message":"the session token is missing or wrong"}"#)
    }
}

@Suite("SessionStore storage")
struct SessionStoreStorageTests {
    @Test("a table emptied by expiries gives its storage back; a well-used one is left alone")
    func shrinkIfSparse() {
        var table: [String: Int] = [:]
        for i in 0..<10_000 { table["s\(i)"] = i }
        let grown = table.capacity
        for i in 0..<9_000 { table["s\(i)"] = nil }
        #expect(table.capacity == grown)  // what removal alone does
        table.shrinkIfSparse()
        #expect(table.capacity < grown / 4)
        #expect(table.count == 1_000 && table["s9999"] == 9_999 && table["s0"] == nil)
        let kept = table.capacity
        table.shrinkIfSparse()
        #expect(table.capacity == kept)
    }
}

@Suite("SessionStore shards")
struct SessionStoreShardTests {
    private static func store(max: Int, clock: ServerClock = .system) -> SessionStore {
        SessionStore(clock: clock, idleTTL: 60, maxSessions: max)
    }

    @Test("keys of the same id are equal; ids that share their first 16 bytes are not")
    func keysCompareWholeIDs() throws {
        let id = SecureToken.hex()
        let key = try #require(SessionKey(id))
        #expect(key == SessionKey(String(id.utf8.map { Character(UnicodeScalar($0)) })))
        #expect(key == id.utf8.withContiguousStorageIfAvailable { SessionKey($0) } ?? nil)
        for position in [0, 15, 16, 31] {
            var bytes = Array(id.utf8)
            bytes[position] = bytes[position] == UInt8(ascii: "0") ? UInt8(ascii: "1") : UInt8(ascii: "0")
            let twin = try #require(bytes.withUnsafeBufferPointer { SessionKey($0) })
            #expect(twin != key, "differs at byte \(position)")
        }
    }

    @Test("only well-formed ids make keys: 32 lowercase hex digits")
    func malformedIDsMakeNoKey() {
        let id = SecureToken.hex()
        for malformed in ["", String(id.dropLast()), id + "0", id.uppercased(), String(id.dropLast()) + "g", "../" + id.dropFirst(3)] {
            #expect(SessionKey(malformed) == nil, "\(malformed)")
        }
    }

    @Test("ids spread over every shard, each shard within a third of its share")
    func idsSpreadOverShards() {
        var counts = [Int](repeating: 0, count: SessionKey.shardCount)
        for _ in 0..<16_000 {
            guard let key = SessionKey(SecureToken.hex()) else {
                Issue.record("a new id made no key")
                return
            }
            counts[key.shard] += 1
        }
        let share = 16_000 / SessionKey.shardCount
        #expect(counts.allSatisfy { abs($0 - share) < share / 3 }, "\(counts)")
    }

    @Test("every session created is found by its id, and only by it")
    func lookupFindsEachSession() throws {
        let store = Self.store(max: 500)
        let sessions = try (0..<500).map { _ in try store.create() }
        #expect(store.count == 500)
        for session in sessions { #expect(store.lookup(session.id) === session) }
        for session in sessions.prefix(20) {
            #expect(Array(session.id.utf8).withUnsafeBufferPointer { store.lookup(idBytes: $0) } === session)
        }
        #expect(store.lookup(SecureToken.hex()) == nil)
        #expect(store.lookup("not an id") == nil)
        #expect([UInt8]().withUnsafeBufferPointer { store.lookup(idBytes: $0) } == nil)
    }

    @Test("maxSessions holds when many threads create at once: idle sessions make room, busy ones refuse")
    func maxSessionsHoldsUnderConcurrentCreation() {
        let store = Self.store(max: 100)
        let made = Atomic<Int>(0)
        let refused = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: 400) { _ in
            if (try? store.create()) != nil { made.add(1, ordering: .relaxed) } else { refused.add(1, ordering: .relaxed) }
        }
        // Every session is idle: each new one ends the least recently used.
        #expect(made.load(ordering: .relaxed) == 400 && refused.load(ordering: .relaxed) == 0)
        #expect(store.count == 100)
        let busy = Self.store(max: 100)
        DispatchQueue.concurrentPerform(iterations: 400) { _ in
            if let session = try? busy.create() {
                _ = session.streamOpened(now: 0)
                made.add(1, ordering: .relaxed)
            } else {
                refused.add(1, ordering: .relaxed)
            }
        }
        #expect(busy.count <= 100)
        #expect(refused.load(ordering: .relaxed) >= 1)
    }

    @Test("expired and closed sessions leave every shard and the count")
    func expiryEmptiesShards() async throws {
        let now = Mutex<Double>(0)
        let store = Self.store(max: 50, clock: ServerClock { now.withLock { $0 } })
        var sessions = try (0..<50).map { _ in try store.create() }
        // Full: the 51st replaces the least recently used idle session.
        sessions.append(try store.create())
        #expect(store.count == 50)
        now.withLock { $0 = 61 }
        #expect(await store.expireIdle() == 50)
        #expect(store.count == 0)
        for session in sessions { #expect(store.lookup(session.id) == nil) }
        _ = try store.create()
        await store.closeAll(reason: "shutdown")
        #expect(store.count == 0)
    }
}

@Suite("Metrics stripes")
struct MetricsStripeTests {
    @Test("counts from many threads at once add up in the exposition")
    func countsFromManyThreadsAddUp() {
        let m = Metrics()
        DispatchQueue.concurrentPerform(iterations: 64) { i in
            for _ in 0..<100 {
                m.event(seconds: 0.002, failed: i % 2 == 0)
                m.response(status: i % 4 == 0 ? 404 : 200, bytes: 3)
            }
            m.streamsChanged(by: 1)
        }
        m.setSessions(7, graphs: 9)
        let text = m.render()
        #expect(text.contains("liveui_events_total 6400\n"))
        #expect(text.contains("liveui_event_errors_total 3200\n"))
        #expect(text.contains("liveui_event_duration_seconds_bucket{le=\"0.001\"} 0\n"))
        #expect(text.contains("liveui_event_duration_seconds_bucket{le=\"0.0025\"} 6400\n"))
        #expect(text.contains("liveui_event_duration_seconds_count 6400\n"))
        #expect(text.contains("liveui_http_requests_total{status=\"200\"} 4800\n"))
        #expect(text.contains("liveui_http_requests_total{status=\"404\"} 1600\n"))
        #expect(text.contains("liveui_bytes_out_total 19200\n"))
        #expect(text.contains("liveui_streams 64\n"))
        #expect(text.contains("liveui_sessions 7\n") && text.contains("liveui_graphs 9\n"))
    }
}
