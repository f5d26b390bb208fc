import Foundation

/// What the current thread is doing for LiveUI: which graph's job it runs, which node it evaluates.
///
/// Graph work runs synchronously on a session's serial queue, so a thread-local is exact: it is set
/// around each job and around each body evaluation.
package final class ThreadContext {
    /// The graph whose job runs on this thread, if any.
    package var graph: ViewGraph?
    /// The composite node whose body is being evaluated.
    package var evaluating: GraphNode?
    /// Why that node is being evaluated (for `_printChanges()`).
    package var reasons: [String] = []

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { pointer in
            guard let pointer else { return }
            Unmanaged<ThreadContext>.fromOpaque(pointer).release()
        }
        return key
    }()

    /// This thread's context.
    package static var current: ThreadContext {
        if let pointer = pthread_getspecific(key) {
            return Unmanaged<ThreadContext>.fromOpaque(pointer).takeUnretainedValue()
        }
        let context = ThreadContext()
        pthread_setspecific(key, Unmanaged.passRetained(context).toOpaque())
        return context
    }

    /// Runs `body` with `graph` as this thread's current graph.
    package static func run<T>(on graph: ViewGraph, _ body: () throws -> T) rethrows -> T {
        let context = current
        let previous = context.graph
        context.graph = graph
        defer { context.graph = previous }
        return try body()
    }
}
