import Synchronization

/// A monotonic clock in seconds, injected so tests can move time without waiting.
struct ServerClock: Sendable {
    /// The current time in seconds on a monotonic scale.
    let now: @Sendable () -> Double

    /// The system's monotonic clock.
    static let system = ServerClock { MonotonicClock.seconds() }
}

/// All sessions of the server, in shards that each have their own lock, so that requests for
/// different sessions on different threads rarely wait for one another. A shard's lock is held only
/// to find, add or remove a session, never while a session's own lock is needed by the caller
/// afterwards (lock order: shard, then session).
final class SessionStore: Sendable {
    let clock: ServerClock
    let idleTTL: Double
    /// Idle seconds before a session that never received an event ends (at most `idleTTL`).
    let unusedTTL: Double
    let maxSessions: Int
    /// New sessions per client address.
    let budget: AddressBudget
    private let shards: [Locked<[SessionKey: ServerSession]>]
    /// Sessions alive, across shards; a session is counted before it is added and after it is removed.
    private let total = Atomic<Int>(0)
    private let onEnd: @Sendable (ServerSession, String) -> Void
    /// The store sessions are saved to and resumed from (nil with the `memory` store).
    let durable: DurableSessions?

    /// - Parameters:
    ///   - unusedTTL: idle seconds before a session that never received an event ends (nil: `idleTTL`).
    ///   - budget: new sessions per client address (nil: no limit).
    ///   - onEnd: told when a session ends and why (`expired`, `evicted`, `shutdown`), after its graphs are closed.
    init(
        clock: ServerClock, idleTTL: Double, unusedTTL: Double? = nil, maxSessions: Int, budget: AddressBudget? = nil,
        durable: DurableSessions? = nil, onEnd: @escaping @Sendable (ServerSession, String) -> Void = { _, _ in }
    ) {
        self.durable = durable
        self.clock = clock
        self.idleTTL = idleTTL
        self.unusedTTL = min(unusedTTL ?? idleTTL, idleTTL)
        self.maxSessions = maxSessions
        self.budget = budget ?? AddressBudget(burst: 0, rate: 1)
        self.onEnd = onEnd
        shards = (0..<SessionKey.shardCount).map { _ in Locked([:]) }
    }

    /// A new session with fresh id and token for a client at `address`: 429 `too_many_sessions` when the
    /// address has spent its budget; when `maxSessions` are alive, the least recently active idle session
    /// (no open stream) ends to make room, and only when every session has a stream open is the answer 503.
    /// With a durable store the session is saved from its first page on, under a lease when the store has them
    /// (503 when the store is down); `browser` names the browser whose app storage it uses.
    func create(for address: String = "", browser: String? = nil) throws(ServerError) -> ServerSession {
        let now = clock.now()
        if let retryAfter = budget.take(address, now: now) { throw .tooManySessions(retryAfter: retryAfter) }
        let (id, token) = (SecureToken.hex(), SecureToken.hex())
        var durability: SessionDurability?
        if let durable {
            try durable.hold(new: id)
            let app = browser.map { durable.appStorage(browser: $0) } ?? [:]
            durability = SessionDurability(id: id, token: token, browser: browser, appStorage: app, durable: durable)
        }
        try reserve()
        let session = ServerSession(
            id: id, token: token, lifecycle: SessionLifecycle(now: now, idleTTL: idleTTL, unusedTTL: unusedTTL),
            durability: durability)
        guard let key = SessionKey(session.id) else {
            // Not reached: every id `SecureToken.hex()` makes is well formed.
            total.subtract(1, ordering: .relaxed)
            throw .internalError
        }
        shards[key.shard].withLock { $0[key] = session }
        return session
    }

    /// Counts one more session alive, ending the least recently used idle one when the table is full.
    private func reserve() throws(ServerError) {
        var alive = total.load(ordering: .relaxed)
        while true {
            if alive >= maxSessions {
                guard evictLeastRecentlyUsed() else { throw .unavailable("too many sessions; try again later") }
                alive = total.load(ordering: .relaxed)
                continue
            }
            let (exchanged, original) = total.compareExchange(
                expected: alive, desired: alive + 1, ordering: .relaxed)
            if exchanged { break }
            alive = original
        }
    }

