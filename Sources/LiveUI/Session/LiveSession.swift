import Dispatch
import Foundation

/// One persistent view graph and everything that touches it, serialised: one job of the session at a time.
///
/// ```swift
/// let session = LiveSession { ContentView() }
/// let html = await session.html()
/// let update = try await session.send(.click("increment"))
/// ```
/// Different sessions run in parallel; nothing in one session's graph is shared with another.
///
/// The async methods run on the caller's executor (`nonisolated(nonsending)`): when the session is
/// idle its job runs right there, as an idle actor runs its caller's call; otherwise the caller waits
/// for the jobs already queued. The completion-handler methods hand the job to one of LiveUI's worker
/// threads and call back from there, except ``send(_:onCallerIfIdle:completion:)`` asked to run a quick
/// session's event on the caller's thread.
public final class LiveSession: Sendable {
    private let executor: SessionExecutor
    let graph: UncheckedSendable<ViewGraph>
    private let state = Locked<SharedState>(SharedState())
    /// How long the last event took, for ``send(_:onCallerIfIdle:completion:)``, and whether one ran too
    /// long (``EventWatch``).
    package let eventTiming: EventTiming
    /// Where the change log's lines also go (``subscribeChanges(_:)``).
    let changeTap: ChangeLogTap
    private let subscribers = Listeners<Update>()

    private struct SharedState {
        /// The graph's counters, except body evaluations, which are in `evaluations`.
        var statistics = Statistics()
        /// Body evaluations per view type, with the type's name.
        var evaluations = ShortTable<ObjectIdentifier, (name: String, count: Int)>()
        var version = 0
        var closed = false
    }

    /// Creates a session whose root view is `root()`; nothing is evaluated until first used.
    /// - Parameters:
    ///   - request: what views read with `@Environment(\.request)` (a server passes the request that
    ///     opened the page; tests pass the path, parameters, query, headers or cookies a view needs).
    ///   - changeLog: where `Self._printChanges()` lines and warnings go.
    ///   - sleepingRowMinimum: the fewest rows a `ForEach` whose rows keep nothing of their own but `@State`
    ///     (primitive views, and views whose `body` has no dynamic property other than `@State` and read
    ///     nothing observable; no lifecycle modifier) must have for the session to keep only its rows' lids
    ///     and state while they are idle, and rebuild them when an event, a new value or a render
    ///     needs them: about 100 KB instead of 1.2 MB for 1,000 rows of a text and a button, for a few
    ///     milliseconds more per change that reaches those rows. 0 keeps every row awake.
    public convenience init<Root: View>(
        request: Request = Request(), changeLog: ChangeLog = .standardOutput,
        sleepingRowMinimum: Int = LiveSession.defaultSleepingRowMinimum, @ViewBuilder _ root: () -> Root
    ) {
        self.init(
            changeLog: changeLog, sleepingRowMinimum: sleepingRowMinimum, environment: { $0.request = request }, root)
    }

    /// A session whose root view is mounted in the environment `environment` writes (the server's way to
    /// hand a page its request and the app's objects).
    /// With `persistence`, the graph saves its state by identity (``takeStateChanges()``, ``savedState()``),
    /// starting from what `persistence` restores, and its `@SceneStorage`/`@AppStorage` read the containers
    /// `persistence` holds; without it, nothing is tracked and those containers are fresh.
    /// With `firstVersion`, its updates are numbered from `firstVersion + 1` (a graph rebuilt from saved state
    /// starts above the versions its clients saw).
    package init<Root: View>(
        changeLog: ChangeLog, sleepingRowMinimum: Int, persistence: StatePersistence? = nil, firstVersion: Int = 0,
        environment: (inout EnvironmentValues) -> Void, @ViewBuilder _ root: () -> Root
    ) {
        let executor = SessionExecutor()
        let tap = ChangeLogTap()
        changeTap = tap
        let changeLog = tap.wrapping(changeLog)
        // The root view is made on the session's main actor, as its body will run: views are isolated to it.
        let rootView = ThreadContext.run(on: nil, executor: executor) { root() }
        let graph = ViewGraph(changeLog: changeLog, scheduler: executor, root: rootView)
        eventTiming = EventTiming(report: changeLog.write)
        graph.eventTiming = eventTiming
        EventWatch.shared.add(eventTiming)
        graph.sleepingRowMinimum = max(0, sleepingRowMinimum)
        if let persistence {
            graph.persistence = GraphPersistence(restoring: persistence.restoring, log: changeLog.write)
            graph.sceneStorage = persistence.sceneStorage
            graph.appStorage = persistence.appStorage
        }
        environment(&graph.rootEnvironment)
        if firstVersion != 0 { graph.startVersions(after: firstVersion) }
        executor.attach(graph)
        self.executor = executor
        self.graph = UncheckedSendable(graph)
        if firstVersion != 0 { state.withLock { $0.version = firstVersion } }
        let session = WeakReference(self)
        graph.onUpdate = { update in session.object?.publish(update) }
    }

