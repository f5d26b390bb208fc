import LiveUI

/// Saves one graph of a durable session: its ``GraphHost`` asks it before applying an event
/// (``admit(tab:seq:)``) and, inside the job that applied it, before answering (``save(_:tab:seq:)``).
/// An answer leaves only once what the event changed is durable; a failed commit answers 503 and drops the
/// session from memory (never from the store), so that the next request reloads the last durable state and
/// the client's retry of the same seq applies the event afresh.
final class RouteSaver: Sendable {
    let route: String
    let session: SessionDurability
    /// Per tab, the highest seq the store had answered when the graph was rebuilt: a retry at or below it lost
    /// its answer with the process that gave it, and is answered with the page as it is (``GraphHost``).
    let restoredSeqs: [String?: Int]
    /// Removes the session from the server's memory (not from the store).
    private let drop: @Sendable () -> Void

    private struct State {
        /// Per tab, the seq first applied after the resume was marked in the store (crash-loop guard).
        var attempts: [String?: Int]
        /// Tabs whose first event after the resume was admitted.
        var guarded: Set<String?> = []
        /// Markers to remove with the next commit.
        var markers: Set<String> = []
    }

    private let state: Locked<State>

    init(
        route: String, session: SessionDurability, restoredSeqs: [String?: Int], attempts: [String?: Int],
        drop: @escaping @Sendable () -> Void
    ) {
        self.route = route
        self.session = session
        self.restoredSeqs = restoredSeqs
        self.drop = drop
        state = Locked(State(attempts: attempts))
    }

    /// Before event `seq` of `tab` is applied: nil to apply it, or the error refusing it (nothing ran).
    ///
    /// The store down: 503 at once. The first event of a tab after a resume may be the retry of an event
    /// that stopped the previous process (a trap in view code): it is marked in the store before it runs, and
    /// when the process dies again on it and the client retries it once more, it is refused (500
    /// `event_failed`) instead of stopping every restart.
    func admit(tab: String?, seq: Int?) -> ServerError? {
        if session.failed { return .storeUnavailable(retryAfter: 1) }
        if session.durable.isDown { return .storeUnavailable(retryAfter: Int(DurableSessions.downSeconds)) }
        guard session.resumed, let seq else { return nil }
        enum Step { case go, refuse, mark }
        let step = state.withLock { s -> Step in
            if s.attempts[tab] == seq { return .refuse }
            return s.guarded.insert(tab).inserted ? .mark : .go
        }
        switch step {
        case .go: return nil
        case .refuse:
            session.durable.logger.error(
                "session \(session.id.prefix(8)): event \(seq) on \(route.prefix(200)) was refused: it stopped the server on its last try")
            return .eventKeepsFailing
        case .mark:
            let key = SessionDurability.attemptMarker + SessionDurability.seqKey(tab: tab, route: route)
            let marker = KeyChanges(written: [key: Array(String(seq).utf8)])
            if let error = session.save(route: route, StateChanges(), tab: nil, seq: nil, metadata: marker) {
                state.withLock { _ = $0.guarded.remove(tab) }
                drop()
                return error
            }
            state.withLock { _ = $0.markers.insert(key) }
            return nil
        }
    }

    /// Whether ``save(_:tab:seq:)`` commits on the calling thread without waiting for another (the store's
    /// commits are cheap: ``DurableSessions/commitsInPlace``).
    var savesInPlace: Bool { session.durable.commitsInPlace }

    /// Inside the job that applied event `seq` of `tab` (or rendered the page: no seq): takes what changed and
    /// commits it; `completion` runs with nil once it is durable, or with the error to answer (the session
    /// is then dropped). It runs before this returns when the commit was made on this thread, else on the
    /// thread that committed it (under load, with the commits of other sessions).
    func save(_ graph: any HostedGraph, tab: String?, seq: Int?, completion: @escaping @Sendable (ServerError?) -> Void) {
        if savesInPlace {
            completion(save(graph, tab: tab, seq: seq))
            return
        }
        let markers = takeMarkers()
        let metadata = markers.isEmpty ? KeyChanges() : KeyChanges(removed: markers)
        // Encoded from the changes where the graph keeps them, before this returns.
        graph.takeStateChangesIfSaved { changes in
            session.save(
                route: route, changes ?? PendingStateChanges(), tab: tab, seq: seq, metadata: metadata, saver: self,
                markers: markers, completion: completion)
        }
    }

    /// ``save(_:tab:seq:completion:)``, blocking until durable: nil when saved, the error to answer otherwise.
    func save(_ graph: any HostedGraph, tab: String?, seq: Int?) -> ServerError? {
        let markers = takeMarkers()
        let metadata = markers.isEmpty ? KeyChanges() : KeyChanges(removed: markers)
        let error: ServerError?
        if savesInPlace {
            // Encoded from the changes where the graph keeps them.
            error = graph.takeStateChangesIfSaved { changes in
                session.saveInPlace(route: route, changes ?? PendingStateChanges(), tab: tab, seq: seq, metadata: metadata)
            }
        } else {
            let changes = graph.takeStateChangesIfSaved() ?? StateChanges()
            error = session.save(route: route, changes, tab: tab, seq: seq, metadata: metadata)
        }
        if error != nil { failed(markers) }
        return error
    }

    /// The markers to remove with this commit.
    private func takeMarkers() -> Set<String> {
        state.withLock { s in
            if s.markers.isEmpty { return [] }
            defer { s.markers = [] }
            return s.markers
        }
    }

    /// A commit failed: its markers wait for the next, and the session is dropped.
    func failed(_ markers: Set<String>) {
        state.withLock { $0.markers.formUnion(markers) }
        drop()
    }
}
