import Foundation
import LiveUI
import Testing
@testable import LiveUIServer
import TestSupport

/// Counts deinits of the `Probe` objects a test's views own.
final class Probe: ObservableObject {
    let deinits: Counter
    init(deinits: Counter) { self.deinits = deinits }
    deinit { deinits.increment() }
}

/// Feeds a view's `.task` from the test: each `fire()` is one tick the task turns into a state change.
final class Ticker: Sendable {
    private let continuations = Locked<[AsyncStream<Void>.Continuation]>([])
    /// A new stream of ticks for one task.
    func ticks() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        continuations.withLock { $0.append(continuation) }
        return stream
    }
    func fire() { for c in continuations.value { c.yield() } }
    /// How many tasks listen: a tick fired before a task started listening is not seen by it.
    var listeners: Int { continuations.value.count }
}

struct ProbeCounter: View {
    @StateObject private var probe: Probe
    @State private var count = 0
    @State private var ticks = 0
    let ticker: Ticker
    let disappeared: Counter

    init(deinits: Counter, ticker: Ticker, disappeared: Counter) {
        _probe = StateObject(wrappedValue: Probe(deinits: deinits))
        self.ticker = ticker
        self.disappeared = disappeared
    }

    var body: some View {
        VStack {
            Text("Count: \(count)")
            Button("Increment") { count += 1 }.accessibilityIdentifier("increment")
            Text("Ticks: \(ticks)").accessibilityIdentifier("ticks")
        }
        .task {
            for await _ in ticker.ticks() { ticks += 1 }
        }
        .onDisappear { disappeared.increment() }
    }
}

/// A weak reference the tests keep to each `LiveSession` the server made.
final class WeakSession: @unchecked Sendable {
    weak var session: LiveSession?
    init(_ session: LiveSession) { self.session = session }
}

/// The real thing: `LiveSession` graphs behind the server.
struct LiveApp {
    let deinits = Counter()
    let disappeared = Counter()
    let ticker = Ticker()
    let sessions = Locked<[WeakSession]>([])
    let server: TestServer

    init(_ configure: (inout Configuration) -> Void = { _ in }) throws {
        let (deinits, disappeared, ticker, sessions) = (deinits, disappeared, ticker, sessions)
        // The public `Route("/live") { … }` makes exactly this; the factory also keeps a weak reference.
        let route = Route(path: "/live") {
            let session = LiveSession(changeLog: .discard) {
                ProbeCounter(deinits: deinits, ticker: ticker, disappeared: disappeared)
            }
            sessions.withLock { $0.append(WeakSession(session)) }
            return session
        }
        server = try TestServer(routes: [route, Route("/public-api", changeLog: .discard) { Text("hello") }], configure)
    }

    /// LiveSessions the server still holds.
    var liveSessions: Int { sessions.value.filter { $0.session != nil }.count }

    /// Whether the views' `@StateObject`s were all released (deinit ran) within 3 s.
    func objectsReleased(_ expected: Int) async throws -> Bool {
        for _ in 0..<300 where deinits.count < expected { try await Task.sleep(for: .milliseconds(10)) }
        return deinits.count == expected
    }
}

/// Expects every `@StateObject` of the closed graphs to be deinitialised (release happens on the
/// session's queue after `close()`, so it is awaited for up to 3 s).
func expectObjectsReleased(_ app: LiveApp, _ expected: Int) async throws {
    let released = try await app.objectsReleased(expected)
    #expect(released, "\(app.deinits.count) of \(expected) @StateObjects deinitialised")
}

