import Dispatch

/// What a graph keeps to let the rows of its `ForEach`s sleep (see ``DormantRows``): only graphs with
/// row containers have one.
final class RowSleep {
    /// The sleeping rows of row containers, by container.
    @exclusivity(unchecked) var rows = SideTable<DormantRows>()
    /// What the rows of woken containers were when they slept, by container, until the container changes
    /// (its rows can go back to sleep as they are).
    @exclusivity(unchecked) var records = SideTable<DormantRows>()
    /// The containers whose rows sleep, for finding the one that holds a lid.
    @exclusivity(unchecked) var containers: [GraphNode] = []
    /// Row containers that expanded since rows were last put to sleep.
    @exclusivity(unchecked) var awake: [GraphNode] = []
    /// Elements the next diff sends whole (rows that woke up rendering otherwise than they fell asleep).
    @exclusivity(unchecked) var forcedReplacements: [GraphNode] = []
    /// Whether the nodes being built are sleeping rows waking up (the client has their elements already).
    @exclusivity(unchecked) var isWaking = false
    /// Containers woken since rows last slept.
    @exclusivity(unchecked) var woken: [GraphNode] = []
    /// Woken containers kept awake after a flush: they stay awake while updates keep reaching them (each
    /// would wake them again), and sleep once none has for ``idleNanoseconds``.
    @exclusivity(unchecked) var kept: [GraphNode] = []
    /// When a flush last reached a woken container (`DispatchTime` nanoseconds).
    @exclusivity(unchecked) var lastTouch: UInt64 = 0
    /// Whether a check for idle woken containers is scheduled.
    @exclusivity(unchecked) var idleCheckScheduled = false
    /// How long containers an update or event woke stay awake without another one reaching them: waking
    /// 1,000 rows costs about as much as 150 events in them, so rows a user works in stay awake while the
    /// user pauses, and only a list left alone for this long goes back to sleep.
    @exclusivity(unchecked) var idleNanoseconds: UInt64 = 30_000_000_000
    /// While a container wakes: the container, and the identities with `@State` its rows kept, by their
    /// path below it (``ViewGraph/rowPath(of:below:)``), for the rebuilt nodes to take back.
    @exclusivity(unchecked) var wakingContainer: GraphNode?
    @exclusivity(unchecked) var adopting: [Int: DormantRows.SleepingState] = [:]

    deinit {
        // A graph released without being closed: the sleeping rows' state ends with it.
        for container in containers { rows[container]?.endStates() }
    }
}

extension ViewGraph {
    /// Whether the nodes being built are sleeping rows waking up (the client has their elements already).
    var isWaking: Bool { rowSleep?.isWaking ?? false }

    /// The sleeping rows of `node`, if they sleep.
    func dormantRows(of node: GraphNode) -> DormantRows? { node.hasDormantRows ? rowSleep?.rows[node] : nil }

    /// Notes a row container (a ``ForEach``'s node) that expanded: once the client has its rows, they may
    /// sleep (see ``DormantRows``).
    func noteRowContainer(_ node: GraphNode) {
        guard dormantRowMinimum > 0 else { return }
        if rowSleep == nil { rowSleep = RowSleep() }
        rowSleep?.awake.append(node)
    }

    /// Takes the elements the next diff must send whole.
    func takeForcedReplacements() -> [GraphNode] {
        guard let rowSleep, !rowSleep.forcedReplacements.isEmpty else { return [] }
        defer { rowSleep.forcedReplacements.removeAll() }
        return rowSleep.forcedReplacements
    }

