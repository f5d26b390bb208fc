import Combine

/// A ``StateStore`` in the process's memory: today's behaviour (nothing outlives the process), the
/// default, and the model the other stores are tested against. Expiry and leases follow `clock`.
package final class MemoryStateStore: StateStore {
    private struct Entry {
        var token: String
        var browser: String?
        var expiresAt: Double
        /// (scope, key) → bytes, scopes as ``StateScope`` spells them.
        var values: [String: [String: [UInt8]]] = [:]
    }

    private struct Lease {
        var holder: String
        var expiresAt: Double
    }

    private struct State {
        var sessions: [String: Entry] = [:]
        var browsers: [String: (expiresAt: Double, values: [String: [UInt8]])] = [:]
        var leases: [String: Lease] = [:]
    }

    private let clock: StoreClock
    private let sessionTTL: Double
    private let appStorageTTL: Double
    private let state = Locked(State())

    /// A store whose sessions expire `sessionTTL` seconds after their last commit and whose app storage
    /// expires `appStorageTTL` seconds after its last commit.
    package init(clock: StoreClock = .system, sessionTTL: Double, appStorageTTL: Double) {
        self.clock = clock
        self.sessionTTL = sessionTTL
        self.appStorageTTL = appStorageTTL
    }

    package func load(session: String) -> StoredSession? {
        let now = clock.now()
        guard let entry = state.withLock({ $0.sessions[session] }), entry.expiresAt > now else { return nil }
        var stored = StoredSession(session: session, token: entry.token, browser: entry.browser)
        for (scope, values) in entry.values {
            for (key, bytes) in values { StateScope.restore(scope: scope, key: key, bytes: bytes, into: &stored) }
        }
        return stored
    }

    package func loadAppStorage(browser: String) -> [String: [UInt8]] {
        let now = clock.now()
        return state.withLock { state in
            guard let entry = state.browsers[browser], entry.expiresAt > now else { return [:] }
            return entry.values
        }
    }

    package func commit(_ batch: StateBatch) -> Set<String> {
        let now = clock.now()
        return state.withLock { state in
            var refused: Set<String> = []
            for changes in batch.sessions {
                precondition(changes.encoded == nil, "changes encoded for Redis were committed to another store")
                if let holder = batch.holder, !Self.holds(state.leases[changes.session], holder, now) {
                    refused.insert(changes.session)
                    continue
                }
                var entry = state.sessions[changes.session].flatMap { $0.expiresAt > now ? $0 : nil }
                    ?? Entry(token: changes.token, expiresAt: now)
                entry.token = changes.token
                if let browser = changes.browser { entry.browser = browser }
                entry.expiresAt = now + sessionTTL
                let (drops, written, removed) = changes.scopedChanges
                for scope in drops { entry.values[scope] = nil }
                for (scope, key) in removed { entry.values[scope]?[key] = nil }
                for (scope, key, bytes) in written { entry.values[scope, default: [:]][key] = bytes }
                state.sessions[changes.session] = entry
            }
            for app in batch.appStorage {
                var values = state.browsers[app.browser].flatMap { $0.expiresAt > now ? $0.values : nil } ?? [:]
                values = app.changes.applied(to: values)
                state.browsers[app.browser] = (now + appStorageTTL, values)
            }
            return refused
        }
    }

    package func delete(session: String) {
        state.withLock { state in
            state.sessions[session] = nil
            state.leases[session] = nil
        }
    }

    package func acquireLease(session: String, holder: String, ttl: Double) -> LeaseResult {
        let now = clock.now()
        return state.withLock { state in
            if let lease = state.leases[session], lease.expiresAt > now, lease.holder != holder {
                return .heldElsewhere(holder: lease.holder, expiresIn: lease.expiresAt - now)
            }
            state.leases[session] = Lease(holder: holder, expiresAt: now + ttl)
            return .granted
        }
    }

    package func renewLease(session: String, holder: String, ttl: Double) -> Bool {
        let now = clock.now()
        return state.withLock { state in
            guard Self.holds(state.leases[session], holder, now) else { return false }
            state.leases[session]?.expiresAt = now + ttl
            return true
        }
    }

    package func releaseLease(session: String, holder: String) {
        state.withLock { state in
            if state.leases[session]?.holder == holder { state.leases[session] = nil }
        }
    }

    package func releaseAllLeases(holder: String) -> Int {
        state.withLock { state in
            let mine = state.leases.filter { $0.value.holder == holder }.keys
            for session in mine { state.leases[session] = nil }
            return mine.count
        }
    }

    package func sweepExpired() -> Int {
        let now = clock.now()
        return state.withLock { state in
            let expired = state.sessions.filter { $0.value.expiresAt <= now }.keys
            for session in expired { state.sessions[session] = nil }
            state.browsers = state.browsers.filter { $0.value.expiresAt > now }
            state.leases = state.leases.filter { $0.value.expiresAt > now }
            return expired.count
        }
    }

    private static func holds(_ lease: Lease?, _ holder: String, _ now: Double) -> Bool {
        guard let lease else { return false }
        return lease.holder == holder && lease.expiresAt > now
    }
}
