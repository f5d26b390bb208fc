extension ViewGraph {
    /// Compares every element touched by this flush with what the client has, by identity, and returns the patches.
    func diffAffected() -> [Patch] {
        let forced = sleepingRows?.takeForcedReplacements() ?? []
        guard !affected.isEmpty || !forced.isEmpty else { return [] }
        var differ = Differ(graph: self)
        // Rows that woke up rendering otherwise than the client has them are sent whole, first (sorted only
        // when there are any: sorting even nothing allocates).
        if !forced.isEmpty {
            for node in ViewGraph.parentsFirst(forced) where node.isMounted { differ.replaceWhole(node) }
        }
        // Parents first, so that a replaced subtree's descendants are known to be fresh already.
        // One element (the common case) needs no sorted copy.
        let nodes = affected.count == 1 ? affected : ViewGraph.parentsFirst(affected)
        for node in nodes where node.isMounted {
            guard let lid = node.lid else { continue }
            // The element waiting to be diffed is taken out, not copied: it becomes the client's below.
            if node.isAffected, let pending = pendingSpecs.removeValue(for: node) {
                diff(node, lid: lid, now: pending, with: &differ)
                commit(pending, to: node)
            } else if let spec = node.spec {
                diff(node, lid: lid, now: spec, with: &differ)
                commitElement(node)
            }
        }
        endElementPass(keepingCapacity: true)
        return differ.patches
    }

    /// Adds to `differ` the patches from what the client has of `node`'s element to `spec`.
    private func diff(_ node: GraphNode, lid: String, now spec: ElementSpec, with differ: inout Differ) {
        // A node whose DOM a `replace` just re-created needs nothing; one without an element the client has,
        // nothing either.
        guard !differ.fresh.contains(ObjectIdentifier(node)), let element = node.element else { return }
        // A leaf (text or nothing inside) that keeps its tag and attributes, the usual change: compared
        // where the client's element is kept, without a snapshot of either.
        switch element.leafChange(to: spec) {
        case .same: return
        case .text(let text):
            differ.patches.append(.text(id: lid, text: text))
            return
        case .other: break
        }
        guard let old = clientSnapshot(node) else { return }
        differ.diffElement(lid: lid, old: old, new: snapshot(of: spec, lid: lid, node: node), owner: node)
    }
}

/// Produces the smallest patch list it can between two renderings of one element, keyed by `data-lid`.
struct Differ {
    unowned let graph: ViewGraph
    var patches: [Patch] = []
    /// Element nodes whose DOM was just re-created by a `replace`: they need no patches of their own.
    var fresh: Set<ObjectIdentifier> = []

    init(graph: ViewGraph) { self.graph = graph }

    mutating func diffElement(lid: String, old: Snapshot, new: Snapshot, owner: GraphNode) {
        if old.tag != new.tag || old.content.kind != new.content.kind {
            patches.append(.replace(id: lid, html: graph.html(new)))
            markFresh(new)
            return
        }
        if old.attributeParts != new.attributeParts { diffAttributes(lid: lid, old: old.attributes, new: new.attributes) }
        switch (old.content, new.content) {
        case (.text(let a), .text(let b)):
            if a != b { patches.append(.text(id: lid, text: b)) }
        case (.children(let a), .children(let b)):
            diffChildren(parent: lid, old: a, new: b, owner: owner)
        default:
            break
        }
    }

    private mutating func diffAttributes(lid: String, old: [(name: String, value: String)], new: [(name: String, value: String)]) {
        if old.count == new.count, zip(old, new).allSatisfy({ $0.name == $1.name && $0.value == $1.value }) { return }
        var set: [String: String] = [:]
        var remove: [String] = []
        for attribute in new where !old.contains(where: { $0.name == attribute.name && $0.value == attribute.value }) {
            set[attribute.name] = attribute.value
        }
        for attribute in old where !new.contains(where: { $0.name == attribute.name }) {
            remove.append(attribute.name)
        }
        if !set.isEmpty || !remove.isEmpty { patches.append(.attrs(id: lid, set: set, remove: remove)) }
    }

