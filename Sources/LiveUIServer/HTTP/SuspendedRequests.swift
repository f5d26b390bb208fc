import LiveUI

/// The requests whose connections are suspended waiting for their answer, so that stopping the server can
/// answer each before libmicrohttpd frees its connection.
///
/// Stopping the daemon with a connection suspended violates libmicrohttpd's API, and an answer arriving after
/// the connection was freed would resume freed memory. Once ``close()`` returned the waiting requests, no
/// request may be suspended any more: ``insert(_:)`` refuses, and the caller answers at once instead.
final class SuspendedRequests: Sendable {
    private struct State {
        var contexts: [ObjectIdentifier: RequestContext] = [:]
        var closed = false
    }

    // Holds request contexts, which guard their own state with their own lock (see `RequestContext`); the
    // lock order is a context's lock, then this one.
    private let state = Locked(State())

    /// Records `context` as about to be suspended; `false`, recording nothing, once ``close()`` was called.
    func insert(_ context: RequestContext) -> Bool {
        state.withLock { s in
            guard !s.closed else { return false }
            s.contexts[ObjectIdentifier(context)] = context
            return true
        }
    }

    /// Forgets `context` (its request is done).
    func remove(_ context: RequestContext) {
        _ = state.withLock { $0.contexts.removeValue(forKey: ObjectIdentifier(context)) }
    }

    /// The number of requests suspended now.
    var count: Int { state.withLock { $0.contexts.count } }

    /// Refuses every later ``insert(_:)`` and returns the requests suspended now, forgetting them.
    func close() -> [RequestContext] {
        state.withLock { s in
            s.closed = true
            defer { s.contexts = [:] }
            return Array(s.contexts.values)
        }
    }
}