    /// Puts to sleep the rows of the containers that expanded since the last call, where every row of a
    /// container can sleep. Called when the client has everything: after a flush's diff (unless the caller
    /// renders next) and after a render.
    /// With `keepingWoken`, containers that an update woke stay awake until no update has reached them
    /// for a while (``RowSleep/idleNanoseconds``): a burst of typing above a list wakes its rows once, not at
    /// every key.
    func putRowsToSleep(keepingWoken: Bool = false) {
        guard let rowSleep, !rowSleep.awake.isEmpty || (!keepingWoken && !rowSleep.kept.isEmpty) else { return }
        var containers = rowSleep.awake
        rowSleep.awake.removeAll()
        if !keepingWoken {
            containers += rowSleep.kept
            rowSleep.kept.removeAll()
            rowSleep.woken.removeAll()
        }
        for node in containers where node.isMounted && !node.hasDormantRows {
            if keepingWoken && rowSleep.woken.contains(where: { $0 === node }) {
                // Reached by this flush: awake a while longer.
                rowSleep.lastTouch = DispatchTime.now().uptimeNanoseconds
                if !rowSleep.kept.contains(where: { $0 === node }) { rowSleep.kept.append(node) }
            } else {
                putRowsToSleep(of: node)
            }
        }
        if !rowSleep.kept.isEmpty { scheduleIdleCheck() }
    }

    /// Keeps the woken rows that hold `node` awake a while longer: an event in a row (a tap on a row with
    /// state) is activity of its rows, as an update that reaches them is.
    ///
    /// Noted to a sixteenth of the idle time: an event within that long of the last note is not looked
    /// up (the walk up a row's ancestors reaches memory no other part of an event does), so that rows
    /// kept awake by a stream of taps sleep at most that much sooner after the last one.
    func noteEvent(in node: GraphNode) {
        guard let rowSleep, !rowSleep.kept.isEmpty else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        if now &- rowSleep.lastTouch < rowSleep.idleNanoseconds / 16 { return }
        var current = node.parent
        while let ancestor = current {
            if rowSleep.kept.contains(where: { $0 === ancestor }) {
                rowSleep.lastTouch = now
                return
            }
            current = ancestor.parent
        }
    }

    /// Checks, once ``RowSleep/idleNanoseconds`` have passed, whether the woken containers can sleep.
    private func scheduleIdleCheck() {
        guard let rowSleep, !rowSleep.idleCheckScheduled, !isClosed else { return }
        rowSleep.idleCheckScheduled = true
        let graph = UncheckedSendable(self)
        let delay = max(rowSleep.lastTouch + rowSleep.idleNanoseconds, DispatchTime.now().uptimeNanoseconds + 1_000_000)
        // The check runs as one of the graph's jobs, like every other touch of it.
        DispatchQueue.global().asyncAfter(deadline: DispatchTime(uptimeNanoseconds: delay)) { [scheduler] in
            scheduler.enqueue { graph.value.idleCheck() }
        }
    }

    /// Puts the containers kept awake to sleep if no flush has reached one for ``RowSleep/idleNanoseconds``,
    /// or checks again later.
    func idleCheck() {
        guard let rowSleep, !isClosed else { return }
        rowSleep.idleCheckScheduled = false
        guard !rowSleep.kept.isEmpty else { return }
        if DispatchTime.now().uptimeNanoseconds < rowSleep.lastTouch + rowSleep.idleNanoseconds {
            scheduleIdleCheck()
            return
        }
        ThreadContext.run(on: self) { putRowsToSleep() }
    }

    private func putRowsToSleep(of node: GraphNode) {
        guard let rowSleep, dormantRowMinimum > 0, node.children.count >= dormantRowMinimum, !node.isDirty,
            !node.isAffected, node.children.allSatisfy(canSleep)
        else { return }
        if node.keepsSleepRecord, let rows = rowSleep.records[node] {
            // Unchanged since they woke: asleep again as they were.
            forgetSleepRecord(of: node)
            sleep(node, rows)
            return
        }
        sleep(node, record(of: node))
    }

