import Synchronization

/// A session's persistent view graph: nodes keyed by identity, invalidation, flushes and patches.
///
/// Not thread-safe by itself: a ``LiveSession`` touches it only from its serial queue.
///
/// Nothing refers to a graph weakly: a weak reference would move its reference count to a side table
/// and make every retain and release of it (several per node evaluated) take the runtime's slow path.
/// Callbacks from other threads recognise their graph by its ``serial`` and reach it through its
/// scheduler instead. Its stored properties skip the run-time exclusivity checks: only its serial
/// job touches them.
package final class ViewGraph {
    // make bench, unchecked exclusivity of these stored properties: ≈ −5,100 instructions per counter click
    // (23 %), ≈ −5,200 per row click (20 %).

    /// A number no other graph of the process has, ever: how code on any thread recognises the graph
    /// the current thread runs without holding a reference to it.
    package let serial = ViewGraph.serials.add(1, ordering: .relaxed).newValue
    private static let serials = Atomic<UInt64>(0)

    /// The synthetic root element (`data-lid="root"`) holding the user's root view.
    @exclusivity(unchecked) package private(set) var root: GraphNode!
    /// Element nodes by the number of their `data-lid` (see ``ElementLid``).
    @exclusivity(unchecked) var lids: [UInt64: GraphNode] = [:]
    /// Element nodes by `accessibilityIdentifier`.
    @exclusivity(unchecked) var accessibility = AccessibilityIndex()
    /// The number the next new element's lid gets.
    @exclusivity(unchecked) var nextLid: UInt64 = 1

    /// Nodes to evaluate again at the next flush (usually one: kept without an array).
    @exclusivity(unchecked) var dirty = ReferenceList<GraphNode>()
    /// Element nodes to compare with what the client has at the end of the flush.
    @exclusivity(unchecked) var affected: [GraphNode] = []
    /// Elements expanded differently during this flush, by node, until the diff commits them.
    @exclusivity(unchecked) var pendingSpecs = SideTable<ElementSpec>()
    /// Whether the graph is being built for the first time: the client has none of its elements, and gets
    /// them as they are when the mount ends (so each is the client's as soon as it is expanded).
    @exclusivity(unchecked) private(set) var isMounting = false
    /// Whether the elements being built go to the client's side as they are, not through the diff: sleeping
    /// rows waking up (the client has them) or the first mount (the client gets them whole).
    var bypassesDiff: Bool { isMounting || isWaking }
    /// Problems that keep bodies from being evaluated, by node (rare: a missing environment object).
    @exclusivity(unchecked) var failures = SideTable<String>()
    /// Storage names that changed since each node's last evaluation, by node (see `GraphNode.changes`).
    @exclusivity(unchecked) var changes = SideTable<ChangeNames>()
    /// What each environment-reading node's body read from its environment, by node.
    @exclusivity(unchecked) var environmentDependencies = SideTable<EnvironmentDependencies>()
    /// Lifecycle helpers, by node (see `GraphNode.behaviors`).
    @exclusivity(unchecked) var behaviors = SideTable<[ObjectIdentifier: any NodeBehavior]>()
    @exclusivity(unchecked) var afterPass: [() -> Void] = []
    /// The storage objects a `SecureField` writes (``BindingLocation/storageObject``): the inspector shows
    /// their values redacted. An identity outliving its object only redacts more, never less.
    @exclusivity(unchecked) var secretStorages: Set<ObjectIdentifier> = []
    /// Whether a view of the graph was ever `.hidden()`: until one is, an event's target needs no check of
    /// its environment (a walk up its entries, about 400 instructions per event).
    @exclusivity(unchecked) var hasHiddenViews = false
    /// The animation the next flush's update carries (``withAnimation(_:_:)``, `.animation(_:value:)`).
    @exclusivity(unchecked) var pendingAnimation: PendingAnimation?

    /// What the graph keeps to save its state by identity; `nil` when the session does not save state.
    @exclusivity(unchecked) var persistence: GraphPersistence?
    /// The `@SceneStorage` and `@AppStorage` values the graph's views read (fresh ones unless the session
    /// was given its scene's and browser's).
    @exclusivity(unchecked) var sceneStorage: StoredValues?
    @exclusivity(unchecked) var appStorage: StoredValues?

    /// What the graph keeps to let rows sleep (``SleepingRows``), made when a first row container expands.
    @exclusivity(unchecked) var sleepingRows: SleepingRows?
    /// Where sleeping rows read idle time: the system's clock unless a test gives another before the mount.
    package var sleepingRowsClock: any SleepingRowsClock = SystemSleepingRowsClock.shared
    /// The lazy windows that keep `@State` of rows out of the window, by their `ForEach`'s node.
    var lazyWindows = SideTable<LazyWindow>()
    /// The fewest rows a `ForEach` must have for its rows to sleep while idle (``SleepingRows``); 0 keeps
    /// every row awake.
    @exclusivity(unchecked) package var sleepingRowMinimum = ViewGraph.defaultSleepingRowMinimum
    /// ``sleepingRowMinimum`` unless a graph is given another.
    package static let defaultSleepingRowMinimum = 16

    /// Grows by one per flush that produced patches.
    @exclusivity(unchecked) package internal(set) var version = 0 { didSet { countersChanged = true } }

    /// Numbers the graph's updates from `version + 1` on: a graph rebuilt from saved state in another process
    /// starts above any version its clients saw, so that none of theirs is mistaken for one of its own.
    /// Only before the graph is first used.
    package func startVersions(after version: Int) { self.version = version }
    /// The graph's counters, except body evaluations: those are counted apart and handed to the
    /// session by ``takeBodyEvaluations(into:)`` (`bodyEvaluations` here stays empty).
    @exclusivity(unchecked) package var statistics = Statistics() { didSet { countersChanged = true } }
    /// Whether ``statistics``, ``version`` or the body evaluations changed since the session last took
    /// them (``takeCounters()``): an event's job that published its update has nothing left to record.
    @exclusivity(unchecked) private var countersChanged = true
    let changeLog: ChangeLog
    /// The unsafe URLs already warned about, by view type (``warnUnsafeURL(_:attribute:view:)``).
    var unsafeURLWarnings = Set<String>()
    /// The session's event timing, told which view each event addresses (for ``EventWatch``'s reports).
    @exclusivity(unchecked) var eventTiming: EventTiming?
    /// The tab (``ClientEvent/origin``) of the event being handled, for handlers that keep something per tab
    /// (the scene phase); `nil` outside events.
    var eventOrigin: String?

    /// Runs jobs on the graph's serial queue; task bodies prefer its executor.
    package let scheduler: any GraphScheduler
    /// The executor of the graph's ``MainActor``: the scheduler itself when it is a session's (always, but
    /// in tests that count jobs with a scheduler of their own).
    let mainActorExecutor: SessionExecutor
    /// The graph's serial number and scheduler, as node handles keep them.
    let link: GraphLink
    /// Receives every update that carries patches. Set by the session before the graph's first job, then
    /// only read on the graph's queue.
    @exclusivity(unchecked) package var onUpdate: (Update) -> Void = { _ in }

    /// Whether a flush is running (then writes mark nodes dirty without asking for another flush).
    @exclusivity(unchecked) var inTransaction = false
    /// Whether a flush was asked for and has not run yet.
    @exclusivity(unchecked) var flushRequested = false
    /// Body evaluations per view type since the session last took them (``takeBodyEvaluations(into:)``):
    /// counted here, in a list only the graph holds, so that counting never copies a table someone else
    /// holds. A type stays in the list once evaluated (its count back at zero when taken): an update
    /// evaluates one or two of the few types a page has, and finds them in place.
    @exclusivity(unchecked) private var untakenEvaluations: [(info: ViewTypeInfo, count: Int)] = []
    @exclusivity(unchecked) package internal(set) var isClosed = false

    package init(changeLog: ChangeLog, scheduler: any GraphScheduler, root: any View) {
        self.changeLog = changeLog
        self.scheduler = scheduler
        self.mainActorExecutor = scheduler as? SessionExecutor ?? SessionExecutor()
        self.link = GraphLink(serial: serial, scheduler: scheduler)
        self.rootView = root
    }

    /// The user's root view until the first mount; dropped then, so that nothing outlives the identity.
    @exclusivity(unchecked) private var rootView: (any View)?

    /// The environment the root view is mounted with (the page's request, the app's objects); set before
    /// the first mount.
    @exclusivity(unchecked) package var rootEnvironment = EnvironmentValues()

    /// Builds the tree for the first time, runs `onAppear` work and settles; emits no patches. Rows stay
    /// awake: the client has none of them yet (what called the mount puts them to sleep when it ends).
    package func mountIfNeeded() {
        guard root == nil else { return }
        ThreadContext.run(on: self) {
            inTransaction = true
            isMounting = true
            defer { (inTransaction, isMounting) = (false, false) }
            let node = GraphNode(graph: self, parent: nil, key: .index(0), view: RootElement(content: rootView ?? EmptyView()), environment: rootEnvironment)
            rootView = nil
            root = node
            attach(node)
            expand(node)
            settlePasses()
            // The first HTML is rendered from this state: it is what the client will have.
            for node in affected where node.isMounted { commitElement(node) }
            endElementPass(keepingCapacity: false)
        }
    }

    /// Forgets which elements this flush touched, once they are committed; a flush keeps the storage for
    /// the next one, the first mount (often the largest pass of all) does not.
    func endElementPass(keepingCapacity: Bool) {
        for node in affected { node.isAffected = false }
        if keepingCapacity {
            // A flush affects a node or two: taken off one by one, the list keeps its storage.
            while affected.popLast() != nil {}
        } else {
            affected.removeAll()
        }
        pendingSpecs.removeAll(keepingCapacity: keepingCapacity)
    }

    /// The display name of a view type, as `String(describing:)` gives it.
    func typeName(_ node: GraphNode) -> String { node.info.name }

    /// Counts one body evaluation of `node`'s view type.
    func countEvaluation(_ node: GraphNode) {
        countersChanged = true
        let info = node.info
        for index in untakenEvaluations.indices where untakenEvaluations[index].info === info {
            untakenEvaluations[index].count += 1
            return
        }
        untakenEvaluations.append((info, 1))
    }

    /// Whether the counters changed since the last call (which the session then copies); the next call
    /// answers `false` unless something is counted in between.
    func takeCounters() -> Bool {
        defer { countersChanged = false }
        return countersChanged
    }

    /// Adds the body evaluations counted since the last call to `totals` (by view type, with the type's
    /// name) and starts counting from zero.
    func takeBodyEvaluations(into totals: inout ShortTable<ObjectIdentifier, (name: String, count: Int)>) {
        for index in untakenEvaluations.indices where untakenEvaluations[index].count > 0 {
            let (info, count) = untakenEvaluations[index]
            untakenEvaluations[index].count = 0
            totals.modify(forKey: info.id, default: (info.name, 0)) { $0.count += count }
        }
    }

    // MARK: Invalidation

    /// Marks `node` dirty; the next flush evaluates it again.
    package func invalidate(_ node: GraphNode, reason: String) {
        if ThreadContext.withCurrent({ $0.graph !== self }) {
            // A write from outside the session's queue: replay it where the graph lives, in the
            // animation it was made in.
            let reference = WeakNode(node)
            let animation = ThreadContext.withCurrent { $0.animation }
            scheduler.enqueue {
                if let animation { reference.node?.graph.animateNextFlush(animation, scope: nil) }
                reference.node?.invalidate(reason)
            }
            return
        }
        if !node.changes.contains(reason) { node.changes.append(reason) }
        if !node.isDirty {
            node.isDirty = true
            dirty.append(node)
        }
        requestFlushIfIdle()
    }

    /// Queues work to run after the current evaluation pass (lifecycle callbacks).
    package func runAfterPass(_ action: @escaping () -> Void) {
        afterPass.append(action)
        requestFlushIfIdle()
    }

    /// Runs an event's handler. The caller flushes right after, so the writes it makes do not also
    /// queue a flush of their own; if the handler throws, what it changed is flushed as a task's write is.
    package func runEventHandler(_ body: () throws -> Void) rethrows {
        let outer = inTransaction
        inTransaction = true
        do {
            try body()
            inTransaction = outer
        } catch {
            inTransaction = outer
            if !dirty.isEmpty || !afterPass.isEmpty { requestFlushIfIdle() }
            throw error
        }
    }

    private func requestFlushIfIdle() {
        if !inTransaction && !flushRequested && root != nil && !isClosed {
            flushRequested = true
            let graph = UncheckedSendable(self)
            scheduler.enqueue { graph.value.flushFromTask() }
        }
    }

    /// Whether anything waits to be evaluated or run.
    package var hasPendingWork: Bool { !dirty.isEmpty || !afterPass.isEmpty || flushRequested }

    // MARK: Bookkeeping

    /// Registers a new node's element.
    func attach(_ node: GraphNode) {
        statistics.liveNodes += 1
        if isWaking { sleepingRows?.adopt(node) } else if !lazyWindows.isEmpty { adoptParkedState(node) }
        guard node.info.isElement else { return }
        let number: UInt64
        if node.parent == nil {
            number = ElementLid.root
        } else {
            // 2^48 elements: nearly nine years of a million new elements a second.
            number = min(nextLid, ElementLid.maximum)
            nextLid += 1
        }
        node.becomeElement(lidNumber: number)
        // A waking row's element gets its own lid back once the row is built (``SleepingRows/wake(row:of:_:)``).
        if !isWaking { lids[number] = node }
    }

    /// `nodes` ordered by their depth, parents first (each depth counted once).
    static func parentsFirst<Nodes: Sequence<GraphNode>>(_ nodes: Nodes) -> [GraphNode] {
        nodes.map { ($0.depth, $0) }.sorted { $0.0 < $1.0 }.map(\.1)
    }

    /// The element node whose `data-lid` is `lid`, if it is in the tree.
    package func node(lid: String) -> GraphNode? {
        guard let number = ElementLid.number(lid) else { return nil }
        return elementNode(number: number)
    }

    func markAffected(_ node: GraphNode) {
        guard !node.isAffected else { return }
        node.isAffected = true
        affected.append(node)
    }

    /// The nearest element at or above `node`: the one whose children list a structural change touches.
    func host(of node: GraphNode) -> GraphNode? {
        var current: GraphNode? = node
        while let n = current {
            if n.isElement { return n }
            current = n.parent
        }
        return nil
    }
}

/// Where a graph's work runs: one serial queue per session.
package protocol GraphScheduler: AnyObject, Sendable {
    /// Runs `job` on the graph's queue, after the jobs already queued.
    func enqueue(_ job: @escaping @Sendable () -> Void)
    /// The executor that `task` bodies prefer, so that they run on the same queue.
    var taskExecutor: any TaskExecutor { get }
}

/// Views that render an element and so get a `data-lid`.
package protocol ElementView: PrimitiveView {}

/// The synthetic root: `<div data-lid="root" class="lui-root">`.
nonisolated struct RootElement: ElementView {
    let content: any View
    func makeContent(_ node: GraphNode) -> NodeContent {
        // The browser's color scheme, locale and time zone arrive as an event to the root.
        node.on(ClientEnvironment.handler)
        return .element(ElementSpec("div", classes: ["lui-root"]), children: [content])
    }
}
