import Foundation
import LiveUI

/// The server's side of durable sessions (docs/state-stores.md, "The server"): the store the `store`
/// setting names, the group writer every session commits through, this process's lease holder, and the
/// housekeeping thread. Made only when the store is not `memory`: with `memory` there is no such object
/// and the event path is as it always was.
final class DurableSessions: Sendable {
    /// Seconds a lease lasts: a session whose instance died is taken over by another within this.
    static let leaseSeconds: Double = 10
    /// Seconds between lease renewals of the sessions in use.
    static let renewSeconds: Double = 3
    /// Seconds after a store failure during which events are refused at once (not applied, 503), so that a
    /// store that is down does not hold every server thread for its timeout; also the `Retry-After`.
    static let downSeconds: Double = 1

    let setting: StoreSetting
    let store: any StateStore
    let writer: StateWriter
    /// Whether sessions commit straight to the store, each on the thread that took its changes, rather than
    /// through ``writer``: so with SQLite behind its log, whose commit is one `pwrite(2)`. Grouping would save
    /// little there and cost a hand-over between threads (a connection suspended and resumed) per event.
    var commitsInPlace: Bool { logged != nil && holder == nil }
    /// The store when it is SQLite behind its log, which events commit to in place.
    private let logged: LoggedStateStore?
    /// The store when it is Redis, for which sessions encode their changes where they take them.
    let redis: RedisStateStore?
    /// This process's lease holder (random per process); nil when the store is this process's alone (an
    /// SQLite file under ``FileLock``): then there are no leases and a restart resumes every session at once.
    let holder: String?
    let clock: ServerClock
    let logger: Logger
    let maintenance = MaintenanceThread()
    private let lock = Locked<FileLock?>(nil)
    /// The clock's time until which the store is taken as down.
    private let downUntil = Locked<Double>(-.infinity)

    /// Durable sessions in `store` (tests inject a ``MemoryStateStore``); `leases` says whether sessions are
    /// held through leases (nil: with Redis only).
    init(
        setting: StoreSetting, sessionTTL: Double, clock: ServerClock, logger: Logger, store: (any StateStore)? = nil,
        leases: Bool? = nil
    ) {
        self.setting = setting
        let opened: any StateStore
        if let store {
            opened = store
        } else if case .sqlite(let path) = setting.location {
            // This process owns the file (``claim()``): commits go to its log, checkpointed into the file.
            opened = LoggedStateStore(inner: setting.location.open(sessionTTL: sessionTTL), path: path) { message in
                logger.warning("store: \(message)")
            }
        } else {
            opened = setting.location.open(sessionTTL: sessionTTL)
        }
        let store = opened
        self.store = store
        logged = store as? LoggedStateStore
        redis = store as? RedisStateStore
        let useLeases: Bool
        if let leases { useLeases = leases } else if case .redis = setting.location { useLeases = true } else { useLeases = false }
        holder = useLeases ? SecureToken.hex() : nil
        writer = StateWriter(store: store, holder: holder)
        self.clock = clock
        self.logger = logger
    }

    /// Takes what the store needs to be this process's before serving: the lock file of an SQLite store.
    /// - Throws: ``DurableStartError`` when another process holds it.
    func claim() throws(DurableStartError) {
        guard case .sqlite(let path) = setting.location else { return }
        let fileLock = try FileLock(path: path + ".lock")
        lock.withLock { $0 = fileLock }
    }

    // MARK: Availability

    /// Whether a store failure was seen less than ``downSeconds`` ago.
    var isDown: Bool { clock.now() < downUntil.withLock { $0 } }

    /// Notes a failure of the store (logged) and returns what the client is answered.
    func failed(_ error: StateStoreError, _ doing: String) -> ServerError {
        switch error {
        case .unavailable:
            let now = clock.now()
            let first = downUntil.withLock { until -> Bool in
                defer { until = now + Self.downSeconds }
                return until < now - 10
            }
            if first { logger.error("\(doing): \(error)") } else { logger.debug("\(doing): \(error)") }
            return .storeUnavailable(retryAfter: Int(Self.downSeconds.rounded(.up)))
        case .leaseLost:
            logger.warning("\(doing): \(error); the session is dropped here")
            return .heldElsewhere(retryAfter: Int(Self.leaseSeconds))
        }
    }

    // MARK: Sessions

    /// Takes the lease of a new session (nothing without leases): a commit is written only under it.
    func hold(new id: String) throws(ServerError) {
        guard let holder else { return }
        if isDown { throw .storeUnavailable(retryAfter: Int(Self.downSeconds)) }
        do throws(StateStoreError) {
            _ = try store.acquireLease(session: id, holder: holder, ttl: Self.leaseSeconds)
        } catch {
            throw failed(error, "lease of a new session")
        }
    }

