import Foundation

/// What the current thread is doing for LiveUI: which graph's job it runs, which node it evaluates.
///
/// Graph work runs synchronously on a session's serial queue, so a thread-local is exact: it is set
/// around each job and around each body evaluation. Only its own thread touches it (no run-time
/// exclusivity checks).
package final class ThreadContext {
    // make bench, unchecked exclusivity: ≈ −160 instructions per counter click (0.7 %).

    /// The graph whose job runs on this thread, if any.
    @exclusivity(unchecked) package var graph: ViewGraph?
    /// The session executor whose jobs run on this thread, if any (its ``MainActor`` is the current one).
    // Unowned: no retain and release per graph run; with the body bridge made once per type
    // (`nonisolatedBody`): 25,237 → 24,299 instructions per in-process counter click.
    @exclusivity(unchecked) unowned(unsafe) var executor: SessionExecutor?
    /// The composite node whose body is being evaluated.
    @exclusivity(unchecked) package var evaluating: GraphNode?
    /// Why that node is being evaluated (for `_printChanges()`).
    @exclusivity(unchecked) package var reasons = ChangeNames()
    /// The environment reads of the body being evaluated, while one is (`nil` otherwise).
    @exclusivity(unchecked) var environmentReads: EnvironmentDependencies?
    /// The animation of the ``withAnimation(_:_:)`` body running on this thread, if any.
    @exclusivity(unchecked) package var animation: Animation?
    /// This thread's table in front of the process-wide type caches (see ``TypeCache``).
    let typeCaches = TypeCacheTable()
    /// When this thread last yielded after running session work for its caller (monotonic ns; 0: never).
    @exclusivity(unchecked) private var lastInlineYield: UInt64 = 0

    /// How long a thread may run session work for its callers before one of them yields.
    private static let inlineSlice: UInt64 = 5_000_000

    /// Whether the caller that just ran session work on this thread should yield: true at most once per
    /// slice (5 ms) of this thread's time, so that other work queued for the thread gets its turn.
    func inlineWorkDueForYield() -> Bool {
        let now = MonotonicClock.nanoseconds()
        if lastInlineYield == 0 { lastInlineYield = now }
        guard now - lastInlineYield > Self.inlineSlice else { return false }
        lastInlineYield = now
        return true
    }

    // `Unmanaged` below is C interop: the thread-specific slot holds the context as a C pointer.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { pointer in
            guard let pointer else { return }
            Unmanaged<ThreadContext>.fromOpaque(pointer).release()
        }
        return key
    }()

    /// This thread's context.
    package static var current: ThreadContext { currentReference.takeUnretainedValue() }

    /// This thread's context, which the thread keeps until it ends (the key's destructor releases it).
    private static var currentReference: Unmanaged<ThreadContext> {
        if let pointer = pthread_getspecific(key) { return Unmanaged<ThreadContext>.fromOpaque(pointer) }
        let context = ThreadContext()
        let reference = Unmanaged.passRetained(context)
        pthread_setspecific(key, reference.toOpaque())
        return reference
    }

    /// Runs `body` with this thread's context, without counting a reference to it: the thread keeps
    /// it, and `body` runs on the thread. What the graph's hot paths use instead of ``current``.
    // make bench, uncounted references here and in `run`: ≈ −290 instructions per counter click (1.3 %).
    @inline(__always)
    package static func withCurrent<R>(_ body: (ThreadContext) throws -> R) rethrows -> R {
        try currentReference._withUnsafeGuaranteedRef(body)
    }

    /// Whether this thread is running a job of the graph with the given ``ViewGraph/serial``.
    package static func isRunning(graph serial: UInt64) -> Bool {
        withCurrent { $0.graph?.serial == serial }
    }

    /// Runs `body` with `graph` as this thread's current graph.
    package static func run<T>(on graph: ViewGraph, _ body: () throws -> T) rethrows -> T {
        // Already the current graph (an event's flush, inside the job that runs the event): nothing to
        // bind, nothing to restore.
        if withCurrent({ $0.graph === graph }) { return try body() }
        return try run(on: graph, executor: graph.mainActorExecutor, body)
    }

    /// Runs `body` with `graph` as this thread's current graph and `executor` as the session executor
    /// whose jobs it runs.
    static func run<T>(on graph: ViewGraph?, executor: SessionExecutor, _ body: () throws -> T) rethrows -> T {
        // The thread keeps its context: no reference of this call's own.
        unowned(unsafe) let context = current
        let previousGraph = context.graph
        let previousExecutor = context.executor
        context.graph = graph
        context.executor = executor
        defer {
            context.graph = previousGraph
            context.executor = previousExecutor
        }
        return try body()
    }
}
