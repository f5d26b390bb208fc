/// A sendable handle on a node, for callbacks that may arrive on any thread (observation, publishers).
///
/// It holds no reference that keeps the node alive: the node clears it when its identity ends or it is
/// released, so a late callback finds nothing.
struct WeakNode: @unchecked Sendable {
    // Safe to send: `handle.node` is only read on the node's graph queue (`invalidateFromAnyThread` hops
    // there first), and `handle` itself is only written there.
    let handle: NodeHandle

    init(_ node: GraphNode) { handle = node.handle }

    var node: GraphNode? { handle.node }

    func invalidateFromAnyThread(_ reason: String) {
        if ThreadContext.isRunning(graph: handle.graphSerial) {
            handle.node?.invalidate(reason)
        } else {
            let reference = self
            handle.scheduler.enqueue { reference.node?.invalidate(reason) }
        }
    }
}

/// The node behind a ``WeakNode``; cleared when the node's identity ends.
final class NodeHandle {
    /// Only read and written on the graph's queue. Exclusivity unchecked here as in ``GraphNode`` (measured with it).
    @exclusivity(unchecked) unowned var node: GraphNode?
    /// What callbacks need of the node's graph, shared by all its handles (two words fewer per handle).
    private let link: GraphLink
    /// The node's storage slots (``GraphNode/slots``): only read and written on the graph's queue.
    @exclusivity(unchecked) var slots = ReferenceList<AnyObject>()
    /// How many times the node's body was evaluated (``GraphNode/evaluations``), on the graph's queue.
    @exclusivity(unchecked) var evaluations: Int32 = 0
    /// The number ``GraphPersistence`` gave the keys it keeps for the node's properties (0: none), which tells
    /// them apart from those of an earlier node at the same address. In the padding after ``evaluations``:
    /// no handle grows for it.
    @exclusivity(unchecked) var savedKeysSerial: UInt32 = 0
    /// The names of the node's dynamic properties by storage slot, set when they are first linked.
    @exclusivity(unchecked) var propertyNames: [String] = []

    init(_ node: GraphNode) {
        self.node = node
        self.link = node.graph.link
    }

    /// The node's graph's ``ViewGraph/serial``: whether the current thread runs that graph.
    var graphSerial: UInt64 { link.serial }
    /// Where work for the node goes from other threads.
    var scheduler: any GraphScheduler { link.scheduler }

    /// The name of the property that storage slot `slot` belongs to (`_count`), as linking returns it.
    func propertyName(slot: Int) -> String { slot < propertyNames.count ? propertyNames[slot] : "_\(slot)" }

    /// Ends the storage of the handle's identity: subscriptions are cancelled, objects released, and
    /// `@State` written later keeps its value without evaluating anything.
    func endStorage() {
        for slot in slots { (slot as? any ReleasableStorage)?.release() }
        slots.removeAll()
    }
}

/// A graph's serial number and scheduler, for handles that may outlive the graph.
final class GraphLink: Sendable {
    let serial: UInt64
    let scheduler: any GraphScheduler

    init(serial: UInt64, scheduler: any GraphScheduler) {
        self.serial = serial
        self.scheduler = scheduler
    }
}
