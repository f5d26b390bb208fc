/// Sleeping rows: the graph's one way to keep a long ``ForEach`` small. Once the client has a list's rows,
/// and every row keeps nothing of its own but `@State` (primitive views, and views whose `body` has no
/// dynamic property but `@State` and read nothing observable; no lifecycle modifier), the rows' nodes go
/// and a ``SleepingList`` keeps what the client has of them: each element's lid and a hash of what it
/// renders, and each node's `@State`. Everything such a row renders follows from the `ForEach`'s value,
/// which its node keeps, and from that state, so the graph builds a row again, with the same lids and the
/// same state, when something needs it:
///
/// - an event in a row, or a write to its state, wakes that row only (``node(number:wakingList:)``,
///   ``wakeRows(tagged:)``, ``node(holding:)``);
/// - a new value for the list, a render of the page, or events reaching a sixteenth of its rows wake
///   every row (``wakeAll(_:)``).
///
/// Woken rows stay awake while events and updates keep reaching the list, and sleep after
/// ``idleNanoseconds`` without one (read from ``clock``); a render puts every row the client has to sleep.
///
/// The graph owns one (made when a first list is noted) and calls it at these points only: ``note(_:)``
/// when a list expands, ``isWaking`` and ``adopt(_:)`` while nodes are built, the wake calls above before
/// it reads or changes a list, ``forEachTopLevelNumber(of:_:)`` for what the client has,
/// ``takeForcedReplacements()`` in the diff, ``sleep(keepingWoken:)`` once the client has an update,
/// ``noteEvent(in:)`` and ``end(_:)``.
final class SleepingRows {
    unowned let graph: ViewGraph
    /// Where idle time is read and waited for.
    let clock: any SleepingRowsClock
    /// How long rows an update woke stay awake without another update reaching them: waking 1,000 rows
    /// costs about as much as 150 events in them, so rows a user works in stay awake while the user pauses,
    /// and only a list left alone for this long goes back to sleep.
    var idleNanoseconds: UInt64 = 30_000_000_000

    /// The sleeping rows of lists, by container (the `ForEach`'s node).
    private(set) var lists = SideTable<SleepingList>()
    /// The containers with a list here, for finding the one that holds a lid.
    private(set) var containers: [GraphNode] = []
    /// What the rows of woken containers were when they slept, by container, until the container changes
    /// (its rows can go back to sleep as they are).
    var records = SideTable<SleepingList>()
    /// Containers that expanded since rows were last put to sleep.
    var expanded: [GraphNode] = []
    /// Containers some of whose rows an event woke: those rows sleep again once idle, as ``kept`` ones do.
    var partlyAwake: [GraphNode] = []
    /// Elements the next diff sends whole (rows that woke up rendering otherwise than they fell asleep).
    var forcedReplacements: [GraphNode] = []
    /// Whether the nodes being built are sleeping rows waking up (the client has their elements already).
    var isWaking = false
    /// While rows wake: the row being built, for its nodes to take back their identities.
    var waking: Waking?
    /// Containers woken whole since rows last slept.
    var woken: [GraphNode] = []
    /// Woken containers kept awake after a flush: they stay awake while updates keep reaching them (each
    /// would wake them again), and sleep once none has for ``idleNanoseconds``.
    private(set) var kept: [GraphNode] = []
    /// When a flush last reached a woken container (``clock`` time).
    var lastTouch: UInt64 = 0
    /// Whether a check for idle woken containers is scheduled.
    private var idleCheckScheduled = false

    init(graph: ViewGraph, clock: any SleepingRowsClock) {
        self.graph = graph
        self.clock = clock
    }

    deinit {
        // A graph released without being closed: the sleeping rows' state ends with it.
        for container in containers { lists[container]?.endStates() }
    }

    /// The sleeping rows of `container`, if it has any.
    func list(of container: GraphNode) -> SleepingList? { container.hasSleepingRows ? lists[container] : nil }

    /// Notes a row container (a ``ForEach``'s node) that expanded: once the client has its rows, they may
    /// sleep.
    func note(_ container: GraphNode) { expanded.append(container) }

    /// Keeps `container`'s `list` (its rows' nodes are gone).
    func keep(_ list: SleepingList, of container: GraphNode) {
        container.hasSleepingRows = true
        lists[container] = list
        containers.append(container)
    }

    /// Forgets `container`'s list, returning it (its rows are all awake, or the container ends).
    @discardableResult
    func take(_ container: GraphNode) -> SleepingList? {
        guard container.hasSleepingRows else {
            if container.keepsSleepRecord { forgetRecord(of: container) }
            return nil
        }
        container.hasSleepingRows = false
        let list = lists[container]
        lists[container] = nil
        if let index = containers.firstIndex(where: { $0 === container }) { containers.remove(at: index) }
        if let index = partlyAwake.firstIndex(where: { $0 === container }) { partlyAwake.remove(at: index) }
        return list
    }

    /// Forgets what `container`'s rows were when they last slept (they changed, or sleep again).
    func forgetRecord(of container: GraphNode) {
        container.keepsSleepRecord = false
        records[container] = nil
    }

