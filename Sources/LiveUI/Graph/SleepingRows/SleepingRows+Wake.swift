extension SleepingRows {
    /// What is being built while rows wake: the row's container and list, the row, and where the row's
    /// states are in the list.
    struct Waking {
        let container: GraphNode
        let list: SleepingList
        var row = 0
        var states: Range<Int> = 0..<0
    }

    /// The element node whose lid has the number `number`, waking the sleeping row that holds it (every
    /// row of its list with `wakingList`: the caller renders them all).
    func node(number: UInt64, wakingList: Bool) -> GraphNode? {
        for container in containers {
            guard let list = lists[container], let row = list.row(containing: number) else { continue }
            if wakingList { wakeAll(container) } else { wake(row: row, of: container, list) }
            return graph.lids[number]
        }
        return nil
    }

    /// Wakes the sleeping rows that have an element tagged `identifier` (their nodes then are in the index).
    func wakeRows(tagged identifier: String) {
        for container in containers {
            guard let list = lists[container] else { continue }
            for row in list.rows(tagged: identifier) { wake(row: row, of: container, list) }
        }
    }

    /// The node that has the identity of `handle` again, waking the sleeping row that keeps it (its `@State`
    /// is written while the row sleeps); `nil` if no sleeping row keeps it (the identity ended).
    func node(holding handle: NodeHandle) -> GraphNode? {
        for container in containers {
            guard let list = lists[container], let state = list.states.first(where: { $0.handle === handle }) else { continue }
            wake(row: Int(state.row), of: container, list)
            return handle.node
        }
        return nil
    }

    /// Wakes every sleeping row of `container`, before anything reads or changes them all: a new value for
    /// the list, a render. Rows that render otherwise than when they fell asleep (they read something
    /// besides their value, as a reference type's property) are sent to the client whole at the next diff.
    func wakeAll(_ container: GraphNode) {
        guard let list = take(container) else { return }
        if !woken.contains(where: { $0 === container }) { woken.append(container) }
        // Asleep again after the update, or awake while updates keep reaching the list.
        note(container)
        let awake = list.awakeRows
        var asleep: [Int] = []
        asleep.reserveCapacity(list.rowCount - awake.count)
        var nextAwake = 0
        for row in 0..<list.rowCount {
            if nextAwake < awake.count && awake[nextAwake].row == row { nextAwake += 1 } else { asleep.append(row) }
        }
        let firstNewLid = graph.nextLid
        let forcedBefore = forcedReplacements.count
        guard let built = build(asleep, of: container, list) else {
            rebuildWithoutState(container, list)
            return
        }
        var children = NodeChildren(capacity: list.rowCount)
        var (fromAwake, fromBuilt) = (0, 0)
        for row in 0..<list.rowCount {
            if fromAwake < awake.count && awake[fromAwake].row == row {
                children.append(awake[fromAwake].node)
                fromAwake += 1
            } else {
                children.append(built[fromBuilt])
                fromBuilt += 1
            }
        }
        container.children = children
        let unclaimed = endUnclaimedStates(of: list, rows: nil)
        if unclaimed, let persistence = graph.persistence { persistence.prune(below: container) }
        // The rows are built with new lids, then given theirs back; the new numbers are free again unless a
        // row kept some (it woke up with other elements).
        if restore(asleep, built, of: container, list) != nil {
            graph.nextLid = firstNewLid
            if awake.isEmpty && forcedReplacements.count == forcedBefore && list.states.isEmpty {
                // Exactly as they slept: until the container changes, they can sleep again as they are (not
                // rows with `@State`: they can change on their own).
                records[container] = list
                container.keepsSleepRecord = true
            }
        }
    }

    /// Wakes row `row` of `container`, whose sleeping rows `list` keeps, alone: the other rows stay asleep.
    /// It stays awake while events keep reaching the list (``sleep(keepingWoken:)``). Returns the row's node.
    @discardableResult
    func wake(row: Int, of container: GraphNode, _ list: SleepingList) -> GraphNode? {
        let (position, isAwake) = list.awakeIndex(ofRow: row)
        if isAwake { return list.awakeRows[position].node }
        let firstNewLid = graph.nextLid
        guard let node = build([row], of: container, list)?.first else {
            wakeAll(container)
            return nil
        }
        // The container's children are its awake rows, in row order.
        var children = NodeChildren(capacity: list.awakeRows.count + 1)
        for (index, awake) in list.awakeRows.enumerated() {
            if index == position { children.append(node) }
            children.append(awake.node)
        }
        if position == list.awakeRows.count { children.append(node) }
        container.children = children
        _ = endUnclaimedStates(of: list, rows: row)
        let identifiers = restore([row], [node], of: container, list)
        if identifiers != nil { graph.nextLid = firstNewLid }
        list.awakeRows.insert(
            SleepingList.AwakeRow(row: row, node: node, identifiers: identifiers ?? list.identifiers(ofRow: row)), at: position)
        if !partlyAwake.contains(where: { $0 === container }) { partlyAwake.append(container) }
        lastTouch = clock.now
        // Events reaching many rows of the list in one idle time (a sixteenth of them, from 16 up to 32 rows):
        // building the others at once costs less than one by one (about 70,000 instructions a row, 3.3
        // million for 1,000 rows), and the list is awake. The cap keeps a long list from paying a row's build
        // on each of hundreds of taps (`make bench`'s row-local events on 10,000 rows).
        let wakeAllAt = min(max(list.rowCount / 16, 16), 32)
        if list.awakeRows.count >= wakeAllAt || list.awakeRows.count == list.rowCount { wakeAll(container) }
        return node
    }

    /// Gives a node that a waking row builds the identity (handle and `@State`) of the node that was at its
    /// place, of its type, when the row fell asleep.
    func adopt(_ node: GraphNode) {
        guard let waking, !waking.states.isEmpty else { return }
        var rowNode = node
        while let parent = rowNode.parent, parent !== waking.container { rowNode = parent }
        for index in waking.states {
            if case .taken = waking.list.states[index].identity { continue }
            if waking.list.states[index].path.matches(node, below: rowNode) {
                waking.list.takeState(at: index).restore(to: node)
                return
            }
        }
    }

    /// Builds rows `rows` (ascending, asleep) of `container` again from its value, with the identities
    /// `list` keeps, and returns their nodes in order; `nil` if the container's value no longer has them.
    private func build(_ rows: [Int], of container: GraphNode, _ list: SleepingList) -> [GraphNode]? {
        guard !rows.isEmpty else { return [] }
        let content = container.withView { ($0 as? any SleepingRowSource)?.sleepingRows(container, at: rows, of: list.rowCount) }
        guard let content, content.children.count == rows.count else { return nil }
        let (environment, modifiers) = graph.childInputs(container, content)
        var nodes: [GraphNode] = []
        nodes.reserveCapacity(rows.count)
        let previous = (isWaking, waking)
        defer { (isWaking, waking) = previous }
        isWaking = true
        var context = Waking(container: container, list: list)
        ThreadContext.run(on: graph) {
            for (index, row) in rows.enumerated() {
                context.row = row
                context.states = list.states.isEmpty ? 0..<0 : list.stateRange(ofRow: row)
                waking = context
                let node = graph.makeChild(of: container, content, at: index, environment, modifiers)
                graph.expand(node)
                nodes.append(node)
            }
        }
        return nodes
    }

    /// Ends the kept identities of row `rows` (every row's when `nil`) that no rebuilt node took back (the
    /// row came back otherwise); returns whether there were any.
    private func endUnclaimedStates(of list: SleepingList, rows row: Int?) -> Bool {
        let range = row.map(list.stateRange(ofRow:)) ?? list.states.indices
        var ended = false
        for index in range {
            if case .taken = list.states[index].identity { continue }
            if case .handle(let handle) = list.takeState(at: index) { handle.endStorage() }
            ended = true
        }
        return ended
    }

    /// What a list whose value no longer has the rows that slept gets: new rows, sent whole.
    private func rebuildWithoutState(_ container: GraphNode, _ list: SleepingList) {
        list.endStates()
        container.children = NodeChildren()
        graph.expand(container)
        replaceWhole(graph.host(of: container))
    }

    /// Gives the rows built again (`rows`, their nodes `nodes`) the lids they had, and checks that their
    /// elements render as they did (an element that does not is sent whole at the next diff). Returns the
    /// rows' accessibility identifiers if every row got its lids back, else `nil`.
    private func restore(_ rows: [Int], _ nodes: [GraphNode], of container: GraphNode, _ list: SleepingList) -> [String]? {
        var restored = true
        var rowLids: [UInt64] = []
        var elements: [GraphNode] = []
        var woken: [(node: GraphNode, hash: Int)] = []
        woken.reserveCapacity(nodes.count * 2)
        // Room for a whole list's lids at once (a row's few fit: reserving would copy the table each time).
        if nodes.count > 16 { graph.lids.reserveCapacity(graph.lids.count + nodes.count * 2) }
        for (row, node) in zip(rows, nodes) {
            rowLids.removeAll(keepingCapacity: true)
            let firstElement = elements.count
            collectElements(of: node, isTopLevel: true, lids: &rowLids, elements: &elements)
            let range = list.range(ofRow: row)
            let sameShape =
                range.count == rowLids.count
                && zip(list.lids[range], rowLids).allSatisfy { ($0 & SleepingList.topLevel) == ($1 & SleepingList.topLevel) }
            guard sameShape else {
                // Other elements than the client has: its copy of the rows' parent element is replaced.
                registerLids(below: node)
                replaceWhole(graph.host(of: container))
                restored = false
                continue
            }
            for (element, position) in zip(elements[firstElement...], range) {
                relabel(element, list.lids[position] & ~SleepingList.topLevel)
                woken.append((element, list.hashes[position]))
            }
        }
        // Compared once every lid is back: an element's hash covers its children's lids.
        var same = true
        for (element, hash) in woken where renderHash(element) != hash {
            replaceWhole(element)
            same = false
        }
        guard restored else { return nil }
        // As the list has them, when the elements render as they slept.
        return same ? elements.compactMap { $0.element?.accessibilityID } : list.identifiers(ofRow: rows.first ?? 0)
    }

    /// Gives `node`'s element the lid number `number` (its number while waking was not registered).
    private func relabel(_ node: GraphNode, _ number: UInt64) {
        guard let element = node.element else { return }
        element.lidNumber = number
        graph.lids[number] = node
    }

    /// Registers the lids the elements at and below `node` got while waking (a row that woke up with
    /// other elements than it had keeps them).
    private func registerLids(below node: GraphNode) {
        if let element = node.element { graph.lids[element.lidNumber] = node }
        for child in node.children { registerLids(below: child) }
    }
}

