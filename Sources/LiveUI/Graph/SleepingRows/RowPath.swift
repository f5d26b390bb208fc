/// Where a node is below an ancestor (a row, or a row container) and its view type: the identity a node
/// built again at that place takes back. Compared step by step and by type: two places are one only when
/// every step is the same, whatever their hashes.
///
/// A class: the rows of a list have their state at the same places, and a sleeping list keeps one path
/// object for all of them (8 bytes a state instead of 16).
final class RowPath: Hashable {
    /// The identity steps from just below the ancestor down to the node, top-down (none when the node is
    /// the ancestor itself).
    let steps: [ChildKey]
    /// The node's view type: at the same place, another type is another identity.
    let viewType: ObjectIdentifier

    /// `node`'s place below `ancestor`: the steps of the nodes from `node` up to `ancestor`, `ancestor`'s
    /// own excluded.
    init(of node: GraphNode, below ancestor: GraphNode) {
        var steps: [ChildKey] = []
        var current: GraphNode? = node
        while let step = current, step !== ancestor {
            steps.append(step.key)
            current = step.parent
        }
        steps.reverse()
        self.steps = steps
        viewType = node.viewType
    }

    /// Whether `node` is at this place below `ancestor`, with this view type (nothing is allocated to find out).
    func matches(_ node: GraphNode, below ancestor: GraphNode) -> Bool {
        guard node.viewType == viewType else { return false }
        var index = steps.count
        var current: GraphNode? = node
        while let step = current, step !== ancestor {
            index -= 1
            guard index >= 0, steps[index] == step.key else { return false }
            current = step.parent
        }
        return index == 0
    }

    static func == (lhs: RowPath, rhs: RowPath) -> Bool {
        lhs === rhs || (lhs.viewType == rhs.viewType && lhs.steps == rhs.steps)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(viewType)
        hasher.combine(steps)
    }
}