    /// The session `id` held here, or else, with a durable store, rebuilt from the store (its graphs are
    /// rebuilt lazily, per route, as requests name them). Nil when neither has it; 503 when the store is down
    /// or another instance holds the session.
    func lookupOrResume(_ id: String) throws(ServerError) -> ServerSession? {
        if let session = lookup(id) { return session }
        guard let durable, let key = SessionKey(id) else { return nil }
        guard let stored = try durable.resume(id) else { return nil }
        let app = stored.browser.map { durable.appStorage(browser: $0) } ?? [:]
        let durability = SessionDurability(resuming: stored, appStorage: app, durable: durable)
        try reserve()
        let now = clock.now()
        // A saved session was used (its state is worth keeping): the idle TTL applies, not the unused one.
        var lifecycle = SessionLifecycle(now: now, idleTTL: idleTTL, unusedTTL: unusedTTL)
        _ = lifecycle.eventReceived(now: now)
        let resumed = ServerSession(id: id, token: stored.token, lifecycle: lifecycle, durability: durability)
        // Two requests may resume the same session at once: the first one in wins, the other copy is let go.
        let session = shards[key.shard].withLock { sessions -> ServerSession in
            if let existing = sessions[key] { return existing }
            sessions[key] = resumed
            return resumed
        }
        if session !== resumed { total.subtract(1, ordering: .relaxed) }
        return session.touch(now: now) ? session : nil
    }

    /// The session these id bytes spell, held here or resumed (``lookupOrResume(_:)``).
    func lookupOrResume(idBytes: UnsafeBufferPointer<UInt8>) throws(ServerError) -> ServerSession? {
        if let session = lookup(idBytes: idBytes) { return session }
        guard durable != nil else { return nil }
        return try lookupOrResume(String(decoding: idBytes, as: UTF8.self))
    }

    /// Removes `session` from memory, not from the store (a commit of it failed, or another instance holds it
    /// now): the next request for it resumes it from its last durable state. Its graphs close in the
    /// background; its streams end, and their clients reconnect.
    func drop(_ session: ServerSession, reason: String) {
        guard let key = SessionKey(session.id) else { return }
        let graphs = shards[key.shard].withLock { sessions -> [GraphHost]? in
            guard sessions[key] === session, let graphs = session.end() else { return nil }
            sessions[key] = nil
            return graphs
        }
        guard let graphs else { return }
        total.subtract(1, ordering: .relaxed)
        let onEnd = onEnd
        Task {
            await session.close(graphs, reason: reason)
            onEnd(session, reason)
        }
    }

    /// Every session alive (for lease renewals and the last save).
    var sessions: [ServerSession] { all }

    /// Ends the idle session (live, no open stream) least recently active, to make room for a new one;
    /// false if every session has a stream open. Its graphs close in the background (`onEnd` says
    /// `evicted`). A scan of every session: it runs only when the table is full.
    private func evictLeastRecentlyUsed() -> Bool {
        while true {
            var oldest: (key: SessionKey, session: ServerSession, since: Double)?
            for shard in shards {
                let candidate = shard.withLock { sessions -> (SessionKey, ServerSession, Double)? in
                    var best: (SessionKey, ServerSession, Double)?
                    for (key, session) in sessions {
                        guard let since = session.idleSince else { continue }
                        if best == nil || since < best!.2 { best = (key, session, since) }
                    }
                    return best
                }
                if let candidate, oldest == nil || candidate.2 < oldest!.since {
                    oldest = (candidate.0, candidate.1, candidate.2)
                }
            }
            guard let oldest else { return false }
            // Ended only if still idle and still here: a stream may have opened, or an expiry sweep ended it.
            let graphs = shards[oldest.key.shard].withLock { sessions -> [GraphHost]? in
                guard sessions[oldest.key] === oldest.session, let graphs = oldest.session.endIfIdle() else { return nil }
                sessions[oldest.key] = nil
                return graphs
            }
            guard let graphs else { continue }
            total.subtract(1, ordering: .relaxed)
            let session = oldest.session
            let onEnd = onEnd
            Task {
                await session.close(graphs, reason: "evicted")
                onEnd(session, "evicted")
            }
            return true
        }
    }

    /// The live session with this id, touched; nil if unknown, malformed or expired.
    func lookup(_ id: String) -> ServerSession? {
        id.withUTF8Bytes { lookup(idBytes: $0) }
    }

