import Foundation
import Testing
@testable import LiveUIServer

@Suite("Requests libmicrohttpd lets through, refused by us")
struct MalformedRequestTests {
    @Test(
        "framing, path and method faults get 400/501 and the server keeps serving",
        arguments: [
            ("POST /liveui/event HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nabcdef", 400),
            ("POST /liveui/event HTTP/1.1\r\nHost: x\r\nContent-Length: 5, 6\r\n\r\nabcdef", 400),
            ("POST /liveui/event HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n", 400),
            ("POST /liveui/event HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n", 501),
            ("POST /liveui/event HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n", 501),
            ("GET /public/%2e%2e/Package.swift HTTP/1.1\r\nHost: x\r\n\r\n", 400),
            ("GET /public/../Package.swift HTTP/1.1\r\nHost: x\r\n\r\n", 400),
            ("GET /a/./b HTTP/1.1\r\nHost: x\r\n\r\n", 400),
            ("GET /healthz%00.js HTTP/1.1\r\nHost: x\r\n\r\n", 400),
            ("GET http://127.0.0.1/healthz HTTP/1.1\r\nHost: x\r\n\r\n", 400),
            ("FOO /healthz HTTP/1.1\r\nHost: x\r\n\r\n", 501),
            ("TRACE /healthz HTTP/1.1\r\nHost: x\r\n\r\n", 405),
        ])
    func refused(request: String, status: Int) async throws {
        let t = try TestServer()
        let r = try await rawRequest(t.port, request)
        #expect(r.status == status, "\(request.prefix(60))")
        // libmicrohttpd answers an unparsable Content-Length ("5, 6") itself, in HTML.
        if !request.contains("Content-Length: 5, 6") { #expect(r.errorCode != nil) }
        let health = try await http(t.port, "GET", "/healthz")
        #expect(health.status == 200)
        await t.shutdown()
    }

    @Test(
        "connection memory bounds the header block: the default 16 KiB serves 15 KiB of headers and refuses 24 KiB with 431; 32 KiB serves 24 KiB and refuses 48 KiB",
        arguments: [(nil, 15, 24), (32_768, 24, 48)] as [(Int?, Int, Int)])
    func headerBlockBounds(memory: Int?, servedKiB: Int, refusedKiB: Int) async throws {
        let t = try TestServer { if let memory { $0.connectionMemoryLimit = memory } }
        func request(_ kiB: Int) -> String {
            "GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: " + String(repeating: "a", count: kiB * 1024) + "\r\n\r\n"
        }
        #expect(try await rawRequest(t.port, request(servedKiB)).status == 200)
        #expect(try await rawRequest(t.port, request(refusedKiB)).status == 431)
        #expect(try await http(t.port, "GET", "/healthz").status == 200)
        await t.shutdown()
    }

    @Test("an over-long URL is refused by libmicrohttpd's memory limit, not by a crash")
    func longURL() async throws {
        let t = try TestServer()
        let r = try await rawRequest(t.port, "GET /" + String(repeating: "a", count: 100_000) + " HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(r.status == 414 || r.status == 431)
        #expect(try await http(t.port, "GET", "/healthz").status == 200)
        await t.shutdown()
    }

    @Test(
        "an HTTP/1.1 request needs exactly one Host header (RFC 9112 §3.2); HTTP/1.0 may omit it",
        arguments: [
            ("GET /healthz HTTP/1.1\r\n\r\n", 400),
            ("GET /healthz HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400),
            ("GET /healthz HTTP/1.1\r\nHost: a\r\n\r\n", 200),
            ("GET /healthz HTTP/1.0\r\n\r\n", 200),
        ])
    func hostHeader(request: String, status: Int) async throws {
        let t = try TestServer()
        let r = try await rawRequest(t.port, request)
        #expect(r.status == status)
        if status == 400 { #expect(r.errorCode == "bad_request") }
        await t.shutdown()
    }

    @Test("a decoded path reaches the log with CR, LF and control characters escaped")
    func pathsInTheLogAreEscaped() async throws {
        let t = try TestServer()
        let r = try await rawRequest(t.port, "GET /x%0D%0A2026-01-01T00:00:00Z%20info%20forged%1B%5B31m HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(r.status == 404)
        await t.shutdown()
        let lines = t.logLines.value
        #expect(lines.allSatisfy { !$0.contains("\r") && !$0.contains("\n") && !$0.contains("\u{1B}") })
        #expect(lines.contains { $0.contains("/x\\r\\n2026-01-01T00:00:00Z info forged\\u{1b}[31m") }, "\(lines)")
        #expect(Logger.escapingControls("plain /path é") == "plain /path é")
        #expect(Logger.escapingControls("a\u{2028}b\u{85}c\td") == "a\\u{2028}b\\u{85}c\\td")
    }
}