    /// The saved session `id`, leased to this process; nil when the store has none (never saved, deleted,
    /// expired). 503 when the store is down or another instance holds the session.
    func resume(_ id: String) throws(ServerError) -> StoredSession? {
        if isDown { throw .storeUnavailable(retryAfter: Int(Self.downSeconds)) }
        let lease: LeaseResult
        do throws(StateStoreError) {
            lease = try holder.map { holder throws(StateStoreError) in
                try store.acquireLease(session: id, holder: holder, ttl: Self.leaseSeconds)
            } ?? .granted
        } catch {
            throw failed(error, "lease of session \(id.prefix(8))")
        }
        if case .heldElsewhere(_, let expiresIn) = lease {
            throw .heldElsewhere(retryAfter: max(1, Int(expiresIn.rounded(.up))))
        }
        do throws(StateStoreError) {
            guard let saved = try store.load(session: id) else {
                if let holder { try store.releaseLease(session: id, holder: holder) }
                return nil
            }
            return saved
        } catch {
            throw failed(error, "resume of session \(id.prefix(8))")
        }
    }

    /// The browser's app storage (`@AppStorage`), empty when the store has none or is down.
    func appStorage(browser: String) -> [String: Data] {
        guard !isDown else { return [:] }
        do throws(StateStoreError) {
            return try store.loadAppStorage(browser: browser).mapValues { Data($0) }
        } catch {
            _ = failed(error, "app storage of a browser")
            return [:]
        }
    }

    /// Commits the batch `record` encodes (``LoggedStateStore/recordStart()`` and ``BatchCoding``) straight to
    /// the store's log (``commitsInPlace``), on this thread.
    func commitInPlace(record: inout [UInt8]) -> Result<Void, StateStoreError> {
        guard let logged else { return .failure(.unavailable("the store commits through the writer")) }
        do throws(StateStoreError) {
            try logged.commit(record: &record)
            return .success(())
        } catch {
            return .failure(error)
        }
    }

    // MARK: Housekeeping (on the maintenance thread)

    /// Removes an ended session's state and lease.
    func deleteLater(_ id: String) {
        let store = store
        let logger = logger
        maintenance.async {
            do throws(StateStoreError) { try store.delete(session: id) } catch {
                logger.warning("delete of expired session \(id.prefix(8)): \(error)")
            }
        }
    }

    /// Gives up the lease of a session no longer held here (evicted, dropped).
    func releaseLater(_ id: String) {
        guard let holder else { return }
        let store = store
        maintenance.async { try? store.releaseLease(session: id, holder: holder) }
    }

    /// Removes what expired in the store (the idle sweep).
    func sweepLater() {
        let store = store
        let logger = logger
        maintenance.async {
            do throws(StateStoreError) {
                let swept = try store.sweepExpired()
                if swept > 0 { logger.debug("store: \(swept) expired sessions removed") }
            } catch {
                logger.debug("store sweep: \(error)")
            }
        }
    }

    /// Extends the store's expiry of `sessions` (an empty commit each, in one batch): a session kept alive by an
    /// open stream but sending no event would otherwise expire in the store while it lives here.
    func refreshLater(_ sessions: [SessionDurability]) {
        guard !sessions.isEmpty else { return }
        let writer = writer
        let logger = logger
        maintenance.async {
            let touches = sessions.map { SessionChanges(session: $0.id, token: $0.token, browser: $0.browser) }
            writer.submit(sessions: touches) { result in
                if case .failure(let error) = result { logger.debug("expiry refresh: \(error)") }
            }
        }
    }

    /// Renews the leases of `sessions`; calls `lost` with each one whose lease another instance holds now.
    func renewLater(_ sessions: [ServerSession], lost: @escaping @Sendable (ServerSession) -> Void) {
        guard let holder, !sessions.isEmpty else { return }
        let store = store
        let logger = logger
        maintenance.async {
            for session in sessions {
                do throws(StateStoreError) {
                    if try !store.renewLease(session: session.id, holder: holder, ttl: Self.leaseSeconds) {
                        logger.warning("session \(session.id.prefix(8)): lease lost; dropped here")
                        lost(session)
                    }
                } catch {
                    // The store is down: the lease may lapse; a commit after that is refused (fenced).
                    logger.debug("lease renewal of session \(session.id.prefix(8)): \(error)")
                    return
                }
            }
        }
    }

    /// The end of the process (SIGTERM): commits what is pending, gives up every lease so that another
    /// instance takes the sessions over at once, stops the threads and gives up the file lock.
    func shutdown() {
        writer.close()
        if let holder {
            do throws(StateStoreError) {
                let released = try store.releaseAllLeases(holder: holder)
                logger.info("store: \(released) session leases given up")
            } catch {
                logger.warning("store: leases not given up (\(error)); they lapse within \(Int(Self.leaseSeconds)) s")
            }
        }
        maintenance.close()
        // Everything logged into the database: a clean stop leaves no log to replay.
        logged?.close()
        lock.withLock { lock in
            lock?.release()
            lock = nil
        }
    }
}