    /// The live session whose id is these bytes (a header's value as received, no string made of
    /// it), touched; nil if unknown, malformed or expired.
    func lookup(idBytes: UnsafeBufferPointer<UInt8>) -> ServerSession? {
        // Found by its key's hash (computed outside the lock); keys compare all 32 bytes in constant time.
        guard let key = SessionKey(idBytes), let session = shards[key.shard].withLock({ $0[key] }) else { return nil }
        return session.touch(now: clock.now()) ? session : nil
    }

    /// Sessions alive.
    var count: Int { total.load(ordering: .relaxed) }

    /// Every session alive, shard by shard.
    private var all: [ServerSession] { shards.flatMap { $0.withLock { Array($0.values) } } }

    /// Graphs alive across sessions.
    var graphCount: Int { all.reduce(0) { $0 + $1.graphCount } }

    /// Every open stream.
    var streams: [SSEStream] { all.flatMap(\.streams) }

    /// Ends every session idle for `idleTTL` (at the clock's current time) and waits until their graphs are
    /// closed (onDisappear ran, tasks cancelled, storage released). Returns how many ended.
    @discardableResult
    func expireIdle() async -> Int {
        let now = clock.now()
        var ended: [(ServerSession, [GraphHost])] = []
        for shard in shards {
            ended += shard.withLock { all -> [(ServerSession, [GraphHost])] in
                var ended: [(ServerSession, [GraphHost])] = []
                for (key, session) in all {
                    if let graphs = session.tick(now: now) {
                        ended.append((session, graphs))
                        all[key] = nil
                    }
                }
                if !ended.isEmpty { all.shrinkIfSparse() }
                return ended
            }
        }
        total.subtract(ended.count, ordering: .relaxed)
        for (session, graphs) in ended {
            await session.close(graphs, reason: "expired")
            onEnd(session, "expired")
        }
        if !ended.isEmpty { HeapTrim.releaseFreePages() }
        return ended.count
    }

    /// Ends every session (server shutdown) and waits for their graphs to close.
    func closeAll(reason: String) async {
        var all: [ServerSession] = []
        for shard in shards {
            all += shard.withLock { sessions -> [ServerSession] in
                defer { sessions = [:] }
                return Array(sessions.values)
            }
        }
        total.subtract(all.count, ordering: .relaxed)
        for session in all {
            guard let graphs = session.end() else { continue }
            await session.close(graphs, reason: reason)
            onEnd(session, reason)
        }
    }
}

/// A well-formed session id (32 lowercase hex digits, ``SecureToken/isWellFormed(_:)``) as the store's
/// key: its bytes in four words, hashed by the first two, compared whole in constant time. Those 16
/// bytes carry 64 random bits: hashing them costs a fraction of hashing the whole id, and the hasher's
/// per-process seed keeps buckets unpredictable. Made from a header's bytes as well as from a string, so
/// that looking a session up makes no string.
struct SessionKey: Hashable, Sendable {
    /// Shards of the store (a power of two, at most 2^32).
    static let shardCount = 16

    private let head: UInt64
    private let tail: UInt64
    private let rest: (UInt64, UInt64)

    /// The key of `id`; nil unless it is well formed.
    init?(_ id: String) {
        guard let key = id.withUTF8Bytes({ SessionKey($0) }) else { return nil }
        self = key
    }

    /// The key of the id these bytes spell; nil unless they are well formed.
    init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard SecureToken.isWellFormed(bytes) else { return nil }
        var words: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: UnsafeRawBufferPointer(bytes)) }
        (head, tail, rest) = (words.0, words.1, (words.2, words.3))
    }

    /// The shard this id lives in: high bits of a multiplicative hash of its first word (hex digits
    /// alone would use few of the values).
    var shard: Int { Int(truncatingIfNeeded: (head &* 0x9E37_79B9_7F4A_7C15) >> 32) & (Self.shardCount - 1) }

    func hash(into hasher: inout Hasher) {
        hasher.combine(head)
        hasher.combine(tail)
    }

    /// Every byte compared, whatever differs first: the time does not tell how much of an id was right.
    static func == (a: SessionKey, b: SessionKey) -> Bool {
        (a.head ^ b.head) | (a.tail ^ b.tail) | (a.rest.0 ^ b.rest.0) | (a.rest.1 ^ b.rest.1) == 0
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