    /// What `node`'s rows are, for them to sleep (their nodes are still there).
    private func record(of node: GraphNode) -> DormantRows {
        var rows = DormantRows()
        var rowLids: [UInt64] = []
        var elements: [GraphNode] = []
        for row in node.children {
            rowLids.removeAll(keepingCapacity: true)
            elements.removeAll(keepingCapacity: true)
            collectElements(of: row, isTopLevel: true, lids: &rowLids, elements: &elements)
            rows.append(
                lids: rowLids, hashes: elements.map(renderHash),
                identifiers: elements.compactMap { $0.element?.accessibilityID })
            keepStates(below: row, in: node, into: &rows)
        }
        rows.trim()
        return rows
    }

    private func sleep(_ node: GraphNode, _ rows: consuming DormantRows) {
        guard let rowSleep else { return }
        // The rows' state is saved from their nodes, which go now.
        persistence?.collect(rootMounted: root != nil)
        // Most of the lid table may be these rows' (a long list on a small page): the table is then built
        // again from what stays, rather than emptied one lid at a time (each removal moves its neighbours).
        let rebuildsLids = rows.lids.count * 2 > lids.count
        for row in node.children { release(row, removingLids: !rebuildsLids) }
        if rebuildsLids { lids = lids.filter { $0.value.isMounted } }
        node.children = NodeChildren()
        // The rows' nodes are gone, and with them their views' and handlers' references to the storage.
        rows.keepValuesOnly()
        node.hasDormantRows = true
        rowSleep.rows[node] = rows
        rowSleep.containers.append(node)
    }

    /// Keeps the identities with `@State` at and below `node`, a row of `container`.
    private func keepStates(below node: GraphNode, in container: GraphNode, into rows: inout DormantRows) {
        if node.hasStorage {
            rows.keep(.init(path: rowPath(of: node, below: container), identity: .handle(node.handle)))
        }
        for child in node.children { keepStates(below: child, in: container, into: &rows) }
    }

    /// `node`'s view type and the keys from `container` down to it, hashed: what the node is and where in
    /// its row, the same for the node that the row rebuilds there.
    func rowPath(of node: GraphNode, below container: GraphNode) -> Int {
        var hasher = Hasher()
        hasher.combine(node.viewType)
        var current: GraphNode? = node
        while let step = current, step !== container {
            hasher.combine(step.key)
            current = step.parent
        }
        return hasher.finalize()
    }

    /// Gives a node that a waking row rebuilds the identity (handle and `@State`) of the node that was
    /// there when the row fell asleep.
    func adoptSleepingState(_ node: GraphNode) {
        guard let rowSleep, !rowSleep.adopting.isEmpty, let container = rowSleep.wakingContainer else { return }
        let path = rowPath(of: node, below: container)
        guard let state = rowSleep.adopting[path] else { return }
        rowSleep.adopting[path] = nil
        switch state.identity {
        case .handle(let handle): node.adopt(handle)
        case .value(let value): node.awaken(CollectionOfOne(value.slot), evaluations: value.evaluations)
        case .values(let values): node.awaken(values.slots, evaluations: values.evaluations)
        }
    }

    /// Wakes the sleeping rows that keep the identity of `handle` (its `@State` is written while they
    /// sleep), and returns the node that has it again.
    func wakeRow(holding handle: NodeHandle) -> GraphNode? {
        guard let rowSleep,
            let container = rowSleep.containers.first(where: {
                rowSleep.rows[$0]?.states.contains { $0.handle === handle } == true
            })
        else { return nil }
        wakeRows(of: container)
        return handle.node
    }

    /// Forgets what `node`'s rows were when they last slept (they changed, or sleep again).
    func forgetSleepRecord(of node: GraphNode) {
        node.keepsSleepRecord = false
        rowSleep?.records[node] = nil
    }

    /// Lets go of a sleeping row's node and those below it. Their identities do not end: a node's `@State`
    /// stays with its handle, which the sleeping row keeps (or keeps the value of, once the nodes are gone:
    /// ``DormantRows/keepValuesOnly()``), and they have nothing else that would notice
    /// (``canSleep(_:)``: no other storage, lifecycle or outside references to their handles, nothing pending).
    private func release(_ node: GraphNode, removingLids: Bool) {
        node.isMounted = false
        if node.hasStorage { _ = node.detachHandle() }
        if let element = node.element {
            if removingLids { lids[element.lidNumber] = nil }
            // The identifier index finds the sleeping rows' identifiers in their record (``wakeRows(tagged:)``).
            accessibility.move(node, from: element.accessibilityID, to: nil)
        }
        for child in node.children { release(child, removingLids: removingLids) }
        statistics.liveNodes -= 1
    }

