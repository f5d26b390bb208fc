import Foundation
import LiveUI

/// What one durable session keeps to save itself and to be rebuilt: its `@SceneStorage` and `@AppStorage`
/// containers, the saved state of routes not rebuilt yet, the tab seqs it was saved with, and a lock that
/// keeps its commits in order. Made only with a store other than `memory`.
final class SessionDurability: Sendable {
    /// The session's id and token, written with every commit.
    let id: String
    let token: String
    /// The browser (long-lived cookie) whose app storage the session uses, if known.
    let browser: String?
    /// The session's `@SceneStorage` values, shared by its graphs.
    let scene: StoredValues
    /// The browser's `@AppStorage` values.
    let app: StoredValues
    /// Whether the session was rebuilt from the store: its graphs number their updates afresh, above what
    /// its clients saw, and the first event of each tab is guarded (``RouteSaver/admit(tab:seq:)``).
    let resumed: Bool
    let durable: DurableSessions

    private struct State {
        /// Saved state of the routes not rebuilt yet, by route.
        var saved: [String: [String: [UInt8]]] = [:]
        /// Routes the store knows the session had open (their graphs are rebuilt on any request naming them).
        var routes: Set<String> = []
        /// Routes whose marker is in the store.
        var marked: Set<String> = []
        /// The route marked or saved last: its next save looks nothing up.
        var lastSaved: String?
        /// Highest seq answered per ``seqKey(tab:route:)``, as saved.
        var seqs: [String: Int] = [:]
        /// Events being applied for the first time after a resume, per ``seqKey(tab:route:)``.
        var attempts: [String: Int] = [:]
        /// A commit failed: nothing more is written from this copy, which is being dropped.
        var failed = false
    }

    /// What the session's commits share, under their lock.
    private struct Commits {
        /// The record a commit in place is encoded into, kept from one commit to the next (no allocation per event).
        var record: [UInt8] = []
        /// The bytes a commit to Redis is encoded into, kept likewise (a new buffer while an earlier commit's holds it).
        var redisArguments: [UInt8] = []
        /// When (the server's clock) the session was last committed.
        var savedAt = -Double.infinity
    }

    private let state: Locked<State>
    /// Held from taking a commit's changes to its end: a session's commits reach the store in order.
    private let commits = Locked(Commits())
    /// The start of every record this session commits in place (``BatchCoding/eventHead(session:token:browser:)``).
    private let recordHead: [UInt8]
    /// What every commit of this session to Redis sends the same way: its changes are encoded for Redis where
    /// they are taken (``RedisEncodedChanges``). Nil with another store.
    private let redisHead: RedisSessionHead?

    /// A new session's.
    init(id: String, token: String, browser: String?, appStorage: [String: Data], durable: DurableSessions) {
        self.id = id
        self.token = token
        self.browser = browser
        scene = StoredValues()
        app = StoredValues(encoded: appStorage)
        resumed = false
        self.durable = durable
        state = Locked(State())
        recordHead = durable.commitsInPlace ? BatchCoding.eventHead(session: id, token: token, browser: browser) : []
        redisHead = durable.redis?.head(session: id, token: token, browser: browser)
    }

    /// A session rebuilt from `stored`.
    init(resuming stored: StoredSession, appStorage: [String: Data], durable: DurableSessions) {
        id = stored.session
        token = stored.token
        browser = stored.browser
        scene = StoredValues(encoded: stored.scene.mapValues { Data($0) })
        app = StoredValues(encoded: appStorage)
        resumed = true
        self.durable = durable
        var state = State(saved: stored.routes, seqs: stored.tabSeqs)
        for (key, bytes) in stored.metadata {
            if key.hasPrefix(Self.routeMarker) {
                state.routes.insert(String(key.dropFirst(Self.routeMarker.count)))
            } else if key.hasPrefix(Self.attemptMarker), let seq = Int(String(decoding: bytes, as: UTF8.self)) {
                state.attempts[String(key.dropFirst(Self.attemptMarker.count))] = seq
            }
        }
        state.routes.formUnion(stored.routes.keys)
        state.marked = state.routes
        self.state = Locked(state)
        recordHead = durable.commitsInPlace ? BatchCoding.eventHead(session: id, token: token, browser: browser) : []
        redisHead = durable.redis?.head(session: id, token: token, browser: browser)
    }

    /// Metadata key prefixes: a route the session had open, an event first applied after a resume.
    static let routeMarker = "route "
    static let attemptMarker = "attempt "

    /// The store's key of a tab's seq on a route: tab names never hold a space, canonical paths neither.
    static func seqKey(tab: String?, route: String) -> String { "\(tab ?? "") \(route)" }

