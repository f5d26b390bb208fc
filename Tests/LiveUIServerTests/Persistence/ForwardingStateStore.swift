@testable import LiveUIServer

/// A test double around a real store: every operation but the ones it declares itself goes to `inner`.
/// The doubles declare `commit` (to fail, hold or record it) and get the rest from here.
protocol ForwardingStateStore: StateStore {
    /// The store that does the work.
    var inner: any StateStore { get }
}

extension ForwardingStateStore {
    func commit(_ batch: StateBatch) throws(StateStoreError) -> Set<String> { try inner.commit(batch) }
    func load(session: String) throws(StateStoreError) -> StoredSession? { try inner.load(session: session) }
    func loadAppStorage(browser: String) throws(StateStoreError) -> [String: [UInt8]] { try inner.loadAppStorage(browser: browser) }
    func delete(session: String) throws(StateStoreError) { try inner.delete(session: session) }
    func acquireLease(session: String, holder: String, ttl: Double) throws(StateStoreError) -> LeaseResult {
        try inner.acquireLease(session: session, holder: holder, ttl: ttl)
    }
    func renewLease(session: String, holder: String, ttl: Double) throws(StateStoreError) -> Bool {
        try inner.renewLease(session: session, holder: holder, ttl: ttl)
    }
    func releaseLease(session: String, holder: String) throws(StateStoreError) { try inner.releaseLease(session: session, holder: holder) }
    func releaseAllLeases(holder: String) throws(StateStoreError) -> Int { try inner.releaseAllLeases(holder: holder) }
    func sweepExpired() throws(StateStoreError) -> Int { try inner.sweepExpired() }
}
