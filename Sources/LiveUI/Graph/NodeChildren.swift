/// A node's child nodes, in content order. Most nodes have exactly one child (a body, a modifier's
/// content, a branch), which is kept without allocating an array.
package struct NodeChildren: RandomAccessCollection {
    // Two single-reference cases keep the whole collection one word wide; no children is an empty
    // `many`, which allocates nothing.
    private enum Storage {
        case one(GraphNode)
        case many([GraphNode])
    }

    private var storage: Storage = .many([])

    /// No children.
    package init() {}

    /// Room for `capacity` children, appended in order.
    init(capacity: Int) {
        if capacity > 1 {
            var nodes: [GraphNode] = []
            nodes.reserveCapacity(capacity)
            storage = .many(nodes)
        }
    }

    package var startIndex: Int { 0 }

    package var endIndex: Int {
        switch storage {
        case .one: 1
        case .many(let nodes): nodes.count
        }
    }

    package subscript(position: Int) -> GraphNode {
        switch storage {
        case .one(let node):
            precondition(position == 0, "LiveUI internal error: child \(position) of a node with one child")
            return node
        case .many(let nodes): return nodes[position]
        }
    }

    /// Adds `node` after the others.
    mutating func append(_ node: GraphNode) {
        switch storage {
        case .one(let first): storage = .many([first, node])
        case .many(let nodes) where nodes.capacity == 0: storage = .one(node)
        case .many(var nodes):
            storage = .many([])  // keeps `nodes` uniquely referenced while it grows
            nodes.append(node)
            storage = .many(nodes)
        }
    }

    /// Removes every child.
    mutating func removeAll() { storage = .many([]) }
}