    /// Whether the store knows the session had `route` open (a read request may rebuild it).
    func knows(_ route: String) -> Bool { state.withLock { $0.routes.contains(route) } }

    /// How `route`'s graph is made: its saved state (handed over once), the containers, the version its
    /// updates start after, and its saver.
    func setup(route: String, drop: @escaping @Sendable () -> Void) -> (StatePersistence, Int, RouteSaver) {
        let (saved, seqs, attempts) = state.withLock { s -> ([String: [UInt8]], [String?: Int], [String?: Int]) in
            let suffix = " " + route
            var seqs: [String?: Int] = [:]
            var attempts: [String?: Int] = [:]
            for (key, seq) in s.seqs where key.hasSuffix(suffix) {
                let tab = String(key.dropLast(suffix.count))
                seqs[tab.isEmpty ? nil : tab] = seq
            }
            for (key, seq) in s.attempts where key.hasSuffix(suffix) {
                let tab = String(key.dropLast(suffix.count))
                attempts[tab.isEmpty ? nil : tab] = seq
            }
            return (s.saved.removeValue(forKey: route) ?? [:], seqs, attempts)
        }
        let restoring = SavedState(values: saved.mapValues { Data($0) })
        let persistence = StatePersistence(restoring: restoring, sceneStorage: scene, appStorage: app)
        // Above every version an earlier process could have sent for this graph: they were numbered from 0,
        // or from the time it was rebuilt, by at most one per millisecond on average since.
        let firstVersion = resumed ? Int(Date().timeIntervalSince1970 * 1000) : 0
        let saver = RouteSaver(route: route, session: self, restoredSeqs: seqs, attempts: attempts, drop: drop)
        return (persistence, firstVersion, saver)
    }

    /// Commits the graph's `changes` for `route`, the session's scene and app storage changes and, for an
    /// event numbered `seq` by `tab`, the tab's seq, through the group writer; `completion` runs with nil once
    /// they are durable, or with the 503 to answer. `metadata` adds small facts. The changes are taken and
    /// queued in the order of the calls (the session's commits reach the store in that order); they are
    /// committed on this thread when no batch is being written (`completion` then runs before this returns),
    /// else later on the thread that commits them. With ``DurableSessions/commitsInPlace`` they are committed
    /// right here (``saveInPlace(route:_:tab:seq:metadata:)``). After a failure nothing more is ever written
    /// from this copy (the caller drops it); `saver`, when given, is told first (``RouteSaver/failed(_:)`` of
    /// `markers`), rather than through a closure of its own around `completion`.
    func save(
        route: String, _ changes: some StateChangesReading, tab: String?, seq: Int?, metadata: KeyChanges = KeyChanges(),
        saver: RouteSaver? = nil, markers: Set<String> = [], completion: @escaping @Sendable (ServerError?) -> Void
    ) {
        if durable.commitsInPlace {
            let error = saveInPlace(route: route, changes, tab: tab, seq: seq, metadata: metadata)
            if error != nil, let saver { saver.failed(markers) }
            completion(error)
            return
        }
        let writer = durable.writer
        let turn = commits.withLock { commits -> StateWriter.Turn? in
            guard let (session, appStorage) = take(
                route: route, changes, tab: tab, seq: seq, metadata: metadata, buffer: &commits.redisArguments)
            else {
                return nil
            }
            return writer.enqueue(session: session, appStorage: appStorage) { [self] result in
                if case .failure = result {
                    // Under `commits`: a save that passed the check in `take` before this is queued already, and
                    // the writer fails it too (it carries changes made on top of these).
                    self.commits.withLock { _ in state.withLock { $0.failed = true } }
                }
                let error = saved(result)
                if error != nil, let saver { saver.failed(markers) }
                completion(error)
            }
        }
        switch turn {
        case nil:
            saver?.failed(markers)
            completion(.storeUnavailable(retryAfter: 1))
        case .closed?:
            let error = saved(.failure(.unavailable("the state writer is closed")))
            saver?.failed(markers)
            completion(error)
        case .lead?: writer.lead()
        case .queued?: break
        }
    }

