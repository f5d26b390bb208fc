/// Where sessions' state is saved so that it outlives the process: per session its token, per route a
/// key→bytes map, its scene storage, its metadata (each tab's highest `seq`), its expiry and its lease;
/// per browser its app storage. Implementations: ``MemoryStateStore``, ``SQLiteStateStore``,
/// ``RedisStateStore`` (docs/state-stores.md), chosen with ``StoreLocation``.
///
/// Every operation is synchronous and may block its thread on I/O (a disk write, a round trip to Redis):
/// the server calls the store from libmicrohttpd's threads and from the ``StateWriter``'s own thread,
/// never from the cooperative pool. A store that cannot be reached, is locked or full throws
/// ``StateStoreError/unavailable(_:)`` and has changed nothing; the next call tries again (a closed
/// connection is reopened), so a store that comes back is used again without a restart.
///
/// ```swift
/// let store = try StoreLocation.parse("sqlite:/var/lib/liveui/state.db").open(sessionTTL: 1800)
/// _ = try store.acquireLease(session: id, holder: instance, ttl: 10)
/// try store.commit(StateBatch(holder: instance, sessions: [changes]))
/// let saved = try store.load(session: id)
/// ```
package protocol StateStore: Sendable {
    /// The session's saved state; nil if it was never saved, was deleted or has expired.
    func load(session: String) throws(StateStoreError) -> StoredSession?

    /// The browser's app storage (empty if none was saved or it has expired).
    func loadAppStorage(browser: String) throws(StateStoreError) -> [String: [UInt8]]

    /// Applies every change of `batch` in one transaction, in order, and extends the expiry of each
    /// session and browser it names. When `batch.holder` is set, a session whose lease that holder does
    /// not hold is left unchanged and returned; the others are written. Either all of the rest is
    /// durable when this returns, or (on a throw) none of it.
    /// - Returns: the ids of sessions refused because `batch.holder` does not hold their lease.
    func commit(_ batch: StateBatch) throws(StateStoreError) -> Set<String>

    /// Removes the session's state and its lease (a session that ended for good).
    func delete(session: String) throws(StateStoreError)

    /// Takes the session's lease for `holder` for `ttl` seconds: granted if it is free, lapsed, or already
    /// this holder's (then extended); otherwise says who holds it and for how long.
    func acquireLease(session: String, holder: String, ttl: Double) throws(StateStoreError) -> LeaseResult

    /// Extends `holder`'s lease on the session by `ttl` seconds from now; false (nothing changed) if the
    /// holder does not hold it any more.
    func renewLease(session: String, holder: String, ttl: Double) throws(StateStoreError) -> Bool

    /// Gives the session's lease up if `holder` holds it, so that another instance may take it at once.
    func releaseLease(session: String, holder: String) throws(StateStoreError)

    /// Gives up every lease `holder` holds (a server stopping on SIGTERM).
    /// - Returns: how many leases were released.
    @discardableResult
    func releaseAllLeases(holder: String) throws(StateStoreError) -> Int

    /// Removes sessions, browsers and leases whose time has passed; returns how many sessions went.
    /// Expired entries are never loaded, swept or not; Redis removes its own (a key TTL) and returns 0.
    @discardableResult
    func sweepExpired() throws(StateStoreError) -> Int
}