    /// Whether `node` and everything below it can sleep: views without storage but `@State` (primitive
    /// views, and views with a `body` whose last evaluation read nothing observable), whose elements the
    /// client has as the graph has them, with nothing kept apart for them (lifecycle, failures).
    private func canSleep(_ node: GraphNode) -> Bool {
        guard !node.hasDormantRows, !node.isDirty, !node.isAffected, !node.readsEnvironment, behaviors[node] == nil,
            failures[node] == nil, node.handleCanSleep
        else { return false }
        if let element = node.element {
            guard element.hasSpec, element.capturedChildren == nil else { return false }
        }
        return node.children.allSatisfy(canSleep)
    }

    /// Appends the lids of the elements at and below `node`, an element before its descendants; the first
    /// element on each path from a row's node is a top-level one (flagged).
    private func collectElements(of node: GraphNode, isTopLevel: Bool, lids: inout [UInt64], elements: inout [GraphNode]) {
        var childrenAreTopLevel = isTopLevel
        if let element = node.element {
            lids.append(element.lidNumber | (isTopLevel ? DormantRows.topLevel : 0))
            elements.append(node)
            childrenAreTopLevel = false
        }
        for child in node.children {
            collectElements(of: child, isTopLevel: childrenAreTopLevel, lids: &lids, elements: &elements)
        }
    }

    /// A hash of what `node`'s element renders: its description (tag, attributes, classes, styles, events,
    /// text, own sub-elements, child positions) and the lids of the other nodes' elements it holds (not what
    /// they render).
    private func renderHash(_ node: GraphNode) -> Int {
        var hasher = Hasher()
        hasher.combine(currentSpec(node))
        for child in node.children { forEachElementNumber(of: child) { hasher.combine($0) } }
        return hasher.finalize()
    }