    /// `container`'s identity ends: the state its sleeping rows keep ends too (awake rows end as nodes).
    func end(_ container: GraphNode) {
        take(container)?.endStates()
        if container.keepsSleepRecord { forgetRecord(of: container) }
    }

    /// Takes the elements the next diff must send whole.
    func takeForcedReplacements() -> [GraphNode] {
        guard !forcedReplacements.isEmpty else { return [] }
        defer { forcedReplacements.removeAll() }
        return forcedReplacements
    }

    /// Sends `node`'s element whole at the next diff.
    func replaceWhole(_ node: GraphNode?) {
        guard let node, !forcedReplacements.contains(where: { $0 === node }) else { return }
        forcedReplacements.append(node)
    }

    /// Calls `body` with the lid number of each element `container`'s rows give their parent element, as
    /// the client has them: the sleeping rows' from their list, the awake rows' from their nodes.
    func forEachTopLevelNumber(of container: GraphNode, _ body: (UInt64) -> Void) {
        lists[container]?.forEachTopLevelNumber(body) { graph.forEachElementNumber(of: $0, body) }
    }

    // MARK: Idle time

    /// Keeps the woken rows that hold `node` awake a while longer: an event in a list kept awake, or in a
    /// row an event woke, is activity of its rows, as an update that reaches them is.
    ///
    /// Noted to a sixteenth of the idle time: an event within that long of the last note is not looked
    /// up (the walk up a row's ancestors reaches memory no other part of an event does), so that rows
    /// kept awake by a stream of events sleep at most that much sooner after the last one.
    func noteEvent(in node: GraphNode) {
        guard !kept.isEmpty || !partlyAwake.isEmpty else { return }
        let now = clock.now
        if now &- lastTouch < idleNanoseconds / 16 { return }
        var current = node.parent
        while let ancestor = current {
            if kept.contains(where: { $0 === ancestor }) || partlyAwake.contains(where: { $0 === ancestor }) {
                lastTouch = now
                return
            }
            current = ancestor.parent
        }
    }

    /// Keeps `container`, woken by this flush, awake a while longer.
    func keepAwake(_ container: GraphNode) {
        lastTouch = clock.now
        if !kept.contains(where: { $0 === container }) { kept.append(container) }
    }

    /// Takes the containers kept awake (they sleep now).
    func takeKept() -> [GraphNode] {
        defer { kept.removeAll() }
        return kept
    }

    /// Checks, once ``idleNanoseconds`` have passed since the last touch, whether the kept containers and
    /// rows can sleep; the check runs as one of the graph's jobs, like every other touch of it.
    func scheduleIdleCheck() {
        guard !kept.isEmpty || !partlyAwake.isEmpty, !idleCheckScheduled, !graph.isClosed else { return }
        idleCheckScheduled = true
        let graph = UncheckedSendable(graph)
        let scheduler = graph.value.scheduler
        clock.run(at: max(lastTouch &+ idleNanoseconds, clock.now &+ 1_000_000)) {
            scheduler.enqueue { graph.value.sleepingRows?.checkIdle() }
        }
    }

    /// Puts the kept containers and rows to sleep if no event or flush has reached one for
    /// ``idleNanoseconds``, or checks again later.
    func checkIdle() {
        guard !graph.isClosed else { return }
        idleCheckScheduled = false
        guard !kept.isEmpty || !partlyAwake.isEmpty else { return }
        if clock.now < lastTouch &+ idleNanoseconds {
            scheduleIdleCheck()
            return
        }
        ThreadContext.run(on: graph) { sleep() }
    }
}

extension ViewGraph {
    /// Whether the nodes being built are sleeping rows waking up (the client has their elements already).
    var isWaking: Bool { sleepingRows?.isWaking ?? false }

    /// Notes a row container (a ``ForEach``'s node without duplicate ids) that expanded with at least
    /// ``sleepingRowMinimum`` rows: once the client has them, they may sleep.
    func noteRowContainer(_ node: GraphNode) {
        guard sleepingRowMinimum > 0 else { return }
        if sleepingRows == nil { sleepingRows = SleepingRows(graph: self, clock: sleepingRowsClock) }
        sleepingRows?.note(node)
    }

    /// Wakes every sleeping row of `node`, if it has any: before something reads or changes them all.
    func wakeRows(of node: GraphNode) {
        if node.hasSleepingRows { sleepingRows?.wakeAll(node) }
    }

    /// Puts rows the client has to sleep (see ``SleepingRows/sleep(keepingWoken:)``).
    func putRowsToSleep(keepingWoken: Bool = false) { sleepingRows?.sleep(keepingWoken: keepingWoken) }

    /// The element node whose lid has the number `number`: the sleeping row that holds it wakes (its whole
    /// list with `wakingList`, for a caller that renders the list).
    func elementNode(number: UInt64, wakingList: Bool = false) -> GraphNode? {
        if let node = lids[number] { return node }
        return sleepingRows?.node(number: number, wakingList: wakingList)
    }

    /// The node that has `handle`'s identity, built again if its row sleeps; `nil` once the identity ended.
    func node(holding handle: NodeHandle) -> GraphNode? {
        handle.node ?? sleepingRows?.node(holding: handle)
    }
}