    /// The rows a `ForEach` must have for them to sleep while idle, when nothing else says.
    public static let standardSleepingRowMinimum = ViewGraph.defaultSleepingRowMinimum

    /// The rows a `ForEach` must have for them to sleep while idle in sessions created without a number of
    /// their own, in this scope: a server binds it to its configuration's `sleepingRowMinimum` while it
    /// creates a route's session (`LiveSession.$defaultSleepingRowMinimum.withValue(0) { … }`).
    @TaskLocal public static var defaultSleepingRowMinimum = standardSleepingRowMinimum

    /// Counters of the work done so far (body evaluations per view type, patches, bytes).
    public var statistics: Statistics {
        state.withLock { state in
            var statistics = state.statistics
            // Two types can share a display name (nested types); their counts add up under it.
            state.evaluations.forEach { _, types in statistics.bodyEvaluations[types.name, default: 0] += types.count }
            return statistics
        }
    }

    /// The version of the last update with patches.
    public var version: Int { state.withLock { $0.version } }

    /// The full HTML of the root, in the current state.
    public nonisolated(nonsending) func html() async -> String {
        await perform(Self.render)
    }

    /// Calls `completion` with the full HTML of the root, from the session's queue.
    public func html(completion: @escaping @Sendable (String) -> Void) {
        run(Self.render, completion: completion)
    }

    /// The page's title: the innermost `navigationTitle` shown, or `nil` when no view declares one.
    public nonisolated(nonsending) func documentTitle() async -> String? {
        await perform { graph in
            _ = graph.flush()
            return graph.documentTitle
        }
    }

    /// Calls `completion` with the full HTML of the root and the page's title (``documentTitle()``), from
    /// the session's queue.
    public func html(withTitle completion: @escaping @Sendable (_ html: String, _ title: String?) -> Void) {
        run({ graph in (Self.render(graph), graph.documentTitle) }, completion: { completion($0.0, $0.1) })
    }

    private static func render(_ graph: ViewGraph) -> String {
        // Rows fall asleep once they are rendered, not before (a first render would wake them again).
        _ = graph.flush(puttingRowsToSleep: false)
        guard let root = graph.root, root.isMounted else { return "" }
        return graph.html(of: root)
    }

    /// Applies a client event and returns the patches it caused.
    /// - Throws: ``LiveError`` for an unknown or ambiguous target, an unsupported event or an invalid
    ///   value; the graph is left untouched.
    public nonisolated(nonsending) func send(_ event: ClientEvent) async throws -> Update {
        try await perform { Self.apply(event, to: $0) }.get()
    }

    /// Applies a client event and calls `completion` with the result, from the session's queue.
    public func send(_ event: ClientEvent, completion: @escaping @Sendable (Result<Update, LiveError>) -> Void) {
        send(event, onCallerIfIdle: false, completion: completion)
    }

