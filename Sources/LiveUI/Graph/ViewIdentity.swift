/// A view's identity: its path from the root, one ``ChildKey`` a step, and its view's type
/// (docs/ARCHITECTURE.md, "Identity"). At the same path, a view of another type is another identity.
///
/// Made on demand from a node (``GraphNode/identity``): a node keeps only its own step, and nothing on an
/// event's way needs the whole path. Compared step by step and by type: two identities are one only when
/// every step is the same, whatever their hashes.
package struct ViewIdentity: Hashable, CustomStringConvertible {
    /// The steps from just below the node the identity is taken from (the root, unless said otherwise) down
    /// to the view, top-down; none for that node itself. The root's own step is part of no path.
    package let steps: [ChildKey]
    /// The view's type.
    package let viewType: Any.Type

    package init(steps: [ChildKey], viewType: Any.Type) {
        self.steps = steps
        self.viewType = viewType
    }

    /// `node`'s identity below `ancestor` (the steps of the nodes from `node` up to `ancestor`, `ancestor`'s
    /// own excluded), or below the root when `ancestor` is `nil`.
    init(of node: GraphNode, below ancestor: GraphNode? = nil) {
        var steps: [ChildKey] = []
        var current: GraphNode? = node
        while let step = current, step !== ancestor, step.parent != nil {
            steps.append(step.key)
            current = step.parent
        }
        steps.reverse()
        self.init(steps: steps, viewType: node.info.type)
    }

    /// Whether `node` has this identity below `ancestor` (nothing is allocated to find out).
    func matches(_ node: GraphNode, below ancestor: GraphNode) -> Bool {
        guard node.viewType == ObjectIdentifier(viewType) else { return false }
        var index = steps.count
        var current: GraphNode? = node
        while let step = current, step !== ancestor {
            index -= 1
            guard index >= 0, steps[index] == step.key else { return false }
            current = step.parent
        }
        return index == 0
    }

    /// The steps, space separated, as the inspector prints them: `.body (0) If(1) [42]`.
    package var description: String { steps.map(\.description).joined(separator: " ") }

    package static func == (lhs: ViewIdentity, rhs: ViewIdentity) -> Bool {
        ObjectIdentifier(lhs.viewType) == ObjectIdentifier(rhs.viewType) && lhs.steps == rhs.steps
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(viewType))
        hasher.combine(steps)
    }
}