    /// Keyed children diff: the children at either end that kept their keys keep their places, and only the
    /// run between them is reordered (``reorder(parent:old:new:offset:)``): an append, an insert or a removal
    /// compares the keys at the ends and hashes only the few between. Then every internal sub-element that
    /// survived is compared in depth, in the new order.
    private mutating func diffChildren(parent: String, old: [SnapshotChild], new: [SnapshotChild], owner: GraphNode) {
        let shorter = min(old.count, new.count)
        var head = 0
        while head < shorter, old[head].key == new[head].key { head += 1 }
        var tail = 0
        while tail < shorter - head, old[old.count - 1 - tail].key == new[new.count - 1 - tail].key { tail += 1 }
        let oldMiddle = old[head..<(old.count - tail)]
        let newMiddle = new[head..<(new.count - tail)]
        // Where each child of the run was in the old run (-1: it is new), as the reordering found it.
        let was = oldMiddle.isEmpty && newMiddle.isEmpty
            ? [] : reorder(parent: parent, old: Array(oldMiddle), new: Array(newMiddle), offset: head)
        for i in 0..<head { diffOwn(old[i], new[i], owner: owner) }
        for (j, i) in was.enumerated() where i >= 0 { diffOwn(old[head + i], new[head + j], owner: owner) }
        for j in 0..<tail { diffOwn(old[old.count - tail + j], new[new.count - tail + j], owner: owner) }
    }

    /// Compares an internal sub-element that kept its key (and so its lid) with what it was.
    private mutating func diffOwn(_ old: SnapshotChild, _ new: SnapshotChild, owner: GraphNode) {
        if let before = old.own, let now = new.own { diffElement(lid: new.lid, old: before, new: now, owner: owner) }
    }

    /// Reorders the run of children between the ends that kept their places (`offset` children before it):
    /// removals, replacements of what took a removed child's place, then inserts and moves placed right to
    /// left before their final successor; the longest run that kept its order stays put. Returns where each
    /// new child was among the old ones (-1: it is new).
    private mutating func reorder(parent: String, old: [SnapshotChild], new: [SnapshotChild], offset: Int) -> [Int] {
        // Each key is hashed twice (into and out of one table); the rest works on positions in the two lists.
        var oldPosition: [SnapshotChild.Key: Int] = [:]
        oldPosition.reserveCapacity(old.count)
        for (i, child) in old.enumerated() { oldPosition[child.key] = i }
        // Where each new child was (-1: it is new) and where each old child goes (-1: it is gone).
        let was = new.map { oldPosition[$0.key] ?? -1 }
        var goesTo = [Int](repeating: -1, count: old.count)
        for (j, i) in was.enumerated() where i >= 0 { goesTo[i] = j }

        // Survivors in old order, with their new positions; the longest increasing run keeps its place.
        let survivors = goesTo.indices.filter { goesTo[$0] >= 0 }
        let run = longestIncreasingRun(survivors.map { goesTo[$0] })
        var stable = [Bool](repeating: false, count: new.count)
        for k in run { stable[goesTo[survivors[k]]] = true }

        // Without moves, a removed child and a new child in the same gap between survivors become one `replace`.
        var replaces = [Int](repeating: -1, count: new.count)  // new child -> the old child it replaces
        var replaced = [Bool](repeating: false, count: old.count)
        if run.count == survivors.count {
            var oldGaps: [[Int]] = [[]]
            for i in old.indices {
                if goesTo[i] >= 0 { oldGaps.append([]) } else { oldGaps[oldGaps.count - 1].append(i) }
            }
            var newGaps: [[Int]] = [[]]
            for j in new.indices {
                if was[j] >= 0 { newGaps.append([]) } else { newGaps[newGaps.count - 1].append(j) }
            }
            for (removed, inserted) in zip(oldGaps, newGaps) {
                for (i, j) in zip(removed, inserted) {
                    replaces[j] = i
                    replaced[i] = true
                }
            }
        }
        // The children after removals, with replacements in place: their positions index a Fenwick tree.
        var kept = [Int](repeating: -1, count: old.count)
        var count = 0
        for (i, child) in old.enumerated() {
            if goesTo[i] >= 0 || replaced[i] {
                kept[i] = count
                count += 1
            } else {
                patches.append(.remove(id: child.lid))
            }
        }
        var position = [Int](repeating: -1, count: new.count)
        for (j, child) in new.enumerated() {
            if was[j] >= 0 {
                position[j] = kept[was[j]]
            } else if replaces[j] >= 0 {
                patches.append(.replace(id: old[replaces[j]].lid, html: html(of: child)))
                position[j] = kept[replaces[j]]
            }
        }
        // Stable survivors and replacements stay where they are; every other child is placed, right to left,
        // immediately before its successor. Its index then is: the children that stay and come before it,
        // plus the children still waiting to move that sit before the next child that stays (everything
        // placed so far is glued, in order, to that child).
        let staysPut = new.indices.map { replaces[$0] >= 0 || stable[$0] }
        var staysBefore = [Int](repeating: 0, count: new.count + 1)
        for (j, stays) in staysPut.enumerated() { staysBefore[j + 1] = staysBefore[j] + (stays ? 1 : 0) }
        var waiting = FenwickTree(count: count)
        for j in new.indices where !staysPut[j] && position[j] >= 0 { waiting.add(at: position[j], 1) }
        var nextStaying: Int?
        var j = new.count - 1
        while j >= 0 {
            if staysPut[j] {
                nextStaying = position[j]
            } else {
                let isMove = was[j] >= 0
                if isMove { waiting.add(at: position[j], -1) }
                let index = staysBefore[j] + (nextStaying.map { waiting.prefixSum(before: $0) } ?? waiting.total)
                if isMove {
                    patches.append(.move(id: new[j].lid, parent: parent, index: offset + index))
                } else {
                    patches.append(.insert(parent: parent, index: offset + index, html: html(of: new[j])))
                }
            }
            j -= 1
        }
        return was
    }

