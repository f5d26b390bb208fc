extension SleepingRows {
    /// Puts rows to sleep once the client has everything: after a flush's diff (unless the caller renders
    /// next) and after a render. The containers that expanded since the last call sleep where every row
    /// can. With `keepingWoken`, rows an event woke one by one and containers an update woke whole stay
    /// awake until no event or update has reached them for ``idleNanoseconds``: taps in a few rows wake
    /// each once, and a burst of typing above a list wakes its rows once, not at every key.
    func sleep(keepingWoken: Bool = false) {
        if !keepingWoken && !partlyAwake.isEmpty { sleepAwakeRows() }
        guard !expanded.isEmpty || (!keepingWoken && !kept.isEmpty) else {
            if !partlyAwake.isEmpty { scheduleIdleCheck() }
            return
        }
        var candidates = expanded
        expanded.removeAll()
        if !keepingWoken {
            candidates += takeKept()
            woken.removeAll()
        }
        for container in candidates where container.isMounted && !container.hasSleepingRows {
            if keepingWoken && woken.contains(where: { $0 === container }) {
                // Reached by this flush: awake a while longer.
                keepAwake(container)
            } else {
                putToSleep(container)
            }
        }
        scheduleIdleCheck()
    }

    /// Puts the rows events woke one by one back to sleep, each with what it renders now (the client has it).
    private func sleepAwakeRows() {
        let containers = partlyAwake
        partlyAwake.removeAll()
        for container in containers {
            guard container.isMounted, let list = list(of: container) else { continue }
            var stillAwake: [SleepingList.AwakeRow] = []
            for awake in list.awakeRows {
                if !sleep(awake, of: container, in: list) { stillAwake.append(awake) }
            }
            list.awakeRows = stillAwake
            if !stillAwake.isEmpty { partlyAwake.append(container) }
        }
    }

    /// Puts `awake`, a row of `container`, back to sleep in `list`; `false` if it cannot sleep now.
    private func sleep(_ awake: SleepingList.AwakeRow, of container: GraphNode, in list: SleepingList) -> Bool {
        guard awake.node.isMounted, canSleep(awake.node) else { return false }
        var rowLids: [UInt64] = []
        var elements: [GraphNode] = []
        collectElements(of: awake.node, isTopLevel: true, lids: &rowLids, elements: &elements)
        let hashes = elements.map(renderHash)
        let identifiers = elements.compactMap { $0.element?.accessibilityID }
        var states: [SleepingState] = []
        let range = list.stateRange(ofRow: awake.row)
        let shared = range.map { list.states[$0].path }
        keepStates(below: awake.node, row: awake.row, rowNode: awake.node, sharing: shared, into: &states)
        graph.persistence?.collect(rootMounted: graph.root != nil)
        release(awake.node, removingLids: true)
        var children = NodeChildren(capacity: max(container.children.count - 1, 0))
        for child in container.children where child !== awake.node { children.append(child) }
        container.children = children
        list.replaceRow(awake.row, lids: rowLids, hashes: hashes, identifiers: identifiers, wokeWith: awake.identifiers, states: states)
        list.keepValuesOnly(ofRow: awake.row)
        return true
    }

    /// Puts `container`'s rows to sleep, if every row can (they are all nodes).
    private func putToSleep(_ container: GraphNode) {
        guard graph.sleepingRowMinimum > 0, container.children.count >= graph.sleepingRowMinimum, !container.isDirty,
            !container.isAffected, container.children.allSatisfy(canSleep)
        else { return }
        if container.keepsSleepRecord, let list = records[container] {
            // Unchanged since they woke: asleep again as they were.
            forgetRecord(of: container)
            sleep(container, list)
            return
        }
        sleep(container, record(of: container))
    }

    /// What `container`'s rows are, for them to sleep (their nodes are still there).
    private func record(of container: GraphNode) -> SleepingList {
        let list = SleepingList()
        var rowLids: [UInt64] = []
        var elements: [GraphNode] = []
        var states: [SleepingState] = []
        var previousPaths: [RowPath] = []
        for (row, node) in container.children.enumerated() {
            rowLids.removeAll(keepingCapacity: true)
            elements.removeAll(keepingCapacity: true)
            states.removeAll(keepingCapacity: true)
            collectElements(of: node, isTopLevel: true, lids: &rowLids, elements: &elements)
            keepStates(below: node, row: row, rowNode: node, sharing: previousPaths, into: &states)
            if !states.isEmpty { previousPaths = states.map(\.path) }
            list.append(
                lids: rowLids, hashes: elements.map(renderHash), identifiers: elements.compactMap { $0.element?.accessibilityID },
                states: states)
        }
        list.finish()
        return list
    }

    private func sleep(_ container: GraphNode, _ list: SleepingList) {
        // The rows' state is saved from their nodes, which go now.
        graph.persistence?.collect(rootMounted: graph.root != nil)
        // Most of the lid table may be these rows' (a long list on a small page): the table is then built
        // again from what stays, rather than emptied one lid at a time (each removal moves its neighbours).
        let rebuildsLids = list.lids.count * 2 > graph.lids.count
        for row in container.children { release(row, removingLids: !rebuildsLids) }
        if rebuildsLids { graph.lids = graph.lids.filter { $0.value.isMounted } }
        container.children = NodeChildren()
        // The rows' nodes are gone, and with them their views' and handlers' references to the storage.
        list.keepValuesOnly()
        keep(list, of: container)
    }

    /// Keeps the identities with `@State` at and below `node`, in row `row` whose own node is `rowNode`; a
    /// place that `shared` (another row's paths, in order) holds at the same position is kept as that object.
    private func keepStates(
        below node: GraphNode, row: Int, rowNode: GraphNode, sharing shared: [RowPath], into states: inout [SleepingState]
    ) {
        if node.hasStorage {
            let position = states.count
            let path =
                position < shared.count && shared[position].matches(node, below: rowNode)
                ? shared[position] : RowPath(of: node, below: rowNode)
            states.append(SleepingState(row: UInt32(truncatingIfNeeded: row), path: path, identity: .handle(node.handle)))
        }
        for child in node.children { keepStates(below: child, row: row, rowNode: rowNode, sharing: shared, into: &states) }
    }

    /// Lets go of a sleeping row's node and those below it. Their identities do not end: a node's `@State`
    /// stays with its handle, which the sleeping row keeps (or keeps the value of, once the nodes are gone:
    /// ``SleepingList/keepValuesOnly(ofRow:)``), and they have nothing else that would notice
    /// (``canSleep(_:)``: no other storage, lifecycle or outside references to their handles, nothing pending).
    private func release(_ node: GraphNode, removingLids: Bool) {
        node.isMounted = false
        if node.hasStorage {
            // Its saved values were collected before (the identity goes on asleep): only the node goes.
            graph.persistence?.forget(node)
            _ = node.detachHandle()
        }
        if let element = node.element {
            if removingLids { graph.lids[element.lidNumber] = nil }
            // The identifier index finds the sleeping rows' identifiers in their list (``wakeRows(tagged:)``).
            graph.accessibility.move(node, from: element.accessibilityID, to: nil)
        }
        for child in node.children { release(child, removingLids: removingLids) }
        graph.statistics.liveNodes -= 1
    }

    /// Whether `node` and everything below it can sleep: views without storage but `@State` (primitive
    /// views, and views with a `body` whose last evaluation read nothing observable), whose elements the
    /// client has as the graph has them, with nothing kept apart for them (lifecycle, failures).
    private func canSleep(_ node: GraphNode) -> Bool {
        guard !node.hasSleepingRows, !node.isDirty, !node.isAffected, !node.readsEnvironment, graph.behaviors[node] == nil,
            graph.failures[node] == nil, node.handleCanSleep
        else { return false }
        if let element = node.element {
            guard element.hasSpec, element.capturedChildren == nil else { return false }
        }
        return node.children.allSatisfy(canSleep)
    }

    /// Appends the lids of the elements at and below `node`, an element before its descendants; the first
    /// element on each path from a row's node is a top-level one (flagged).
    func collectElements(of node: GraphNode, isTopLevel: Bool, lids: inout [UInt64], elements: inout [GraphNode]) {
        var childrenAreTopLevel = isTopLevel
        if let element = node.element {
            lids.append(element.lidNumber | (isTopLevel ? SleepingList.topLevel : 0))
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
    func renderHash(_ node: GraphNode) -> Int {
        var hasher = Hasher()
        hasher.combine(graph.currentSpec(node))
        for child in node.children { graph.forEachElementNumber(of: child) { hasher.combine($0) } }
        return hasher.finalize()
    }
}
