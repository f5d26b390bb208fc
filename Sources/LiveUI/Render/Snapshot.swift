/// An element as rendered: the unit the differ compares. Child elements of other nodes are referenced by lid.
struct Snapshot {
    var tag: String
    /// What the attributes are made of (compared without rendering them).
    var attributeParts: ElementAttributes
    var content: SnapshotContent

    /// All attributes, `data-lid` first.
    var attributes: [(name: String, value: String)] { attributeParts.rendered }
}

enum SnapshotContent {
    case void
    case text(String)
    case children([SnapshotChild])

    var kind: Int {
        switch self {
        case .void: 0
        case .text: 1
        case .children: 2
        }
    }
}

/// A child position: an internal sub-element (`own`), or the element of another node (`own == nil`).
/// Two words: another node's element is kept as its lid's number, an internal sub-element in a box with
/// its lid.
struct SnapshotChild {
    /// What tells a child apart from its siblings: another node's lid number, or a sub-element's lid.
    enum Key: Hashable {
        case node(UInt64)
        case own(String)
    }

    /// The lid number of another node's element (unused for an internal sub-element).
    private let number: UInt64
    /// Boxed: most children are other nodes' elements, and a list of them is kept per element.
    private let ownBox: OwnSnapshot?

    /// The element of the node whose lid has the number `number`.
    init(node number: UInt64) {
        self.number = number
        ownBox = nil
    }

    /// An internal sub-element, `lid` being its own lid.
    init(lid: String, own: Snapshot) {
        number = 0
        ownBox = OwnSnapshot(lid: lid, snapshot: own)
    }

    /// The internal sub-element, for one.
    var own: Snapshot? { ownBox?.snapshot }
    /// The lid number of the other node whose element this is; `nil` for an internal sub-element.
    var nodeNumber: UInt64? { ownBox == nil ? number : nil }
    /// The `data-lid` as the client sees it.
    var lid: String { ownBox?.lid ?? ElementLid.string(number) }
    /// What tells the child apart from its siblings.
    var key: Key {
        if let ownBox { .own(ownBox.lid) } else { .node(number) }
    }

    private final class OwnSnapshot {
        let lid: String
        let snapshot: Snapshot
        init(lid: String, snapshot: Snapshot) {
            self.lid = lid
            self.snapshot = snapshot
        }
    }
}

extension ViewGraph {
    /// The element `node` renders now, with its slots resolved to its children's elements.
    func makeSnapshot(_ node: GraphNode) -> Snapshot {
        // Only element nodes are snapshotted; they always have a lid and an element after expansion.
        guard let lid = node.lid, let spec = currentSpec(node) else { return Snapshot(tag: "div", attributeParts: .none, content: .void) }
        return snapshot(of: spec, lid: lid, node: node)
    }

    /// The element `node` renders now: the one waiting to be diffed, or the one the client has.
    func currentSpec(_ node: GraphNode) -> ElementSpec? {
        if node.isAffected, let pending = pendingSpecs[node] { return pending }
        return node.spec
    }

    /// The element as the client has it; `nil` when the client has not been sent it yet.
    func clientSnapshot(_ node: GraphNode) -> Snapshot? {
        guard let element = node.element, let spec = element.spec else { return nil }
        let lid = element.lid
        if let captured = element.capturedChildren, case .children = spec.content {
            return Snapshot(tag: spec.tag, attributeParts: ElementAttributes(spec, lid: lid), content: .children(captured))
        }
        // Nothing below the element changed since the client got it: the tree shows its children.
        return snapshot(of: spec, lid: lid, node: node)
    }

    /// Keeps the children of `host`'s element as the client has them, before the tree below it first
    /// changes in this flush (a later change in the same flush keeps the first list).
    func captureClientChildren(of host: GraphNode) {
        guard let element = host.element, element.capturedChildren == nil, let spec = element.spec,
            case .children(let parts) = spec.content
        else { return }
        element.capturedChildren = children(of: parts, lid: element.lid, node: host)
    }

    /// Records that the client now has `node`'s current element.
    func commitElement(_ node: GraphNode) {
        guard let element = node.element else { return }
        if let pending = pendingSpecs.removeValue(for: node) { element.spec = pending }
        element.capturedChildren = nil
    }

