import Foundation
import Testing
@testable import LiveUIServer

@Suite("Routes over real HTTP")
struct RoutesTests {
    @Test("GET /healthz answers ok and /metrics is Prometheus text")
    func healthAndMetrics() async throws {
        let t = try TestServer()
        let health = try await http(t.port, "GET", "/healthz")
        #expect(health.status == 200)
        #expect(health.body == "ok\n")
        #expect(health.header("X-Content-Type-Options") == "nosniff")
        _ = try await t.newSession()
        let metrics = try await http(t.port, "GET", "/metrics")
        #expect(metrics.status == 200)
        #expect(metrics.header("Content-Type")?.hasPrefix("text/plain; version=0.0.4") == true)
        #expect(metrics.body.contains("# TYPE liveui_sessions gauge\nliveui_sessions 1\n"))
        #expect(metrics.body.contains("liveui_event_duration_seconds_bucket{le=\"+Inf\"}"))
        #expect(metrics.body.contains("liveui_http_requests_total{status=\"200\"}"))
        #expect(metrics.body.contains("liveui_bytes_out_total"))
        await t.shutdown()
    }

    @Test("every answer to an event is counted in /metrics: applied, replayed for a retried seq, and refused by the graph")
    func eventMetrics() async throws {
        let t = try TestServer()
        let s = try await t.newSession()
        let click = #"{"target":"increment","type":"click","seq":1}"#
        #expect(try await t.event(s, click).status == 200)
        let replay = try await t.event(s, click)
        #expect(replay.status == 200 && replay.json["version"] as? Int == 1)
        #expect(try await t.event(s, #"{"target":"nope","type":"click","seq":2}"#).status == 404)
        #expect(try await t.event(s, #"{"target":"increment","type":"click"}"#).status == 200)
        let metrics = try await http(t.port, "GET", "/metrics")
        #expect(metrics.body.contains("liveui_events_total 4\n"), "\(metrics.body)")
        #expect(metrics.body.contains("liveui_event_errors_total 1\n"))
        #expect(metrics.body.contains("liveui_event_duration_seconds_count 4\n"))
        await t.shutdown()
    }

