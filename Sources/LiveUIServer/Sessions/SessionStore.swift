import Synchronization

/// A monotonic clock in seconds, injected so tests can move time without waiting.
struct ServerClock: Sendable {
    /// The current time in seconds on a monotonic scale.
    let now: @Sendable () -> Double

    /// The system's monotonic clock.
    static let system = ServerClock { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
}

import Dispatch

/// All sessions of the server. The lock is held only to find, add or remove a session, never while
/// a session's own lock is needed by the caller afterwards (lock order: store, then session).
final class SessionStore: Sendable {
    let clock: ServerClock
    let idleTTL: Double
    let maxSessions: Int
    private let sessions = Locked<[String: ServerSession]>([:])
    private let onEnd: @Sendable (ServerSession, String) -> Void

    /// - Parameter onEnd: told when a session ends and why (`expired`, `shutdown`), after its graphs are closed.
    init(clock: ServerClock, idleTTL: Double, maxSessions: Int, onEnd: @escaping @Sendable (ServerSession, String) -> Void = { _, _ in }) {
        self.clock = clock
        self.idleTTL = idleTTL
        self.maxSessions = maxSessions
        self.onEnd = onEnd
    }

    /// A new session with fresh id and token, or 503 when `maxSessions` are alive.
    func create() throws(ServerError) -> ServerSession {
        let session = ServerSession(
            id: SecureToken.hex(), token: SecureToken.hex(),
            lifecycle: SessionLifecycle(now: clock.now(), idleTTL: idleTTL))
        let added = sessions.withLock { all -> Bool in
            guard all.count < maxSessions else { return false }
            all[session.id] = session
            return true
        }
        guard added else { throw .unavailable("too many sessions; try again later") }
        return session
    }

    /// The live session with this id, touched; nil if unknown, malformed or expired.
    func lookup(_ id: String) -> ServerSession? {
        guard SecureToken.isWellFormed(id) else { return nil }
        // Dictionary lookup by hash, then a constant-time comparison of the full id.
        guard let session = sessions.withLock({ $0[id] }), SecureToken.equal(session.id, id) else { return nil }
        return session.touch(now: clock.now()) ? session : nil
    }

    /// Sessions alive.
    var count: Int { sessions.withLock { $0.count } }

    /// Graphs alive across sessions.
    var graphCount: Int { sessions.withLock { Array($0.values) }.reduce(0) { $0 + $1.graphCount } }

    /// Every open stream.
    var streams: [SSEStream] { sessions.withLock { Array($0.values) }.flatMap(\.streams) }

    /// Ends every session idle for `idleTTL` (at the clock's current time) and waits until their graphs are
    /// closed (onDisappear ran, tasks cancelled, storage released). Returns how many ended.
    @discardableResult
    func expireIdle() async -> Int {
        let now = clock.now()
        let ended = sessions.withLock { all -> [(ServerSession, [GraphHost])] in
            var ended: [(ServerSession, [GraphHost])] = []
            for (id, session) in all {
                if let graphs = session.tick(now: now) {
                    ended.append((session, graphs))
                    all[id] = nil
                }
            }
            if !ended.isEmpty { all.shrinkIfSparse() }
            return ended
        }
        for (session, graphs) in ended {
            await session.close(graphs, reason: "expired")
            onEnd(session, "expired")
        }
        if !ended.isEmpty { HeapTrim.releaseFreePages() }
        return ended.count
    }

    /// Ends every session (server shutdown) and waits for their graphs to close.
    func closeAll(reason: String) async {
        let all = sessions.withLock { all -> [ServerSession] in
            defer { all = [:] }
            return Array(all.values)
        }
        for session in all {
            guard let graphs = session.end() else { continue }
            await session.close(graphs, reason: reason)
            onEnd(session, reason)
        }
    }
}

extension Dictionary {
    /// Reallocates the storage when fewer than a quarter of its slots are used: removing entries never
    /// shrinks a dictionary, so a wave of 10,000 sessions would otherwise keep its table after they expire.
    mutating func shrinkIfSparse() {
        guard capacity > 64, count < capacity / 4 else { return }
        var shrunk = Self(minimumCapacity: count)
        for (key, value) in self { shrunk[key] = value }
        self = shrunk
    }
}