    /// Sends `node`'s element whole (its current rendering), unless it was sent whole already.
    mutating func replaceWhole(_ node: GraphNode) {
        guard let lid = node.lid, !fresh.contains(ObjectIdentifier(node)) else { return }
        let snapshot = graph.makeSnapshot(node)
        patches.append(.replace(id: lid, html: graph.html(snapshot)))
        fresh.insert(ObjectIdentifier(node))
        markFresh(snapshot)
    }

    private mutating func html(of child: SnapshotChild) -> String {
        if let own = child.own {
            markFresh(own)
            return graph.html(own)
        }
        // A node inserted here is new: its subtree has no snapshots yet, so nothing needs marking.
        return graph.node(of: child).map { graph.html(graph.makeSnapshot($0)) } ?? ""
    }

    /// Records that the element nodes inside `snapshot` were just sent whole.
    private mutating func markFresh(_ snapshot: Snapshot) {
        guard case .children(let children) = snapshot.content else { return }
        for child in children {
            if let own = child.own {
                markFresh(own)
            } else if let node = graph.node(of: child) {
                fresh.insert(ObjectIdentifier(node))
                markFresh(graph.makeSnapshot(node))
            }
        }
    }
}

/// Indexes of one longest strictly increasing subsequence of `values` (patience sorting, O(n log n)).
func longestIncreasingRun(_ values: [Int]) -> [Int] {
    guard !values.isEmpty else { return [] }
    var tails: [Int] = []  // index into values of the smallest tail of each length
    var previous = [Int](repeating: -1, count: values.count)
    for (i, value) in values.enumerated() {
        var low = 0
        var high = tails.count
        while low < high {
            let mid = (low + high) / 2
            if values[tails[mid]] < value { low = mid + 1 } else { high = mid }
        }
        if low > 0 { previous[i] = tails[low - 1] }
        if low == tails.count { tails.append(i) } else { tails[low] = i }
    }
    var result: [Int] = []
    var k = tails.last ?? -1
    while k >= 0 {
        result.append(k)
        k = previous[k]
    }
    return result.reversed()
}

/// Counts over positions with prefix sums in O(log n).
struct FenwickTree {
    private var tree: [Int]
    private(set) var total = 0

    init(count: Int) { tree = [Int](repeating: 0, count: count + 1) }

    mutating func add(at position: Int, _ delta: Int) {
        total += delta
        var i = position + 1
        while i < tree.count {
            tree[i] += delta
            i += i & -i
        }
    }

    /// The sum over positions `0..<position`.
    func prefixSum(before position: Int) -> Int {
        var sum = 0
        var i = min(position, tree.count - 1)
        while i > 0 {
            sum += tree[i]
            i -= i & -i
        }
        return sum
    }
}