    /// How long an event may take for its session's next one to run on the caller's thread, unless the
    /// caller says otherwise (``sendOnCallerIfIdle(_:ifLastTookAtMost:completion:)``): a millisecond.
    public static let quickEventLimit: Duration = .milliseconds(1)

    /// Applies a client event and calls `completion` with the result. With `onCallerIfIdle`, an event
    /// for an idle session whose previous event took at most `limit` (a millisecond unless given) runs
    /// right on the calling thread, as an idle actor runs its caller's call, and `completion` is called
    /// before this returns. Otherwise (and always without it) the event runs on one of LiveUI's worker
    /// threads and `completion` is called from there. A session whose event was slow has its next one
    /// handed to a worker, so a caller that serves other work on its thread (an HTTP server's) is held
    /// up by a slow session once, not at every event; after an event that ran past ``EventWatch``'s limit
    /// (a second unless the server sets another), none of the session's events runs on its caller again.
    public func send(
        _ event: ClientEvent, onCallerIfIdle: Bool, ifLastTookAtMost limit: Duration = LiveSession.quickEventLimit,
        completion: @escaping @Sendable (Result<Update, LiveError>) -> Void
    ) {
        if onCallerIfIdle, sendOnCallerIfIdle(event, ifLastTookAtMost: limit, completion: completion) { return }
        let timing = eventTiming
        run({ graph in timing.measure { Self.apply(event, to: graph) } }, completion: completion)
    }

    /// Applies a client event right on the calling thread if the session is idle and its previous event
    /// took at most `limit` (a millisecond unless given), and returns `true` after `completion` ran with
    /// the result. Otherwise it returns `false` and has done nothing: the caller sends the event another
    /// way (``send(_:completion:)``).
    ///
    /// `completion` runs inside the session's job, before any later job of the session, as in
    /// ``send(_:onCallerIfIdle:ifLastTookAtMost:completion:)``; it does not escape, so a caller's closure
    /// needs no object of its own.
    public func sendOnCallerIfIdle(
        _ event: ClientEvent, ifLastTookAtMost limit: Duration = LiveSession.quickEventLimit,
        completion: (Result<Update, LiveError>) -> Void
    ) -> Bool {
        sendOnCallerIfIdle(event, ifLastTookAtMostNanoseconds: EventTiming.nanoseconds(limit), completion: completion)
    }

    /// ``sendOnCallerIfIdle(_:ifLastTookAtMost:completion:)`` with the limit in nanoseconds, for a caller
    /// that converts it once (the server, per graph) instead of at every event.
    package func sendOnCallerIfIdle(
        _ event: ClientEvent, ifLastTookAtMostNanoseconds limit: UInt64, completion: (Result<Update, LiveError>) -> Void
    ) -> Bool {
        let timing = eventTiming
        guard timing.lastTook(atMost: limit) else { return false }
        let graph = self.graph
        // The event is applied by a closure that does not escape either: no closure object (and no copy
        // of the event into one) is made for an event that runs here.
        let ran: Void? = executor.runIfIdle {
            let result = timing.measure(onCaller: true) { Self.apply(event, to: graph.value) }
            recordStatistics(graph.value)
            completion(result)
        }
        return ran != nil
    }

    private static func apply(_ event: ClientEvent, to graph: ViewGraph) -> Result<Update, LiveError> {
        if graph.isClosed { return .failure(.sessionClosed) }
        return Result { try graph.handle(event) }.mapError { $0 as? LiveError ?? .sessionClosed }
    }

    /// Waits until the session's queue is idle: started tasks ran to their next suspension and what they
    /// changed is flushed.
    public nonisolated(nonsending) func settle() async {
        var quietRounds = 0
        for _ in 0..<1000 {
            let busy = await perform { graph -> Bool in
                let pending = graph.hasPendingWork
                _ = graph.flush()
                return pending
            }
            quietRounds = busy ? 0 : quietRounds + 1
            if quietRounds >= 3 { return }
            await Task.yield()
        }
    }

