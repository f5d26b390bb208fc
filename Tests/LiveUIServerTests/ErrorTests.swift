import Foundation
import Testing
@testable import LiveUIServer

@Suite("Error answers of docs/ARCHITECTURE.md")
struct ErrorTests {
    let click = #"{"target":"increment","type":"click"}"#

    @Test("403 without token, with a wrong token, without session, or from a foreign Origin")
    func forbidden() async throws {
        let t = try TestServer()
        let s = try await t.newSession()
        let noToken = try await http(
            t.port, "POST", "/liveui/event", headers: ["X-LiveUI-Session": s.id, "Content-Type": "application/json"], body: click)
        #expect(noToken.status == 403)
        #expect(noToken.errorCode == "bad_token")
        #expect(noToken.json["message"] is String)
        let wrong = try await t.event((s.id, String(s.token.reversed())), click)
        #expect(wrong.status == 403 && wrong.errorCode == "bad_token")
        let noSession = try await http(t.port, "POST", "/liveui/event", headers: ["Content-Type": "application/json"], body: click)
        #expect(noSession.status == 403 && noSession.errorCode == "missing_session")
        let foreign = try await t.event(s, click, extra: ["Origin": "http://evil.example"])
        #expect(foreign.status == 403 && foreign.errorCode == "foreign_origin")
        let same = try await t.event(s, click, extra: ["Origin": "http://127.0.0.1:\(t.port)"])
        #expect(same.status == 200)
        let foreignSession = try await http(t.port, "POST", "/liveui/session", headers: ["Origin": "http://evil.example"])
        #expect(foreignSession.status == 403)
        #expect(t.madeGraphs.first?.applied == 1)  // refused requests changed nothing
        await t.shutdown()
    }

    @Test("session and token headers count as sent: empty is missing, another case is another id or token")
    func sessionHeadersAsSent() async throws {
        let t = try TestServer()
        let s = try await t.newSession()
        let json = ["Content-Type": "application/json"]
        let empty = try await http(
            t.port, "POST", "/liveui/event", headers: json.merging(["X-LiveUI-Session": "", "X-LiveUI-Token": s.token]) { $1 },
            body: click)
        #expect(empty.status == 403 && empty.errorCode == "missing_session")
        // An empty header names no session even with a cookie that does: the header is what was sent.
        let emptyWithCookie = try await http(
            t.port, "POST", "/liveui/event",
            headers: json.merging(["X-LiveUI-Session": "", "X-LiveUI-Token": s.token, "Cookie": "liveui_sid=\(s.id)"]) { $1 },
            body: click)
        #expect(emptyWithCookie.status == 403 && emptyWithCookie.errorCode == "missing_session")
        let upperID = try await t.event((s.id.uppercased(), s.token), click)
        #expect(upperID.status == 410)
        let shortID = try await t.event((String(s.id.dropLast()), s.token), click)
        #expect(shortID.status == 410)
        let upperToken = try await t.event((s.id, s.token.uppercased()), click)
        #expect(upperToken.status == 403 && upperToken.errorCode == "bad_token")
        let longToken = try await t.event((s.id, s.token + "0"), click)
        #expect(longToken.status == 403 && longToken.errorCode == "bad_token")
        #expect(t.madeGraphs.first?.applied == 0)  // none of them changed anything
        // Without the header, the cookie names the session; the header's token still applies.
        let byCookie = try await http(
            t.port, "POST", "/liveui/event", headers: json.merging(["Cookie": "liveui_sid=\(s.id)", "X-LiveUI-Token": s.token]) { $1 },
            body: click)
        #expect(byCookie.status == 200)
        #expect(t.madeGraphs.first?.applied == 1)
        await t.shutdown()
    }