    /// Records that the client now has `spec` (taken out of the pending elements) as `node`'s element.
    func commit(_ spec: consuming ElementSpec, to node: GraphNode) {
        guard let element = node.element else { return }
        element.spec = spec
        element.capturedChildren = nil
    }

    func snapshot(of spec: ElementSpec, lid: String, node: GraphNode) -> Snapshot {
        let content: SnapshotContent
        switch spec.content {
        case .void: content = .void
        case .text(let text): content = .text(text)
        case .children(let parts): content = .children(children(of: parts, lid: lid, node: node))
        }
        return Snapshot(tag: spec.tag, attributeParts: ElementAttributes(spec, lid: lid), content: content)
    }

    /// The children an element with child positions `parts` has in the tree below `node` now.
    private func children(of parts: [SpecChild], lid: String, node: GraphNode) -> [SnapshotChild] {
        var children: [SnapshotChild] = []
        // Room for one element per part and child view (the usual case), allocated once and at its size.
        children.reserveCapacity(parts.reduce(0) { $0 + (isAllSlots($1) ? node.children.count : 1) })
        for part in parts {
            switch part {
            case .element(let suffix, let sub):
                children.append(SnapshotChild(lid: lid + suffix, own: snapshot(of: sub, lid: lid + suffix, node: node)))
            case .slot(let index):
                if index < node.children.count { appendElements(of: node.children[index], to: &children) }
            case .allSlots:
                for child in node.children { appendElements(of: child, to: &children) }
            }
        }
        return children
    }

    private func isAllSlots(_ part: SpecChild) -> Bool {
        if case .allSlots = part { return true }
        return false
    }

    private func appendElements(of node: GraphNode, to children: inout [SnapshotChild]) {
        forEachElementNumber(of: node) { children.append(SnapshotChild(node: $0)) }
    }

    /// Calls `body` with the lid number of each element `node` gives its parent element, in order: its
    /// own, or those of the first elements below it.
    func forEachElementNumber(of node: GraphNode, _ body: (UInt64) -> Void) {
        if let element = node.element {
            body(element.lidNumber)
        } else if node.hasSleepingRows {
            // Sleeping rows list the elements they had: the client's, which rows that wake up keep.
            sleepingRows?.forEachTopLevelNumber(of: node, body)
        } else {
            for child in node.children { forEachElementNumber(of: child, body) }
        }
    }

    /// The node whose element `child` is; `nil` for an internal sub-element. Rendered next: a sleeping
    /// row's whole list wakes for it.
    func node(of child: SnapshotChild) -> GraphNode? { child.nodeNumber.flatMap { elementNode(number: $0, wakingList: true) } }

    /// The element nodes directly below `node`'s element (through structural and composite nodes).
    func elementNodes(below node: GraphNode) -> [GraphNode] {
        var result: [GraphNode] = []
        func walk(_ n: GraphNode) {
            wakeRows(of: n)
            if n.isElement { result.append(n) } else { n.children.forEach(walk) }
        }
        node.children.forEach(walk)
        return result
    }

    // MARK: HTML

    /// The full HTML of `node`'s element and everything inside it. Rows woken to render it sleep again after.
    func html(of node: GraphNode) -> String {
        let html = html(makeSnapshot(node))
        putRowsToSleep()
        return html
    }

    /// `snapshot` as HTML, referenced child elements rendered from their nodes (rows stay as they are:
    /// awake if rendering woke them).
    func html(_ snapshot: Snapshot) -> String {
        var html = HTMLBytes(capacity: 512)
        renderHTML(snapshot, into: &html)
        return html.string
    }

    private func renderHTML(_ snapshot: Snapshot, into out: inout HTMLBytes) {
        out.append("<")
        out.append(snapshot.tag)
        snapshot.attributeParts.write(into: &out)
        out.append(">")
        switch snapshot.content {
        case .void:
            if voidElements.contains(snapshot.tag) { return }
        case .text(let text):
            out.appendText(text)
        case .children(let children):
            for child in children {
                if let own = child.own {
                    renderHTML(own, into: &out)
                } else if let node = node(of: child) {
                    renderHTML(makeSnapshot(node), into: &out)
                }
            }
        }
        out.append("</")
        out.append(snapshot.tag)
        out.append(">")
    }
}
