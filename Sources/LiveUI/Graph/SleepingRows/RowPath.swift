/// Where a node is below an ancestor (a row, or a row container) and its view type: the identity a node
/// built again at that place takes back. Compared step by step and by type: two places are one only when
/// every step is the same, whatever their hashes.
struct RowPath: Hashable {
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
}
