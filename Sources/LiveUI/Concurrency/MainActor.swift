/// LiveUI's main actor: the serial line of the session whose work is running.
///
/// SwiftUI isolates views to the main actor, and apps isolate their models to it too
/// (`@MainActor final class Store: ObservableObject`). A server runs many sessions, each a user's
/// app, and runs them in parallel: `@MainActor` in a module that imports LiveUI names this actor,
/// which stands for the main actor of the session (one graph, one page) the code runs for. A view's
/// `body`, its actions, its `task`s and the `@MainActor` code they call run one at a time on that
/// session's line, exactly as on one device's main thread; other sessions run at the same time on
/// their own lines. See docs/main-actor.md for the choice and its cost.
///
/// ```swift
/// @MainActor final class Store: ObservableObject {
///     @Published var items: [Item] = []
///     func load() async { items = await API.items() }   // back on the session's line after the await
/// }
/// struct ItemList: View {
///     @StateObject private var store = Store()
///     var body: some View { List(store.items) { Text($0.title) }.task { await store.load() } }
/// }
/// ```
///
/// What differs from one device: state that *several* sessions share (a `static` model, a cache in a
/// global) is not protected by `@MainActor` here, because each session has its own main actor. Keep
/// such state in an `actor`, or behind a lock (`Mutex`), as any server code would.
///
/// Work outside every session (an app's start-up, an endpoint handler, a test) runs on a
/// process-wide main actor of its own.
@globalActor
public final actor MainActor {
    /// The serial line this actor's jobs run on.
    nonisolated let executor: SessionExecutor

    init(executor: SessionExecutor) {
        self.executor = executor
    }

    /// The main actor of the session whose work is running on this thread or in this task; the
    /// process-wide one outside every session.
    public static var shared: MainActor {
        guard let executor = ThreadContext.withCurrent({ $0.executor }) ?? SessionExecutor.current,
            executor !== processWide.executor
        else { return processWide }
        return executor.mainActor
    }

    /// The main actor of work that belongs to no session.
    static let processWide = MainActor(executor: SessionExecutor())

    /// This actor's jobs run on its session's executor, with that session's graph current.
    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }

    /// Runs `body` on the main actor of the current session and returns its result.
    public static func run<T: Sendable>(
        resultType: T.Type = T.self, body: @MainActor @Sendable () throws -> T
    ) async rethrows -> T {
        try await body()
    }

    /// Runs `operation` synchronously, as isolated to the main actor: the caller must already be on
    /// the current session's line (inside a view's `body`, an action, a `task`, or code they call
    /// synchronously). Stops the process otherwise, as Swift's `MainActor.assumeIsolated` does off the
    /// main thread.
    public static func assumeIsolated<T: Sendable>(
        _ operation: @MainActor () throws -> T, file: StaticString = #fileID, line: UInt = #line
    ) rethrows -> T {
        guard shared.executor.isRunningOnCurrentThread else {
            preconditionFailure("MainActor.assumeIsolated called off the session's line", file: file, line: line)
        }
        return try onMainActor(operation)
    }
}

/// Calls `operation` with `argument`, as isolated to ``MainActor``, on the calling thread and without a
/// check: the graph's own calls into views (`body`, a modifier's `body(content:)`), which always run on
/// their session's line. `argument` is passed, not captured, so that no value crosses an isolation
/// boundary in the compiler's eyes.
// Isolation bridge, not a speed-up: a main-actor function and a plain one share one representation
// (Swift's own `MainActor.assumeIsolated` converts the same way).
@inline(__always)
package func onMainActor<A, T>(_ argument: A, _ operation: @MainActor (A) throws -> T) rethrows -> T {
    try withoutActuallyEscaping(operation) { operation in
        try unsafeBitCast(operation, to: ((A) throws -> T).self)(argument)
    }
}

/// `V`'s `body` as a plain function, for the graph's evaluation of every view of type `V`: made once per
/// type, so that reading a body costs one call (``onMainActor(_:_:)`` costs a closure context's escape
/// check per call). The graph calls it on the view's session's line only.
// Isolation bridge (the conversion of `onMainActor`), made once per type; with ThreadContext's unowned
// `executor`: 25,237 → 24,299 instructions per in-process counter click (bench/instructions.py).
func nonisolatedBody<V: View>(of _: V.Type) -> (UnsafePointer<V>) -> V.Body {
    let read: @MainActor (UnsafePointer<V>) -> V.Body = { $0.pointee.body }
    return unsafeBitCast(read, to: ((UnsafePointer<V>) -> V.Body).self)
}

/// ``onMainActor(_:_:)`` for an operation that needs no argument.
@inline(__always)
package func onMainActor<T>(_ operation: @MainActor () throws -> T) rethrows -> T {
    try withoutActuallyEscaping(operation) { operation in
        try unsafeBitCast(operation, to: (() throws -> T).self)()
    }
}
