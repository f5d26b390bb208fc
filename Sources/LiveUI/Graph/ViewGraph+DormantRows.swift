/// What a graph keeps to let the rows of its `ForEach`s sleep (see ``DormantRows``): only graphs with
/// row containers have one.
final class RowSleep {
    /// The sleeping rows of row containers, by container.
    @exclusivity(unchecked) var rows = SideTable<DormantRows>()
    /// The containers whose rows sleep, for finding the one that holds a lid.
    @exclusivity(unchecked) var containers: [GraphNode] = []
    /// Row containers that expanded since rows were last put to sleep.
    @exclusivity(unchecked) var awake: [GraphNode] = []
    /// Elements the next diff sends whole (rows that woke up rendering otherwise than they fell asleep).
    @exclusivity(unchecked) var forcedReplacements: [GraphNode] = []
    /// Whether the nodes being built are sleeping rows waking up (the client has their elements already).
    @exclusivity(unchecked) var isWaking = false
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
    /// container can sleep. Called when the client has everything: after a flush's diff, a mount, a render.
    func putRowsToSleep() {
        guard let rowSleep, !rowSleep.awake.isEmpty else { return }
        let containers = rowSleep.awake
        rowSleep.awake.removeAll()
        for node in containers where node.isMounted && !node.hasDormantRows {
            putRowsToSleep(of: node)
        }
    }

    private func putRowsToSleep(of node: GraphNode) {
        guard let rowSleep, dormantRowMinimum > 0, node.children.count >= dormantRowMinimum, !node.isDirty,
            !node.isAffected, node.children.allSatisfy(canSleep)
        else { return }
        var rows = DormantRows()
        var rowLids: [UInt64] = []
        var elements: [GraphNode] = []
        for row in node.children {
            rowLids.removeAll(keepingCapacity: true)
            elements.removeAll(keepingCapacity: true)
            collectElements(of: row, isTopLevel: true, lids: &rowLids, elements: &elements)
            rows.append(lids: rowLids, hashes: elements.map(renderHash))
        }
        rows.trim()
        // Their identities do not end: they have nothing that would notice (no storage, no lifecycle).
        for row in node.children { unmount(row) }
        node.children = NodeChildren()
        node.hasDormantRows = true
        rowSleep.rows[node] = rows
        rowSleep.containers.append(node)
    }

    /// Whether `node` and everything below it can sleep: primitive views only, whose elements the client has
    /// as the graph has them, with nothing kept apart for them (storage, handles, lifecycle, identifiers).
    private func canSleep(_ node: GraphNode) -> Bool {
        guard node.kind == .primitive, !node.hasDormantRows, !node.hasHandle, !node.isDirty, !node.isAffected,
            !node.readsEnvironment, behaviors[node] == nil, failures[node] == nil
        else { return false }
        if let element = node.element {
            guard let spec = element.spec, spec.accessibilityID == nil, element.capturedChildren == nil else { return false }
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

    /// A hash of what `node`'s element renders: its tag, attributes and text, its own sub-elements, and
    /// the lids of the other nodes' elements it holds (not what they render).
    private func renderHash(_ node: GraphNode) -> Int {
        var hasher = Hasher()
        combine(makeSnapshot(node), into: &hasher)
        return hasher.finalize()
    }

    private func combine(_ snapshot: Snapshot, into hasher: inout Hasher) {
        hasher.combine(snapshot.tag)
        for attribute in snapshot.attributes {
            hasher.combine(attribute.name)
            hasher.combine(attribute.value)
        }
        switch snapshot.content {
        case .void: hasher.combine(0)
        case .text(let text):
            hasher.combine(1)
            hasher.combine(text)
        case .children(let children):
            hasher.combine(2)
            for child in children {
                if let own = child.own {
                    combine(own, into: &hasher)
                } else {
                    hasher.combine(child.nodeNumber)
                }
            }
        }
    }

    /// Rebuilds the sleeping rows of `node` from its value, with the lids the client has, before anything
    /// reads or changes them. A row that renders otherwise than when it fell asleep (it read something
    /// besides its value, as a reference type's property) is sent to the client whole at the next diff.
    func wakeRows(of node: GraphNode) {
        guard let rowSleep, let rows = takeDormantRows(of: node) else { return }
        let firstNewLid = nextLid
        let wasWaking = rowSleep.isWaking
        rowSleep.isWaking = true
        ThreadContext.run(on: self) { expand(node) }
        rowSleep.isWaking = wasWaking
        // The rows are built with new lids, then given theirs back; the new numbers are free again unless a
        // row kept some (it woke up with other elements).
        if restoreLids(of: node, rows) { nextLid = firstNewLid }
    }

    /// Forgets the sleeping rows of `node`, returning them.
    @discardableResult
    func takeDormantRows(of node: GraphNode) -> DormantRows? {
        guard node.hasDormantRows, let rowSleep else { return nil }
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
            replaceWhole(host(of: node))
            return false
        }
        var restored = true
        var rowLids: [UInt64] = []
        var elements: [GraphNode] = []
        var woken: [(node: GraphNode, hash: Int)] = []
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

    /// Gives `node`'s element the lid number `number`.
    private func relabel(_ node: GraphNode, _ number: UInt64) {
        guard let element = node.element, element.lidNumber != number else { return }
        if lids[element.lidNumber] === node { lids[element.lidNumber] = nil }
        element.lidNumber = number
        lids[number] = node
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