@Suite("LiveSession behind the server")
struct LiveSessionRoutesTests {
    @Test("page, event, html and tree work with a real view graph")
    func roundTrip() async throws {
        let app = try LiveApp()
        let t = app.server
        let page = try await http(t.port, "GET", "/live")
        #expect(page.status == 200)
        #expect(page.body.contains("<main id=\"liveui-root\" data-liveui-version=\"0\"><div data-lid=\"root\""))
        #expect(page.body.contains("Count: 0"))
        let s = try await t.newSession(route: "/live")
        let r = try await t.event(s, #"{"target":"increment","type":"click","seq":1}"#)
        #expect(r.status == 200)
        #expect(r.json["version"] as? Int == 1)
        #expect(r.body.contains("Count: 1"))
        let html = try await http(t.port, "GET", "/liveui/html", headers: ["X-LiveUI-Session": s.id])
        #expect(html.body.contains("Count: 1"))
        #expect(html.body.hasPrefix("<div data-lid=\"root\""))
        let tree = try await http(t.port, "GET", "/liveui/tree", headers: ["X-LiveUI-Session": s.id, "X-LiveUI-Token": s.token])
        #expect(tree.status == 200)
        #expect((try? JSONSerialization.jsonObject(with: Data(tree.body.utf8))) != nil)
        let hello = try await http(t.port, "GET", "/public-api")
        #expect(hello.body.contains("hello"))
        let unknown = try await t.event(s, #"{"target":"nope","type":"click"}"#)
        #expect(unknown.status == 404 && unknown.errorCode == "unknown_target")
        await t.shutdown()
    }

    @Test("a .task's state change reaches every open stream without a request")
    func serverPush() async throws {
        let app = try LiveApp()
        let t = app.server
        let s = try await t.newSession(route: "/live")
        let tab1 = try await openStream(t, session: s.id, route: "/live")
        let tab2 = try await openStream(t, session: s.id, route: "/live")
        let host = try #require(t.server.context.store.lookup(s.id)?.graph(route: "/live"))
        try await waitWhile { host.listenerCount < 2 || app.ticker.listeners < 1 }
        app.ticker.fire()
        for tab in [tab1, tab2] {
            let update = try #require(try await tab.nextEventAsync())
            #expect(update.event == "patch")
            #expect(update.data.contains("Ticks: 1"))
        }
        await t.shutdown()
    }

    @Test("a tab's own event reaches it in the answer, not on its stream; other tabs, pushes and replays get it")
    func ownEventsLeaveTheTabsStream() async throws {
        let app = try LiveApp()
        let t = app.server
        let s = try await t.newSession(route: "/live")
        let tabA = try await openStream(t, session: s.id, route: "/live", tab: "tab-A")
        let tabB = try await openStream(t, session: s.id, route: "/live", tab: "tab_B")
        let plain = try await openStream(t, session: s.id, route: "/live")
        let host = try #require(t.server.context.store.lookup(s.id)?.graph(route: "/live"))
        try await waitWhile { host.listenerCount < 3 }
        let fromA = try await t.event(s, #"{"target":"increment","type":"click","tab":"tab-A","route":"/live"}"#)
        #expect(fromA.status == 200 && fromA.json["version"] as? Int == 1 && fromA.body.contains("Count: 1"))
        let fromB = try await t.event(s, #"{"target":"increment","type":"click","tab":"tab_B","route":"/live"}"#)
        #expect(fromB.status == 200 && fromB.json["version"] as? Int == 2)
        try await waitWhile { app.ticker.listeners < 1 }
        app.ticker.fire()
        func versions(_ stream: SSEReader, _ count: Int) async throws -> [Int] {
            var seen: [Int] = []
            while seen.count < count, let e = try await stream.nextEventAsync() { seen.append(Int(e.id ?? "") ?? -1) }
            return seen
        }
        #expect(try await versions(tabA, 2) == [2, 3])
        #expect(try await versions(tabB, 2) == [1, 3])
        #expect(try await versions(plain, 3) == [1, 2, 3])
        // The log keeps every update: a reconnecting tab gets what it left out too.
        let again = try await openStream(t, session: s.id, route: "/live", lastEventID: "0", tab: "tab-A")
        #expect(try await versions(again, 3) == [1, 2, 3])
        await t.shutdown()
    }

    @Test("a tab name that is not 1-64 letters, digits, '-' or '_' is refused with 400, on events and streams")
    func malformedTabNames() async throws {
        let app = try LiveApp()
        let t = app.server
        let s = try await t.newSession(route: "/live")
        for tab in ["", "has space", String(repeating: "x", count: 65), "tab/../x", "t\u{E9}"] {
            let body = "{\"target\":\"increment\",\"type\":\"click\",\"route\":\"/live\",\"tab\":\"\(tab)\"}"
            let event = try await t.event(s, body)
            #expect(event.status == 400 && event.errorCode == "bad_request", "\(tab)")
            let query = tab.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            let stream = try await http(t.port, "GET", "/liveui/stream?route=/live&tab=\(query)", headers: ["X-LiveUI-Session": s.id])
            #expect(stream.status == 400, "\(tab)")
        }
        let html = try await http(t.port, "GET", "/liveui/html?route=/live", headers: ["X-LiveUI-Session": s.id])
        #expect(html.body.contains("Count: 0"))
        await t.shutdown()
    }

    @Test("all open tabs converge: every stream gets every version, in order, under concurrent events")
    func convergence() async throws {
        // Six streams and sixty events open at once from one address: above the default per-address
        // limit (64), which would close the rest.
        let app = try LiveApp { $0.perIPConnectionLimit = 128 }
        let t = app.server
        let s = try await t.newSession(route: "/live")
        var tabs: [SSEReader] = []
        for _ in 0..<6 { tabs.append(try await openStream(t, session: s.id, route: "/live")) }
        let host = try #require(t.server.context.store.lookup(s.id)?.graph(route: "/live"))
        try await waitWhile { host.listenerCount < tabs.count }
        let events = 60
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<events {
                group.addTask { try await t.event(s, #"{"target":"increment","type":"click"}"#).status }
            }
            return try await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(statuses.allSatisfy { $0 == 200 })
        for tab in tabs {
            var versions: [Int] = []
            while versions.count < events, let e = try await tab.nextEventAsync() {
                versions.append(Int(e.id ?? "") ?? -1)
            }
            #expect(versions == Array(1...events))
        }
        let html = try await http(t.port, "GET", "/liveui/html?route=/live", headers: ["X-LiveUI-Session": s.id])
        #expect(html.body.contains("Count: \(events)"))
        await t.shutdown()
    }

    @Test("an idle session expires: onDisappear runs, its objects are released, its cookie gets 410")
    func expiry() async throws {
        let app = try LiveApp { $0.sessionIdleTTL = 60 }
        let t = app.server
        let s = try await t.newSession(route: "/live")
        _ = try await t.event(s, #"{"target":"increment","type":"click"}"#)
        t.clock.advance(by: 59)
        #expect(await t.server.expireIdleSessions() == 0)
        t.clock.advance(by: 2)
        #expect(await t.server.expireIdleSessions() == 1)
        #expect(app.disappeared.count == 1)
        #expect(app.liveSessions == 0)
        try await expectObjectsReleased(app, 1)
        let gone = try await t.event(s, #"{"target":"increment","type":"click"}"#)
        #expect(gone.status == 410 && gone.errorCode == "session_expired")
        let fresh = try await http(t.port, "GET", "/live", headers: ["Cookie": "liveui_sid=\(s.id)"])
        #expect(fresh.status == 200 && fresh.header("Set-Cookie") != nil)
        #expect(fresh.body.contains("Count: 0"))
        await t.shutdown()
    }

    @Test("an open stream keeps its session alive; activity restarts the idle period")
    func streamKeepsAlive() async throws {
        let app = try LiveApp { $0.sessionIdleTTL = 60 }
        let t = app.server
        let s = try await t.newSession(route: "/live")
        var stream: SSEReader? = try await openStream(t, session: s.id, route: "/live")
        let session = try #require(t.server.context.store.lookup(s.id))
        let host = try #require(session.graph(route: "/live"))
        try await waitWhile { host.listenerCount < 1 }
        t.clock.advance(by: 1000)
        #expect(await t.server.expireIdleSessions() == 0)
        stream = nil
        _ = stream
        // The heartbeat notices the close; the graph lets go of the stream before the session counts it closed.
        try await waitWhile { host.listenerCount > 0 || session.idleSince == nil } step: { try await Task.sleep(for: .milliseconds(10)) }
        // The stream closed at "now": the idle period starts again.
        t.clock.advance(by: 30)
        #expect(await t.server.expireIdleSessions() == 0)
        t.clock.advance(by: 31)
        #expect(await t.server.expireIdleSessions() == 1)
        #expect(app.disappeared.count == 1)
        await t.shutdown()
    }

    @Test("stopping the server closes every graph")
    func shutdownReleases() async throws {
        let app = try LiveApp()
        let t = app.server
        _ = try await t.newSession(route: "/live")
        _ = try await t.newSession(route: "/live")
        await t.shutdown()
        #expect(app.disappeared.count == 2)
        #expect(app.liveSessions == 0)
        try await expectObjectsReleased(app, 2)
    }
}