    /// Calls `handler` with every update that carries patches, whether an event or a task caused it.
    /// The handler runs on the session's queue: it must not block.
    public func subscribe(_ handler: @escaping @Sendable (Update) -> Void) -> UpdateSubscription {
        subscribers.add(handler)
    }

    /// Ends the session: every identity ends (onDisappear runs, tasks are cancelled, objects are released).
    public nonisolated(nonsending) func close() async {
        await perform { $0.close() }
        state.withLock { $0.closed = true }
    }

    /// Ends the session like ``close()`` and calls `completion` once every identity has ended, from the
    /// session's worker thread.
    public func close(completion: @escaping @Sendable () -> Void) {
        let state = self.state
        run { graph in
            graph.close()
        } completion: {
            state.withLock { $0.closed = true }
            completion()
        }
    }

    /// The view graph as JSON: type, identity path, lid, storage values and body evaluations of each node.
    public nonisolated(nonsending) func treeJSON() async -> String {
        await perform { graph in
            _ = graph.flush(puttingRowsToSleep: false)
            return graph.treeJSON()
        }
    }

    // MARK: Internals

    /// Runs `body` as one of the session's jobs and returns its result: on the calling thread when the
    /// session is idle (no thread switch, as an idle actor runs its caller's call), otherwise on a
    /// worker after the jobs already queued.
    ///
    /// Work run this way does not suspend the caller, so a loop of calls would keep its thread from
    /// everything else queued for it; a thread that has run such work for more than a few milliseconds
    /// since its last yield yields once (`Task.yield()`) before returning.
    nonisolated(nonsending) func perform<T: Sendable>(_ body: @escaping (ViewGraph) -> T) async -> T {
        let graph = self.graph
        let done = executor.runIfIdle { () -> T in
            let result = body(graph.value)
            recordStatistics(graph.value)
            return result
        }
        if let done {
            if ThreadContext.withCurrent({ $0.inlineWorkDueForYield() }) { await Task.yield() }
            return done
        }
        return await withCheckedContinuation { continuation in
            run(body) { continuation.resume(returning: $0) }
        }
    }

    func run<T>(_ body: @escaping (ViewGraph) -> T, completion: @escaping @Sendable (T) -> Void) {
        let graph = self.graph
        let work = UncheckedSendable(body)
        executor.enqueue { [weak self] in
            let result = UncheckedSendable(work.value(graph.value))
            self?.recordStatistics(graph.value)
            completion(result.value)
        }
    }

    private func recordStatistics(_ graph: ViewGraph) {
        // Once per change: an event's job records when it publishes its update, and again only if
        // something was counted after that (rows put back to sleep).
        guard graph.takeCounters() else { return }
        let statistics = graph.statistics
        let version = graph.version
        state.withLock {
            $0.statistics = statistics
            $0.version = version
            graph.takeBodyEvaluations(into: &$0.evaluations)
        }
    }

    private func publish(_ update: Update) {
        recordStatistics(graph.value)
        // The list itself, not a copy of it: an update allocates nothing to reach its subscribers.
        let handlers = subscribers.current
        for (_, handler) in handlers { handler(update) }
    }

    deinit {
        EventWatch.shared.remove(eventTiming)
        // A session closed with `close()` has nothing left to end: no hop, and the graph is freed now
        // instead of after one more job on the queue.
        guard !state.withLock({ $0.closed }) else {
            executor.detach()
            return
        }
        let graph = self.graph
        let executor = self.executor
        executor.enqueue {
            graph.value.close()
            executor.detach()
        }
    }
}

/// Ends a subscription to a session's updates when cancelled or released.
public final class UpdateSubscription: Sendable {
    private let onCancel: Locked<(@Sendable () -> Void)?>

    init(_ cancel: @escaping @Sendable () -> Void) { onCancel = Locked(cancel) }

    /// Stops the updates.
    public func cancel() {
        let action = onCancel.withLock { action -> (@Sendable () -> Void)? in
            defer { action = nil }
            return action
        }
        action?()
    }

    deinit { cancel() }
}
