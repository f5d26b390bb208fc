/// A node's identity below a row (or a row container): the identity a node built again at that place takes
/// back. A class: the rows of a list have their state at the same places, and a sleeping list keeps one
/// path object for all of them (8 bytes a state instead of 16).
final class RowPath: Hashable {
    /// The steps from just below the ancestor down to the node (none when the node is the ancestor
    /// itself), and the node's view type.
    let identity: ViewIdentity

    /// `node`'s place below `ancestor`.
    init(of node: GraphNode, below ancestor: GraphNode) { identity = ViewIdentity(of: node, below: ancestor) }

    /// Whether `node` is at this place below `ancestor`, with this view type (nothing is allocated to find out).
    func matches(_ node: GraphNode, below ancestor: GraphNode) -> Bool { identity.matches(node, below: ancestor) }

    static func == (lhs: RowPath, rhs: RowPath) -> Bool { lhs === rhs || lhs.identity == rhs.identity }

    func hash(into hasher: inout Hasher) { hasher.combine(identity) }
}
