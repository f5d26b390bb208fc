import LiveUI

/// What the server needs from one view graph. `LiveSession` is the graph the server hosts; this
/// seam keeps the HTTP layer testable on its own and names exactly what it relies on.
protocol HostedGraph: AnyObject, Sendable {
    /// The version of the last update (grows by one per flush with patches).
    var version: Int { get }
    /// The full HTML of the root, then `completion` (on any thread).
    func html(completion: @escaping @Sendable (String) -> Void)
    /// The full HTML of the root and the page's title (the innermost `navigationTitle`), then `completion`.
    func html(withTitle completion: @escaping @Sendable (String, String?) -> Void)
    /// Applies an event; `completion` gets the update or the typed refusal.
    func send(_ event: ClientEvent, completion: @escaping @Sendable (Result<Update, LiveError>) -> Void)
    /// Applies an event on the calling thread if the graph is idle and its last event took at most `limit`
    /// nanoseconds, and returns `true` after `completion` ran; returns `false`, having done nothing, otherwise.
    func sendOnCallerIfIdle(
        _ event: ClientEvent, ifLastTookAtMostNanoseconds limit: UInt64, completion: (Result<Update, LiveError>) -> Void
    ) -> Bool
    /// Calls `handler` for every update that has patches (events and tasks); returns the cancellation.
    func subscribeUpdates(_ handler: @escaping @Sendable (Update) -> Void) -> @Sendable () -> Void
    /// Ends the graph: onDisappear runs, tasks are cancelled, storage is released.
    func close() async
    /// The graph as JSON for the inspector.
    func treeJSON() async -> String
    /// Calls `handler` with each change-log line (`_printChanges()`); returns the cancellation.
    func subscribeChangeLines(_ handler: @escaping @Sendable (String) -> Void) -> @Sendable () -> Void
    /// The changes to the graph's saved state since the last take, taken inside the graph's job: only from
    /// the completion of `send`, `sendOnCallerIfIdle` or `html`. Nil for a graph that saves nothing.
    func takeStateChangesIfSaved() -> StateChanges?
    /// ``takeStateChangesIfSaved()`` handed to `body` where the graph keeps them (valid during the call only),
    /// for a commit encoded straight from them.
    func takeStateChangesIfSaved<R>(_ body: (PendingStateChanges?) -> R) -> R
    /// The changes to the graph's saved state since the last take, as one of its jobs (any thread).
    func takeStateChanges(completion: @escaping @Sendable (StateChanges) -> Void)
}

extension HostedGraph {
    /// A graph without titles: the HTML alone.
    func html(withTitle completion: @escaping @Sendable (String, String?) -> Void) {
        html { completion($0, nil) }
    }

    /// A graph that saves nothing.
    func takeStateChangesIfSaved() -> StateChanges? { nil }

    /// A graph that saves nothing.
    func takeStateChangesIfSaved<R>(_ body: (PendingStateChanges?) -> R) -> R { body(nil) }

    /// A graph that saves nothing.
    func takeStateChanges(completion: @escaping @Sendable (StateChanges) -> Void) { completion(StateChanges()) }

    /// A graph that writes no change-log lines.
    func subscribeChangeLines(_ handler: @escaping @Sendable (String) -> Void) -> @Sendable () -> Void { {} }

    /// A graph that never runs events on its caller's thread.
    func sendOnCallerIfIdle(
        _ event: ClientEvent, ifLastTookAtMostNanoseconds limit: UInt64, completion: (Result<Update, LiveError>) -> Void
    ) -> Bool {
        false
    }
}
