import Synchronization

/// One client session: its id and token, its graphs (one per route) and its lifecycle.
final class ServerSession: Sendable {
    private struct State {
        var lifecycle: SessionLifecycle
        var graphs: [String: GraphHost] = [:]
        /// The most recently opened graph and its route: found again without hashing the route.
        var last: (route: String, host: GraphHost)?
        var events: TokenBucket?
        /// The app's per-session objects, made when the first page is opened.
        var objects: [any AnyObject & Sendable]?
    }

    /// The unguessable id (cookie `liveui_sid` or header `X-LiveUI-Session`).
    let id: String
    /// The token required on every state-changing request.
    let token: String
    /// What the session saves itself with (nil with the `memory` store).
    let durability: SessionDurability?
    private let state: Locked<State>

    init(id: String, token: String, lifecycle: SessionLifecycle, durability: SessionDurability? = nil) {
        self.id = id
        self.token = token
        self.durability = durability
        state = Locked(State(lifecycle: lifecycle))
    }

    /// Whether `candidate` is this session's token (constant time).
    func accepts(token candidate: String?) -> Bool {
        guard let candidate else { return false }
        return SecureToken.equal(candidate, token)
    }

    /// Whether `candidate` (as received) is this session's token (constant time).
    func accepts(tokenBytes candidate: UnsafeBufferPointer<UInt8>) -> Bool {
        token.withUTF8Bytes { SecureToken.equalBytes(candidate, $0) }
    }

    /// Takes one event from the session's budget (`rate` per second, `burst` at once); false if exhausted.
    /// The session counts as used from then on (``SessionLifecycle/eventReceived(now:)``).
    func allowEvent(now: Double, rate: Double, burst: Int) -> Bool {
        return state.withLock { s in
            _ = s.lifecycle.eventReceived(now: now)
            guard rate > 0 else { return true }
            var bucket = s.events ?? TokenBucket(tokens: Double(burst), updated: now)
            defer { s.events = bucket }
            return bucket.take(now: now, rate: rate, burst: Double(burst))
        }
    }

    /// Records activity; false if the session is no longer live.
    func touch(now: Double) -> Bool { state.withLock { $0.lifecycle.touch(now: now) } }

    /// The graph for `route`, created by `make` if the session has none yet, or has one opened for another
    /// `identity` (then returned as `replaced`, for the caller to close); it becomes the most recent one.
    /// Returns nil if the session is no longer live.
    func openGraph(
        route: String, identity: String? = nil, make: () -> GraphHost
    ) -> (host: GraphHost, created: Bool, replaced: GraphHost?)? {
        state.withLock { s in
            guard s.lifecycle.phase == .live else { return nil }
            var replaced: GraphHost?
            if let existing = Self.existing(route, in: &s) {
                guard existing.identity != identity else { return (existing, false, nil) }
                replaced = existing
            }
            let host = make()
            s.graphs[route] = host
            s.last = (route, host)
            return (host, true, replaced)
        }
    }

    /// The session's own objects (a cart), made by `make` the first time they are asked for.
    func objects(make: (@Sendable () -> [any AnyObject & Sendable])?) -> [any AnyObject & Sendable] {
        guard let make else { return [] }
        return state.withLock { s in
            if let objects = s.objects { return objects }
            let objects = make()
            s.objects = objects
            return objects
        }
    }

    /// The graph for `route` if the session has it open (it becomes the most recent one); nil if it has
    /// none or is no longer live.
    func openedGraph(route: String) -> GraphHost? {
        state.withLock { s in s.lifecycle.phase == .live ? Self.existing(route, in: &s) : nil }
    }

    /// The open graph for `route`, made the most recent one.
    private static func existing(_ route: String, in s: inout State) -> GraphHost? {
        guard let existing = find(route, in: s) else { return nil }
        if s.last?.host !== existing { s.last = (route, existing) }
        return existing
    }

