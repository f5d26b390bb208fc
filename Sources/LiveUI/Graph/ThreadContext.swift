import Foundation

/// What the current thread is doing for LiveUI: which graph's job it runs, which node it evaluates.
///
/// Graph work runs synchronously on a session's serial queue, so a thread-local is exact: it is set
/// around each job and around each body evaluation. Only its own thread touches it (no run-time
/// exclusivity checks).
package final class ThreadContext {
    /// The graph whose job runs on this thread, if any.
    @exclusivity(unchecked) package var graph: ViewGraph?
    /// The composite node whose body is being evaluated.
    @exclusivity(unchecked) package var evaluating: GraphNode?
    /// Why that node is being evaluated (for `_printChanges()`).
    @exclusivity(unchecked) package var reasons = ChangeNames()
    /// The environment reads of the body being evaluated, while one is (`nil` otherwise).
    @exclusivity(unchecked) var environmentReads: EnvironmentDependencies?
    /// This thread's copy of recently used entries of the process-wide type caches (see `cached(_:)`).
    /// Empty until the thread first caches something (threads that run no graph work need none).
    @exclusivity(unchecked) private var cacheKeys: [TypeCacheKey?] = []
    @exclusivity(unchecked) private var cacheValues: [Unmanaged<AnyObject>?] = []
    private static let cacheSize = 512
    /// When this thread last yielded after running session work for its caller (monotonic ns; 0: never).
    @exclusivity(unchecked) private var lastInlineYield: UInt64 = 0

    /// How long a thread may run session work for its callers before one of them yields.
    private static let inlineSlice: UInt64 = 5_000_000

    /// Whether the caller that just ran session work on this thread should yield: true at most once per
    /// slice (5 ms) of this thread's time, so that other work queued for the thread gets its turn.
    func inlineWorkDueForYield() -> Bool {
        let now = DispatchTime.now().uptimeNanoseconds
        if lastInlineYield == 0 { lastInlineYield = now }
        guard now - lastInlineYield > Self.inlineSlice else { return false }
        lastInlineYield = now
        return true
    }

    /// The object this thread last found for `key` in a process-wide type cache, if still at hand: a
    /// direct-mapped table, so that the graph's per-type lookups take neither the cache's lock (which
    /// every session's worker would contend for) nor a hash.
    func cached(_ key: TypeCacheKey) -> AnyObject? {
        guard !cacheKeys.isEmpty else { return nil }
        let index = key.slot(in: Self.cacheSize)
        guard cacheKeys[index] == key, let value = cacheValues[index] else { return nil }
        return value.takeUnretainedValue()
    }

    /// Keeps `object` (which the process-wide cache keeps alive for good) as this thread's entry for `key`.
    func cache(_ object: AnyObject, for key: TypeCacheKey) {
        if cacheKeys.isEmpty {
            cacheKeys = Array(repeating: nil, count: Self.cacheSize)
            cacheValues = Array(repeating: nil, count: Self.cacheSize)
        }
        let index = key.slot(in: Self.cacheSize)
        cacheKeys[index] = key
        cacheValues[index] = Unmanaged.passUnretained(object)
    }

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

    /// Whether this thread is running a job of the graph with the given ``ViewGraph/serial``.
    package static func isRunning(graph serial: UInt64) -> Bool {
        current.graph?.serial == serial
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