    /// ``save(route:_:tab:seq:metadata:completion:)`` with ``DurableSessions/commitsInPlace``: commits on this
    /// thread, straight to the store; nil when durable, else the 503 to answer.
    func saveInPlace(
        route: String, _ changes: some StateChangesReading, tab: String?, seq: Int?, metadata: KeyChanges = KeyChanges()
    ) -> ServerError? {
        let result = commits.withLock { commits -> Result<Void, StateStoreError>? in
            let marker = state.withLock { s -> Bool? in
                if s.failed { return nil }
                if s.lastSaved == route { return false }
                s.lastSaved = route
                return s.marked.insert(route).inserted
            }
            guard let newRoute = marker else { return nil }
            var metadata = metadata
            if newRoute { metadata.written[Self.routeMarker + route] = [] }
            // Encoded from the parts as they are taken, after the session's part encoded once: no SessionChanges
            // is made on this path, and the record's bytes are the last commit's, reused.
            LoggedStateStore.startRecord(&commits.record)
            commits.record.append(contentsOf: recordHead)
            BatchCoding.encodeEvent(
                browser: browser, route: route, changes: changes, scene: scene.takeChanges(), metadata: metadata,
                tab: seq.map { _ in Self.seqKey(tab: tab, route: route) }, seq: seq, appStorage: app.takeChanges(),
                into: &commits.record)
            let result = durable.commitInPlace(record: &commits.record)
            switch result {
            case .success: commits.savedAt = durable.clock.now()
            case .failure: state.withLock { $0.failed = true }
            }
            return result
        }
        guard let result else { return .storeUnavailable(retryAfter: 1) }
        if case .failure(let error) = result { return durable.failed(error, "commit of session \(id.prefix(8))") }
        return nil
    }

    /// Under `commits`: the session's changes to commit for a save (the scene and app storage changes taken
    /// now), or nil when a commit of this copy failed before.
    private func take(
        route: String, _ changes: some StateChangesReading, tab: String?, seq: Int?, metadata: KeyChanges,
        buffer: inout [UInt8]
    ) -> (SessionChanges, AppStorageChanges?)? {
        let marker = state.withLock { s -> Bool? in
            if s.failed { return nil }
            if s.lastSaved == route { return false }
            s.lastSaved = route
            return s.marked.insert(route).inserted
        }
        guard let newRoute = marker else { return nil }
        var metadata = metadata
        if newRoute { metadata.written[Self.routeMarker + route] = [] }
        var session = SessionChanges(session: id, token: token, browser: browser)
        let scene = self.scene.takeChanges()
        if let redisHead {
            // Encoded here, in the order of the session's commits: the writer's thread only copies the bytes.
            session.encoded = RedisStateStore.encode(
                redisHead, route: route, changes: changes, scene: scene, metadata: metadata,
                tab: seq.map { _ in Self.seqKey(tab: tab, route: route) }, seq: seq, into: &buffer)
        } else {
            session.metadata = metadata
            if !changes.isEmpty { session.routes[route] = KeyChanges(changes) }
            if !scene.isEmpty { session.scene = KeyChanges(scene) }
            if let seq { session.tabSeqs[Self.seqKey(tab: tab, route: route)] = seq }
        }
        let appChanges = app.takeChanges()
        let appStorage = browser.flatMap { appChanges.isEmpty ? nil : AppStorageChanges(browser: $0, changes: KeyChanges(appChanges)) }
        return (session, appStorage)
    }

    /// Notes a commit's outcome: nil when durable, else the 503 to answer.
    private func saved(_ result: Result<Void, StateStoreError>) -> ServerError? {
        switch result {
        case .success:
            let now = durable.clock.now()
            commits.withLock { $0.savedAt = now }
            return nil
        case .failure(let error):
            return durable.failed(error, "commit of session \(id.prefix(8))")
        }
    }

    /// ``save(route:_:tab:seq:metadata:completion:)``, blocking until its completion ran: nil when saved, the
    /// 503 otherwise.
    func save(
        route: String, _ changes: some StateChangesReading, tab: String?, seq: Int?, metadata: KeyChanges = KeyChanges()
    ) -> ServerError? {
        if durable.commitsInPlace { return saveInPlace(route: route, changes, tab: tab, seq: seq, metadata: metadata) }
        let done = DispatchSemaphore(value: 0)
        let outcome = Locked<ServerError?>(nil)
        save(route: route, changes, tab: tab, seq: seq, metadata: metadata) { error in
            outcome.withLock { $0 = error }
            done.signal()
        }
        done.wait()
        return outcome.withLock { $0 }
    }

    /// Whether the last commit is more than `seconds` old (its expiry in the store is coming).
    func savedLongerAgo(than seconds: Double) -> Bool {
        let now = durable.clock.now()
        return !failed && commits.withLock { now - $0.savedAt > seconds }
    }

    /// Whether a commit of this copy failed (it is being dropped).
    var failed: Bool { state.withLock { $0.failed } }
}

extension KeyChanges {
    /// A graph's or container's changes, as the store takes them.
    init(_ changes: some StateChangesReading) {
        var written: [String: [UInt8]] = [:]
        written.reserveCapacity(changes.writtenCount)
        changes.forEachWritten { written[$0] = Array($1) }
        self.init(written: written, removed: changes.removed)
    }
}