    @Test("404 for unknown paths, routes and targets; 405 for a wrong method")
    func notFound() async throws {
        let t = try TestServer()
        let s = try await t.newSession()
        let path = try await http(t.port, "GET", "/liveui/nope")
        #expect(path.status == 404 && path.errorCode == "not_found")
        #expect(path.header("Content-Type") == "application/json")
        let page = try await http(t.port, "GET", "/nope")
        #expect(page.status == 404 && page.header("Content-Type") == "text/html; charset=utf-8")
        let route = try await http(t.port, "POST", "/liveui/session?route=/nope")
        #expect(route.status == 404)
        let target = try await t.event(s, #"{"target":"missing","type":"click"}"#)
        #expect(target.status == 404 && target.errorCode == "unknown_target")
        let method = try await http(t.port, "DELETE", "/liveui/event")
        #expect(method.status == 405 && method.header("Allow") == "POST")
        let unsupported = try await t.event(s, #"{"target":"increment","type":"input"}"#)
        #expect(unsupported.status == 400 && unsupported.errorCode == "unsupported_event")
        await t.shutdown()
    }

    @Test("409 for an ambiguous target")
    func ambiguous() async throws {
        let t = try TestServer()
        let s = try await t.newSession()
        let r = try await t.event(s, #"{"target":"dup","type":"click"}"#)
        #expect(r.status == 409 && r.errorCode == "ambiguous_target")
        #expect((r.json["message"] as? String)?.contains("k3, k4") == true)
        await t.shutdown()
    }

    @Test("410 for an unknown or expired session")
    func gone() async throws {
        let t = try TestServer()
        let r = try await http(t.port, "GET", "/liveui/html", headers: ["X-LiveUI-Session": String(repeating: "a", count: 32)])
        #expect(r.status == 410 && r.errorCode == "session_expired")
        await t.shutdown()
    }

    @Test("400 for malformed bodies and missing fields; 415 for other content types")
    func badBodies() async throws {
        let t = try TestServer()
        let s = try await t.newSession()
        for body in ["{", "[1,2]", #"{"type":"click"}"#, #"{"target":"increment"}"#, #"{"target":{"a":1},"type":"click"}"#,
            #"{"target":"increment","type":"click","seq":"x"}"#, #"{"target":"increment","type":"click","seq":-1}"#] {
            let r = try await t.event(s, body)
            #expect(r.status == 400, "\(body)")
            #expect(r.errorCode == "bad_request", "\(body)")
        }
        let text = try await t.event(s, click, extra: ["Content-Type": "text/plain"])
        #expect(text.status == 415 && text.errorCode == "unsupported_media_type")
        let none = try await http(t.port, "POST", "/liveui/event", headers: ["X-LiveUI-Session": s.id, "X-LiveUI-Token": s.token], body: click)
        #expect(none.status == 415)
        let badForm = try await t.event(s, "target=%zz&type=click", extra: ["Content-Type": "application/x-www-form-urlencoded"])
        #expect(badForm.status == 400)
        #expect(t.madeGraphs.first?.applied == 0)
        await t.shutdown()
    }

    @Test("413 when the declared or the chunked body exceeds maxBodyBytes")
    func tooLarge() async throws {
        let t = try TestServer { $0.maxBodyBytes = 100 }
        let s = try await t.newSession()
        let big = #"{"target":"increment","type":"click","value":""# + String(repeating: "x", count: 200) + "\"}"
        let declared = try await t.event(s, big)
        #expect(declared.status == 413 && declared.errorCode == "body_too_large")
        let c = try RawConnection(port: t.port)
        var request = "POST /liveui/event HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n"
        request += "X-LiveUI-Session: \(s.id)\r\nX-LiveUI-Token: \(s.token)\r\n\r\n"
        for _ in 0..<4 { request += "40\r\n" + String(repeating: "y", count: 64) + "\r\n" }
        request += "0\r\n\r\n"
        try await c.sendAsync(request)
        let chunked = try await c.readResponseAsync()
        #expect(chunked.status == 413)
        let fits = try await t.event(s, click)
        #expect(fits.status == 200)
        await t.shutdown()
    }

    @Test("429 when a session posts faster than eventsPerSecond, until the bucket refills")
    func rateLimited() async throws {
        let t = try TestServer {
            $0.eventsPerSecond = 1
            $0.eventBurst = 2
        }
        let s = try await t.newSession()
        #expect(try await t.event(s, click).status == 200)
        #expect(try await t.event(s, click).status == 200)
        let limited = try await t.event(s, click)
        #expect(limited.status == 429 && limited.errorCode == "rate_limited")
        #expect(limited.header("Retry-After") == "1")
        t.clock.advance(by: 1)
        #expect(try await t.event(s, click).status == 200)
        #expect(t.madeGraphs.first?.applied == 3)
        let other = try await t.newSession()
        #expect(try await t.event(other, click).status == 200)
        await t.shutdown()
    }

    @Test("503 when maxSessions are alive and every one has a stream open")
    func sessionLimit() async throws {
        let t = try TestServer { $0.maxSessions = 2 }
        let streams = [
            try await openStream(t, session: try await t.newSession().id), try await openStream(t, session: try await t.newSession().id),
        ]
        let r = try await http(t.port, "POST", "/liveui/session?route=/counter")
        #expect(r.status == 503 && r.errorCode == "unavailable")
        let page = try await http(t.port, "GET", "/counter")
        #expect(page.status == 503)
        withExtendedLifetime(streams) {}
        await t.shutdown()
    }

    @Test("a retried seq returns the stored answer without applying again; an older one is 409 stale_seq")
    func seqReplay() async throws {
        let t = try TestServer()
        let s = try await t.newSession()
        let first = try await t.event(s, #"{"target":"increment","type":"click","seq":5}"#)
        #expect(first.status == 200)
        let retry = try await t.event(s, #"{"target":"increment","type":"click","seq":5}"#)
        #expect(retry.status == 200)
        #expect(retry.body == first.body)
        #expect(t.madeGraphs.first?.applied == 1)
        let gap = try await t.event(s, #"{"target":"increment","type":"click","seq":9}"#)
        #expect(gap.status == 200 && gap.json["seq"] as? Int == 9)
        let stale = try await t.event(s, #"{"target":"increment","type":"click","seq":7}"#)
        #expect(stale.status == 409 && stale.errorCode == "stale_seq")
        // Only the last 64 answers are kept.
        for seq in 10..<(10 + GraphHost.keptAnswers) { _ = try await t.event(s, "{\"target\":\"increment\",\"type\":\"click\",\"seq\":\(seq)}") }
        let evicted = try await t.event(s, #"{"target":"increment","type":"click","seq":9}"#)
        #expect(evicted.status == 409)
        let kept = try await t.event(s, #"{"target":"increment","type":"click","seq":10}"#)
        #expect(kept.status == 200)
        #expect(t.madeGraphs.first?.applied == 2 + GraphHost.keptAnswers)
        await t.shutdown()
    }

    @Test("after three times as many events as are kept, the last 64 answers replay and older seqs are stale")
    func seqReplayAfterManyEvents() async throws {
        let t = try TestServer()
        let s = try await t.newSession()
        let seqs = (1...(3 * GraphHost.keptAnswers + 5)).map { $0 * 2 }
        var bodies: [Int: String] = [:]
        for seq in seqs {
            let r = try await t.event(s, "{\"target\":\"increment\",\"type\":\"click\",\"seq\":\(seq)}")
            #expect(r.status == 200)
            bodies[seq] = r.body
        }
        for seq in seqs.suffix(GraphHost.keptAnswers) {
            let retry = try await t.event(s, "{\"target\":\"increment\",\"type\":\"click\",\"seq\":\(seq)}")
            #expect(retry.status == 200 && retry.body == bodies[seq])
        }
        for seq in [seqs[0], seqs[seqs.count - GraphHost.keptAnswers - 1], seqs.last! - 1] {
            let stale = try await t.event(s, "{\"target\":\"increment\",\"type\":\"click\",\"seq\":\(seq)}")
            #expect(stale.status == 409 && stale.errorCode == "stale_seq")
        }
        #expect(t.madeGraphs.first?.applied == seqs.count)
        await t.shutdown()
    }

    @Test("concurrent retries of one seq apply it once and get the same answer")
    func concurrentSeq() async throws {
        let t = try TestServer()
        let s = try await t.newSession()
        let bodies = try await withThrowingTaskGroup(of: String.self) { group in
            for _ in 0..<8 {
                group.addTask { try await t.event(s, #"{"target":"increment","type":"click","seq":1}"#).body }
            }
            return try await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(Set(bodies).count == 1)
        #expect(t.madeGraphs.first?.applied == 1)
        await t.shutdown()
    }

    @Test("many concurrent events are all answered and all applied")
    func concurrentEvents() async throws {
        // All 200 connect at once from one address: above the default per-address limit (64), which
        // would close the rest.
        let t = try TestServer {
            $0.threads = 2
            $0.perIPConnectionLimit = 256
        }
        let s = try await t.newSession()
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<200 {
                group.addTask { try await t.event(s, #"{"target":"increment","type":"click"}"#).status }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(statuses.count == 200 && statuses.allSatisfy { $0 == 200 })
        #expect(t.madeGraphs.first?.applied == 200)
        await t.shutdown()
    }
}
