import Foundation
import LiveUI
@testable import LiveUIServer

/// A count that is saved (`@State` of a `Codable` type).
struct SavedCount: View {
    @State private var count = 0
    var body: some View {
        VStack {
            Text("Count: \(count)").accessibilityIdentifier("count")
            Button("+") { count += 1 }.accessibilityIdentifier("increment")
        }
    }
}

/// Counts kept in `@AppStorage` (per browser) and `@SceneStorage` (per session).
struct StoredCounts: View {
    @AppStorage("visits") private var visits = 0
    @SceneStorage("taps") private var taps = 0
    var body: some View {
        VStack {
            Text("Visits: \(visits) Taps: \(taps)").accessibilityIdentifier("counts")
            Button("visit") { visits += 1 }.accessibilityIdentifier("visit")
            Button("tap") { taps += 1 }.accessibilityIdentifier("tap")
        }
    }
}

/// A store that can be taken down and brought back, over a ``MemoryStateStore`` (several servers share one,
/// as several processes share a real store).
final class SwitchableStore: StateStore {
    let inner: MemoryStateStore
    let down = Locked(false)

    init(sessionTTL: Double = 600) { inner = MemoryStateStore(sessionTTL: sessionTTL, appStorageTTL: 600) }

    private func check() throws(StateStoreError) {
        if down.withLock({ $0 }) { throw .unavailable("test: the store is down") }
    }

    func load(session: String) throws(StateStoreError) -> StoredSession? {
        try check()
        return inner.load(session: session)
    }
    func loadAppStorage(browser: String) throws(StateStoreError) -> [String: [UInt8]] {
        try check()
        return inner.loadAppStorage(browser: browser)
    }
    func commit(_ batch: StateBatch) throws(StateStoreError) -> Set<String> {
        try check()
        return inner.commit(batch)
    }
    func delete(session: String) throws(StateStoreError) {
        try check()
        inner.delete(session: session)
    }
    func acquireLease(session: String, holder: String, ttl: Double) throws(StateStoreError) -> LeaseResult {
        try check()
        return inner.acquireLease(session: session, holder: holder, ttl: ttl)
    }
    func renewLease(session: String, holder: String, ttl: Double) throws(StateStoreError) -> Bool {
        try check()
        return inner.renewLease(session: session, holder: holder, ttl: ttl)
    }
    func releaseLease(session: String, holder: String) throws(StateStoreError) {
        try check()
        inner.releaseLease(session: session, holder: holder)
    }
    func releaseAllLeases(holder: String) throws(StateStoreError) -> Int {
        try check()
        return inner.releaseAllLeases(holder: holder)
    }
    func sweepExpired() throws(StateStoreError) -> Int {
        try check()
        return inner.sweepExpired()
    }
}

/// A real server on a loopback port serving ``SavedCount`` at `/count`, saving its sessions to `store`
/// (leases or not): two of them on one store stand for two processes, or for one restarted.
final class DurableServer: Sendable {
    let server: LiveServer
    let port: Int
    let clock = ManualClock()

    init(store: any StateStore, leases: Bool = false) throws {
        var config = Configuration()
        config.port = 0
        config.threads = 2
        config.logLevel = .error
        config.eventsPerSecond = 0
        server = try LiveServer(
            configuration: config,
            routes: [Route("/count", changeLog: .discard) { SavedCount() }, Route("/stored", changeLog: .discard) { StoredCounts() }],
            clock: clock.clock,
            logSink: { _ in }, durableStore: (store, leases))
        port = try server.start()
    }

    /// A session made with `POST /liveui/session?route=/count`: (id, token).
    func newSession() async throws -> (id: String, token: String) {
        let r = try await http(port, "POST", "/liveui/session?route=/count")
        guard r.status == 200, let id = r.json["session"] as? String, let token = r.json["token"] as? String else {
            throw RawHTTPError(description: "session creation failed: \(r.status) \(r.body)")
        }
        return (id, token)
    }

    /// A click on `+` numbered `seq` by tab `t1`.
    func click(_ session: (id: String, token: String), seq: Int, token: String? = nil) async throws -> RawResponse {
        let headers = [
            "X-LiveUI-Session": session.id, "X-LiveUI-Token": token ?? session.token, "Content-Type": "application/json",
        ]
        let body = #"{"target":"increment","type":"click","seq":\#(seq),"route":"/count","tab":"t1"}"#
        return try await http(port, "POST", "/liveui/event", headers: headers, body: body)
    }

    /// The count the session's page shows (`GET /liveui/html`), or the status when not 200.
    func count(_ session: (id: String, token: String)) async throws -> String {
        let r = try await http(port, "GET", "/liveui/html?route=/count", headers: ["X-LiveUI-Session": session.id])
        guard r.status == 200 else { return "status \(r.status)" }
        return r.body.firstMatch(of: /Count: (\d+)/).map { String($0.1) } ?? "no count in \(r.body)"
    }

    func stop() async { await server.stop() }
}