extension ViewGraph {
    /// A new node for child `index` of `content`, `node`'s content, as ``reconcile`` makes one for a child no
    /// node matched (attached, not yet expanded): how sleeping rows are built again one by one.
    func makeChild(
        of node: GraphNode, _ content: NodeContent, at index: Int, _ environment: EnvironmentValues,
        _ modifiers: [any AttributeModifier]
    ) -> GraphNode {
        var childModifiers = modifiers
        var folded: UInt8 = 0
        var info: ViewTypeInfo?
        let view: any View
        if let place = content.children.place(at: index, in: nil) {
            let innermost = unwrapLayers(at: place.pointer, place.part.info(place.pointer), into: &childModifiers, count: &folded)
            info = innermost.info
            view = innermost.info.read(innermost.pointer)
        } else {
            view = content.children.view(at: index, in: nil)
        }
        let fresh = GraphNode(
            graph: self, parent: node, key: content.children.key(at: index), view: view, info: info, environment: environment)
        fresh.inherited = childModifiers
        fresh.ownModifierCount = folded
        // Unmatched in the parent's next pass, as a child its last pass made.
        fresh.matched = node.childPass
        attach(fresh)
        return fresh
    }
}

/// A view whose rows can sleep: it builds any of them again from its value (a ``ForEach``).
protocol SleepingRowSource {
    /// Rows `rows` (ascending indexes) of the content the view's last expansion made for `node`, keyed as
    /// it keyed them; `nil` if the view no longer has `count` rows.
    func sleepingRows(_ node: GraphNode, at rows: [Int], of count: Int) -> NodeContent?
}