    @Test("an event's answer arrives whole, with its length, and /metrics counts exactly its bytes")
    func eventAnswerBytes() async throws {
        let t = try TestServer()
        let s = try await t.newSession()
        func bytesOut(_ text: String) -> Int? {
            text.split(separator: "\n").first { $0.hasPrefix("liveui_bytes_out_total ") }.flatMap { Int($0.split(separator: " ")[1]) }
        }
        let before = try await http(t.port, "GET", "/metrics")
        let answer = try await t.event(s, #"{"target":"increment","type":"click","seq":5}"#)
        #expect(answer.status == 200)
        #expect(answer.body == #"{"version":1,"seq":5,"patches":[{"op":"text","id":"k1","text":"Count: 1"}]}"#)
        #expect(answer.header("Content-Length") == String(answer.body.utf8.count))
        #expect(answer.header("Content-Type") == "application/json")
        let after = try await http(t.port, "GET", "/metrics")
        // The first /metrics answer is counted after its own text was made: it is part of the difference.
        let counted = try #require(bytesOut(after.body)) - #require(bytesOut(before.body))
        #expect(counted == before.body.utf8.count + answer.body.utf8.count)
        await t.shutdown()
    }

    @Test("GET /<route> renders the page with token, route, root, script and security headers")
    func page() async throws {
        let t = try TestServer()
        let r = try await http(t.port, "GET", "/counter")
        #expect(r.status == 200)
        #expect(r.header("Content-Type") == "text/html; charset=utf-8")
        #expect(r.header("Content-Security-Policy")?.hasPrefix("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'") == true)
        #expect(r.header("X-Content-Type-Options") == "nosniff")
        #expect(r.header("Referrer-Policy") == "same-origin")
        let cookie = try #require(r.header("Set-Cookie"))
        #expect(cookie.hasPrefix("liveui_sid="))
        #expect(cookie.contains("; Path=/") && cookie.contains("; HttpOnly") && cookie.contains("; SameSite=Lax"))
        #expect(!cookie.contains("Secure"))
        #expect(r.body.hasPrefix("<!doctype html>"))
        #expect(r.body.contains("<meta name=\"liveui-token\" content=\""))
        #expect(r.body.contains("<meta name=\"liveui-route\" content=\"/counter\">"))
        let client = ClientAssets.embedded.prefix
        #expect(r.body.contains("<link rel=\"stylesheet\" href=\"\(client)liveui.css\">"))
        #expect(r.body.contains("<main id=\"liveui-root\" data-liveui-version=\"0\"><div data-lid=\"root\">"))
        #expect(r.body.contains("<script type=\"module\" src=\"\(client)liveui.js\"></script>"))
        await t.shutdown()
    }

    @Test("a reload with the cookie resumes the session and keeps its state")
    func reloadKeepsState() async throws {
        let t = try TestServer()
        let first = try await http(t.port, "GET", "/counter")
        let sid = try #require(first.firstCookie)
        let token = try #require(first.body.range(of: "liveui-token\" content=\"").map { first.body[$0.upperBound...].prefix(32) })
        let event = try await http(
            t.port, "POST", "/liveui/event",
            headers: ["Cookie": sid, "Content-Type": "application/x-www-form-urlencoded"],
            body: "target=increment&type=click&token=\(token)")
        #expect(event.status == 200)
        #expect(event.body == "{\"version\":1,\"seq\":null,\"patches\":[{\"op\":\"text\",\"id\":\"k1\",\"text\":\"Count: 1\"}]}")
        let reload = try await http(t.port, "GET", "/counter", headers: ["Cookie": sid])
        #expect(reload.status == 200)
        #expect(reload.header("Set-Cookie") == nil)
        #expect(reload.body.contains("data-liveui-version=\"1\"><div data-lid=\"root\"><span data-lid=\"k1\">Count: 1</span>"))
        #expect(t.madeGraphs.count == 1)
        await t.shutdown()
    }

    @Test("Secure is added to the cookie behind HTTPS")
    func secureCookie() async throws {
        let t = try TestServer { $0.behindHTTPS = true }
        let r = try await http(t.port, "GET", "/counter")
        #expect(r.header("Set-Cookie")?.hasSuffix("; Secure") == true)
        await t.shutdown()
    }

    @Test("POST /liveui/session answers session, token, version and html")
    func createSession() async throws {
        let t = try TestServer()
        let r = try await http(t.port, "POST", "/liveui/session?route=/counter")
        #expect(r.status == 200)
        let session = try #require(r.json["session"] as? String)
        let token = try #require(r.json["token"] as? String)
        #expect(session.count == 32 && token.count == 32 && session != token)
        #expect(r.json["version"] as? Int == 0)
        #expect((r.json["html"] as? String)?.hasPrefix("<div data-lid=\"root\">") == true)
        // A JSON answer's fields, with the cookie this one adds.
        #expect(r.header("Content-Type") == "application/json" && r.header("Cache-Control") == "no-store")
        #expect(r.header("Set-Cookie")?.hasPrefix("liveui_sid=") == true)
        await t.shutdown()
    }

    @Test("POST /liveui/event applies JSON and form-encoded events")
    func events() async throws {
        let t = try TestServer()
        let s = try await t.newSession()
        let json = try await t.event(s, #"{"target":"increment","type":"click"}"#)
        #expect(json.status == 200)
        #expect(json.json["version"] as? Int == 1)
        #expect(json.header("Content-Type") == "application/json" && json.header("Cache-Control") == "no-store")
        #expect(json.header("Set-Cookie") == nil && json.header("X-Content-Type-Options") == "nosniff")
        let form = try await http(
            t.port, "POST", "/liveui/event",
            headers: ["X-LiveUI-Session": s.id, "Content-Type": "application/x-www-form-urlencoded; charset=utf-8"],
            body: "target=k2&type=click&seq=7&token=\(s.token)&route=%2Fcounter")
        #expect(form.status == 200)
        #expect(form.body == "{\"version\":2,\"seq\":7,\"patches\":[{\"op\":\"text\",\"id\":\"k1\",\"text\":\"Count: 2\"}]}")
        await t.shutdown()
    }

    @Test(
        "an event's credentials are read wherever they stand among many header fields",
        arguments: [0, 27, 28, 60])
    func credentialsAfterManyFields(fillers: Int) async throws {
        let t = try TestServer()
        let s = try await t.newSession()
        // Sorted by name, the fillers come before X-LiveUI-Session and X-LiveUI-Token: with Host,
        // Content-Type and Content-Length, the request has `fillers + 5` fields.
        var extra: [String: String] = [:]
        for i in 0..<fillers { extra["X-Filler-\(1000 + i)"] = "value \(i)" }
        let r = try await t.event(s, #"{"target":"increment","type":"click"}"#, extra: extra)
        #expect(r.status == 200, "\(fillers) fillers: \(r.body)")
        #expect(r.json["version"] as? Int == 1)
        await t.shutdown()
    }

    @Test("GET /liveui/html and /liveui/tree show the session's graph")
    func htmlAndTree() async throws {
        let t = try TestServer()
        let s = try await t.newSession()
        _ = try await t.event(s, #"{"target":"increment","type":"click"}"#)
        let html = try await http(t.port, "GET", "/liveui/html", headers: ["X-LiveUI-Session": s.id])
        #expect(html.status == 200)
        #expect(html.header("X-LiveUI-Version") == "1")
        #expect(html.body.contains("Count: 1"))
        let tree = try await http(t.port, "GET", "/liveui/tree?route=/counter", headers: ["X-LiveUI-Session": s.id, "X-LiveUI-Token": s.token])
        #expect(tree.status == 200)
        #expect(tree.body == "{\"type\":\"Counter\",\"count\":1}")
        await t.shutdown()
    }

    @Test("one graph per (session, route); route defaults to the most recently opened")
    func graphsPerRoute() async throws {
        let t = try TestServer()
        let s = try await t.newSession(route: "/counter")
        _ = try await t.event(s, #"{"target":"increment","type":"click","route":"/other"}"#)
        _ = try await t.event(s, #"{"target":"increment","type":"click","route":"/other"}"#)
        #expect(t.madeGraphs.count == 2)
        // The most recent graph is /other now.
        let html = try await http(t.port, "GET", "/liveui/html", headers: ["X-LiveUI-Session": s.id])
        #expect(html.body.contains("Count: 2"))
        let counter = try await http(t.port, "GET", "/liveui/html?route=/counter", headers: ["X-LiveUI-Session": s.id])
        #expect(counter.body.contains("Count: 0"))
        await t.shutdown()
    }

    @Test("a connection is kept alive across requests")
    func keepAlive() async throws {
        let t = try TestServer()
        let c = try RawConnection(port: t.port)
        // The three requests go back to back from one thread: between them the connection is idle only
        // as long as the client takes, not as long as a busy test process takes to resume a task.
        let responses = try await blocking {
            try (0..<3).map { _ in
                try c.send("GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
                return try c.readResponse()
            }
        }
        for r in responses {
            #expect(r.status == 200)
            #expect(r.header("Connection")?.lowercased() != "close")
        }
        await t.shutdown()
    }

    @Test("one log line per request at debug; session start and end at info")
    func logging() async throws {
        let t = try TestServer()
        _ = try await http(t.port, "GET", "/healthz")
        _ = try await t.newSession()
        await t.shutdown()
        let lines = t.logLines.value
        #expect(lines.contains { $0.contains(" debug GET /healthz 200 3B ") && $0.hasSuffix("127.0.0.1") })
        #expect(lines.contains { $0.contains(" info session ") && $0.contains(" started (127.0.0.1, /counter)") })
        #expect(lines.contains { $0.contains(" info session ") && $0.hasSuffix(" ended (shutdown)") })
    }

    @Test("the log names the client's address, whatever the width of its numbers")
    func clientAddressInLog() async throws {
        let t = try TestServer()
        let sources = ["127.0.0.9", "127.10.200.99", "127.255.0.100"]
        for source in sources {
            let response = try await blocking { () -> RawResponse in
                let connection = try RawConnection(port: t.port, source: source)
                try connection.send("GET /healthz HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n")
                return try connection.readResponse()
            }
            #expect(response.status == 200)
        }
        await t.shutdown()
        let lines = t.logLines.value
        for source in sources {
            #expect(lines.contains { $0.contains(" debug GET /healthz 200 ") && $0.hasSuffix(" " + source) }, "\(source)")
        }
    }

    @Test("the inspector can be turned off")
    func inspectorOff() async throws {
        let t = try TestServer { $0.inspector = false }
        let s = try await t.newSession()
        let tree = try await http(t.port, "GET", "/liveui/tree", headers: ["X-LiveUI-Session": s.id])
        #expect(tree.status == 404)
        await t.shutdown()
    }

    @Test("a stream's first connect can name the page's version in the query")
    func lastEventIdQuery() async throws {
        let t = try TestServer()
        let s = try await t.newSession()
        _ = try await t.event(s, #"{"target":"increment","type":"click"}"#)
        let port = t.port
        let stream = try await blocking { () throws -> SSEReader in
            let c = try RawConnection(port: port)
            try c.send("GET /liveui/stream?route=/counter&lastEventId=0 HTTP/1.1\r\nHost: x\r\nX-LiveUI-Session: \(s.id)\r\n\r\n")
            _ = try c.readHead()
            return SSEReader(connection: c)
        }
        #expect(try await stream.nextEventAsync()?.id == "1")
        await t.shutdown()
    }

    @Test("a port in use is a start-up error that quotes the library's reason")
    func portInUse() async throws {
        let t = try TestServer()
        var config = Configuration()
        config.port = t.port
        let second = try LiveServer(configuration: config, routes: [], logSink: { _ in })
        #expect {
            try second.start()
        } throws: { error in
            let text = String(describing: error)
            return error is HTTPServerStartError && text.contains("127.0.0.1:\(t.port)") && text.contains("in use")
        }
        await t.shutdown()
    }

    @Test("/healthz answers 503 with a JSON error while every LiveUI worker is stuck, 200 again after")
    func healthzWhileWorkersStuck() async throws {
        let stuck = Locked(false)
        let t = try TestServer(workersStuck: { stuck.withLock { $0 } })
        #expect(try await http(t.port, "GET", "/healthz").status == 200)
        stuck.withLock { $0 = true }
        let down = try await http(t.port, "GET", "/healthz")
        #expect(down.status == 503 && down.errorCode == "unavailable")
        stuck.withLock { $0 = false }
        #expect(try await http(t.port, "GET", "/healthz").status == 200)
        await t.shutdown()
    }

    @Test("slowEventSeconds is read as a positive number of seconds")
    func slowEventSecondsIsRead() throws {
        var config = Configuration()
        #expect(config.slowEventSeconds == 1)
        try config.set("slowEventSeconds", "2.5", source: "t")
        #expect(config.slowEventSeconds == 2.5)
        #expect(throws: ConfigurationError.self) { try config.set("slowEventSeconds", "0", source: "t") }
    }
}