    /// Rebuilds the sleeping rows of `node` from its value, with the lids the client has, before anything
    /// reads or changes them. A row that renders otherwise than when it fell asleep (it read something
    /// besides its value, as a reference type's property) is sent to the client whole at the next diff.
    func wakeRows(of node: GraphNode) {
        guard let rowSleep, let rows = takeDormantRows(of: node) else { return }
        if !rowSleep.woken.contains(where: { $0 === node }) { rowSleep.woken.append(node) }
        let firstNewLid = nextLid
        let wasWaking = rowSleep.isWaking
        let (previousContainer, previousAdopting) = (rowSleep.wakingContainer, rowSleep.adopting)
        rowSleep.isWaking = true
        rowSleep.wakingContainer = node
        rowSleep.adopting = Dictionary(rows.states.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        ThreadContext.run(on: self) { expand(node) }
        // A kept identity no rebuilt node took back (its row came back otherwise) ends now.
        for state in rowSleep.adopting.values { state.handle?.endStorage() }
        if !rowSleep.adopting.isEmpty, let persistence { persistence.prune(below: node) }
        rowSleep.isWaking = wasWaking
        (rowSleep.wakingContainer, rowSleep.adopting) = (previousContainer, previousAdopting)
        // The rows are built with new lids, then given theirs back; the new numbers are free again unless a
        // row kept some (it woke up with other elements).
        let forcedBefore = rowSleep.forcedReplacements.count
        if restoreLids(of: node, rows) {
            nextLid = firstNewLid
            if rowSleep.forcedReplacements.count == forcedBefore && rows.states.isEmpty {
                // Exactly as they slept: until the container changes, they can sleep again as they are (not
                // rows with `@State`: they can change on their own).
                rowSleep.records[node] = rows
                node.keepsSleepRecord = true
            }
        }
    }

    /// Forgets the sleeping rows of `node`, returning them.
    @discardableResult
    func takeDormantRows(of node: GraphNode) -> DormantRows? {
        guard node.hasDormantRows, let rowSleep else {
            if node.keepsSleepRecord { forgetSleepRecord(of: node) }
            return nil
        }
        node.hasDormantRows = false
        let rows = rowSleep.rows[node]
        rowSleep.rows[node] = nil
        if let index = rowSleep.containers.firstIndex(where: { $0 === node }) { rowSleep.containers.remove(at: index) }
        return rows
    }

    /// Gives the woken rows of `node` the lids they had, and checks that their elements render as they did
    /// (an element that does not is sent whole at the next diff); returns whether every row got its lids back.
    private func restoreLids(of node: GraphNode, _ rows: DormantRows) -> Bool {
        guard node.children.count == rows.rowCount else {
            for row in node.children { registerLids(below: row) }
            replaceWhole(host(of: node))
            return false
        }
        var restored = true
        var rowLids: [UInt64] = []
        var elements: [GraphNode] = []
        var woken: [(node: GraphNode, hash: Int)] = []
        lids.reserveCapacity(lids.count + rows.lids.count)
        for (index, row) in node.children.enumerated() {
            rowLids.removeAll(keepingCapacity: true)
            elements.removeAll(keepingCapacity: true)
            collectElements(of: row, isTopLevel: true, lids: &rowLids, elements: &elements)
            let range = rows.range(ofRow: index)
            let sameShape =
                range.count == rowLids.count
                && zip(rows.lids[range], rowLids).allSatisfy { ($0 & DormantRows.topLevel) == ($1 & DormantRows.topLevel) }
            guard sameShape else {
                // Other elements than the client has: its copy of the rows' parent element is replaced.
                registerLids(below: row)
                replaceWhole(host(of: node))
                restored = false
                continue
            }
            for (element, position) in zip(elements, range) {
                relabel(element, rows.lids[position] & ~DormantRows.topLevel)
                woken.append((element, rows.hashes[position]))
            }
        }
        // Compared once every lid is back: an element's hash covers its children's lids.
        for (element, hash) in woken where renderHash(element) != hash { replaceWhole(element) }
        return restored
    }

    /// Sends `node`'s element whole at the next diff.
    private func replaceWhole(_ node: GraphNode?) {
        guard let node, let rowSleep, !rowSleep.forcedReplacements.contains(where: { $0 === node }) else { return }
        rowSleep.forcedReplacements.append(node)
    }

    /// Gives `node`'s element the lid number `number` (its number while waking was not registered).
    private func relabel(_ node: GraphNode, _ number: UInt64) {
        guard let element = node.element else { return }
        element.lidNumber = number
        lids[number] = node
    }

    /// Registers the lids the elements at and below `node` got while waking (a row that woke up with
    /// other elements than it had keeps them).
    private func registerLids(below node: GraphNode) {
        if let element = node.element { lids[element.lidNumber] = node }
        for child in node.children { registerLids(below: child) }
    }

    /// Wakes the sleeping rows that have an element tagged `identifier` (their nodes then are in the index).
    func wakeRows(tagged identifier: String) {
        guard let rowSleep, !rowSleep.containers.isEmpty else { return }
        let tagged = rowSleep.containers.filter { rowSleep.rows[$0]?.hasIdentifier(identifier) == true }
        for container in tagged { wakeRows(of: container) }
    }

    /// The element node whose lid has the number `number`, waking the sleeping rows that hold it.
    func elementNode(number: UInt64) -> GraphNode? {
        if let node = lids[number] { return node }
        guard let rowSleep, !rowSleep.containers.isEmpty,
            let container = rowSleep.containers.first(where: { rowSleep.rows[$0]?.contains(number) == true })
        else { return nil }
        wakeRows(of: container)
        return lids[number]
    }
}