    /// The open graph for `route`: the most recent one (every event of a page) is found by comparing the
    /// route, without hashing it.
    private static func find(_ route: String, in s: borrowing State) -> GraphHost? {
        if let last = s.last, last.route == route { return last.host }
        return s.graphs[route]
    }

    /// The graph named by `route`, or the most recently opened one when `route` is nil.
    func graph(route: String?) -> GraphHost? {
        state.withLock { s in
            guard s.lifecycle.phase == .live else { return nil }
            guard let route else { return s.last?.host }
            return Self.find(route, in: s)
        }
    }

    /// Number of graphs.
    var graphCount: Int { state.withLock { $0.graphs.count } }

    /// The lifecycle's phase.
    var phase: SessionLifecycle.Phase { state.withLock { $0.lifecycle.phase } }

    /// A stream opened; false if the session is no longer live.
    func streamOpened(now: Double) -> Bool { state.withLock { $0.lifecycle.streamOpened(now: now) } }

    /// A stream asks to open: counted unless the session is no longer live or already has `limit` open.
    func openStream(now: Double, limit: Int) -> SessionLifecycle.StreamAdmission {
        state.withLock { $0.lifecycle.openStream(now: now, limit: limit) }
    }

    /// When the session was last active, if it is live with no open stream (it may be evicted); nil otherwise.
    var idleSince: Double? { state.withLock { $0.lifecycle.isIdle ? $0.lifecycle.lastActivity : nil } }

    /// Ends the session if it is still idle (live, no open stream); returns the graphs to close, or nil if
    /// it is not idle (a stream opened meanwhile) or already ended.
    func endIfIdle() -> [GraphHost]? {
        state.withLock { s in s.lifecycle.isIdle && s.lifecycle.end() == .close ? Array(s.graphs.values) : nil }
    }

    /// Whether the session is live and was used (a request, an open stream) within `seconds` before `now`:
    /// a durable session's lease is renewed while it is.
    func inUse(now: Double, within seconds: Double) -> Bool {
        state.withLock { s in
            s.lifecycle.phase == .live && (!s.lifecycle.isIdle || now - s.lifecycle.lastActivity < seconds)
        }
    }

    /// Every open graph, for a last save.
    var openGraphs: [GraphHost] { state.withLock { Array($0.graphs.values) } }

    /// A stream closed.
    func streamClosed(now: Double) { state.withLock { $0.lifecycle.streamClosed(now: now) } }

    /// Advances the lifecycle; returns the graphs to close if the session just expired.
    func tick(now: Double) -> [GraphHost]? {
        state.withLock { s in s.lifecycle.tick(now: now) == .close ? Array(s.graphs.values) : nil }
    }

    /// Ends the session now; returns the graphs to close (nil if it had already ended).
    func end() -> [GraphHost]? {
        state.withLock { s in s.lifecycle.end() == .close ? Array(s.graphs.values) : nil }
    }

    /// Closes `graphs` (from `tick` or `end`) and marks the session released.
    func close(_ graphs: [GraphHost], reason: String) async {
        for graph in graphs { await graph.close(reason: reason) }
        state.withLock { s in
            s.graphs = [:]
            s.last = nil
            s.objects = nil
            s.lifecycle.released()
        }
    }

    /// Every open stream of every graph.
    var streams: [SSEStream] {
        let graphs = state.withLock { Array($0.graphs.values) }
        return graphs.flatMap(\.streams)
    }
}

/// A token bucket: `burst` tokens, refilled at `rate` per second.
struct TokenBucket: Sendable, Equatable {
    var tokens: Double
    var updated: Double

    /// Refills for the time since the last call, then takes one token if there is one.
    mutating func take(now: Double, rate: Double, burst: Double) -> Bool {
        tokens = min(burst, tokens + max(0, now - updated) * rate)
        updated = max(updated, now)
        guard tokens >= 1 else { return false }
        tokens -= 1
        return true
    }
}
