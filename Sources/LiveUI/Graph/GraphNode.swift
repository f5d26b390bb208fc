/// One view identity in a session's graph. The graph owns nodes; nodes own the view's storage.
///
/// A node lives exactly as long as its identity (its path from the root) stays in the rendered
/// tree; its storage, its `data-lid` and its element live with it.
///
/// Only the graph's serial job touches a node, so its stored properties skip the run-time
/// exclusivity checks (`@exclusivity(unchecked)`), as do `ElementState`'s, `NodeHandle`'s and `StateStorage`'s.
package final class GraphNode {
    // make bench, unchecked exclusivity of these four types together: −7,390 instructions per counter click
    // (33 %), −6,983 per row click (27 %).

    /// How the node is expanded.
    package enum Kind {
        case composite
        case primitive
    }

    package unowned let graph: ViewGraph
    /// Unowned: a parent outlives its children's membership in the tree (it unmounts them first).
    package unowned let parent: GraphNode?
    /// The identity step below the parent.
    package let key: ChildKey
    // The flags and counters sit right after the key so that they share its padding.
    @exclusivity(unchecked) package var isMounted = true
    @exclusivity(unchecked) package var isDirty = false
    /// The node's mark in its parent's reconciliation: it was matched in the parent's latest pass when
    /// it equals the parent's ``childPass``.
    @exclusivity(unchecked) var matched = false
    @exclusivity(unchecked) var isAffected = false
    /// Whether the view reads the environment (`@Environment`, `@EnvironmentObject`).
    @exclusivity(unchecked) package var readsEnvironment = false
    /// How many of the last `inherited` modifiers are the node's own: attribute modifiers applied to
    /// its view, folded into it instead of having nodes of their own.
    @exclusivity(unchecked) var ownModifierCount: UInt8 = 0
    /// ``hasChanges``, ``hasSleepingRows`` and ``keepsSleepRecord``, in one byte: a byte more would grow
    /// every node by 16.
    @exclusivity(unchecked) private var bits: UInt8 = 0
    /// One of ``bits``.
    private subscript(bit mask: UInt8) -> Bool {
        get { bits & mask != 0 }
        set { bits = newValue ? bits | mask : bits & ~mask }
    }
    /// Whether the graph keeps change names for this node (``changes`` is not empty).
    private var hasChanges: Bool {
        get { self[bit: 1] }
        set { self[bit: 1] = newValue }
    }
    /// Whether the node's children are asleep (see ``SleepingRows``): the graph keeps what the client has of
    /// them, and rebuilds them from the node's value when something needs them.
    var hasSleepingRows: Bool {
        get { self[bit: 2] }
        set { self[bit: 2] = newValue }
    }
    /// Whether the graph keeps what the node's rows were when they last slept, for putting them back to
    /// sleep without looking at them again, until the node changes.
    var keepsSleepRecord: Bool {
        get { self[bit: 4] }
        set { self[bit: 4] = newValue }
    }
    /// Flips at each reconciliation of the node's children: a child whose ``matched`` mark equals it was
    /// matched in this pass, so that no pass has to clear its children's marks afterwards.
    var childPass: Bool {
        get { self[bit: 8] }
        set { self[bit: 8] = newValue }
    }
    /// The distance from the root (counted up the parents: only ordering a flush's nodes needs it);
    /// 0 once the identity has ended (its parent may be gone).
    package var depth: Int {
        guard isMounted else { return 0 }
        var depth = 0
        var current = parent
        while let node = current {
            depth += 1
            current = node.parent
        }
        return depth
    }
    /// How many times the body was evaluated (kept in the handle, which every evaluated body has).
    package var evaluations: Int {
        get { Int(_handle?.evaluations ?? 0) }
        set { handle.evaluations = Int32(clamping: newValue) }
    }
    /// What the graph knows about the view's type (the type never changes: a new type is a new identity).
    let info: ViewTypeInfo
    /// Calls `body` with ``info``.
    @inline(__always)
    func withInfo<R>(_ body: (ViewTypeInfo) throws -> R) rethrows -> R { try body(info) }
    /// How the node is expanded.
    package var kind: Kind { info.kind }
    /// The view's type.
    package var viewType: ObjectIdentifier { info.id }
    #if DEBUG
    /// The current view value. Debug builds check that nothing assigns it while ``withView(_:)`` reads it.
    @exclusivity(unchecked) package var view: any View {
        willSet { precondition(viewReads == 0, "LiveUI internal error: a node's view was assigned while it was read in place") }
    }
    /// How many ``withView(_:)`` reads are in progress (debug builds only).
    private var viewReads = 0
    #else
    /// The current view value.
    @exclusivity(unchecked) package var view: any View
    #endif

    /// Calls `body` with ``view`` where it is stored, without copying it out of the node (a plain read of
    /// the property does: a retain and a release of a boxed view, a copy of each reference of an inline
    /// one). The view must stay as it is until `body` returns: nothing assigns a node's view while the
    /// node is being expanded, only its parent's reconciliation does (debug builds check it).
    func withView<Result>(_ body: (any View) -> Result) -> Result {
        #if DEBUG
        // Read as a copy here: exclusive access to a property with an observer writes it back (and so
        // sets it) when the access ends.
        viewReads += 1
        defer { viewReads -= 1 }
        return body(view)
        #else
        return Self.borrow(&view, body)
        #endif
    }

    /// Whether the view at `pointer` (of the node's type) is the node's view, as the type compares a value
    /// in place; `nil` for a type that compares only whole values (`.equatable()` views). Nothing is copied.
    func viewEquals(at pointer: UnsafeRawPointer) -> Bool? {
        withInfo { info in info.equalAt.map { equalAt in withView { equalAt(pointer, $0) } } }
    }

    /// `body` on the view through exclusive access, which reads it in place.
    private static func borrow<Result>(_ view: inout any View, _ body: (any View) -> Result) -> Result {
        body(view)
    }

    /// Child nodes, in content order.
    @exclusivity(unchecked) package var children = NodeChildren()

    /// Names of storage that changed since the last evaluation (`_count`, `@dependencies`). The graph
    /// keeps them, only while there are any: between a write and the next evaluation.
    package var changes: ChangeNames {
        // A node without names costs no look-up in the graph's table (others' names may be there).
        get { hasChanges ? graph.changes[self] ?? ChangeNames() : ChangeNames() }
        set {
            guard hasChanges || !newValue.isEmpty else { return }
            hasChanges = !newValue.isEmpty
            graph.changes[self] = hasChanges ? newValue : nil
        }
    }

    /// The node's change names, moved out of the graph's table (not copied): the node has none afterwards.
    func takeChanges() -> ChangeNames {
        guard hasChanges else { return ChangeNames() }
        hasChanges = false
        return graph.changes.removeValue(for: self) ?? ChangeNames()
    }

    /// Forgets the node's change names without reading them.
    func clearChanges() {
        guard hasChanges else { return }
        hasChanges = false
        graph.changes[self] = nil
    }

    /// Attribute modifiers from above (and the node's own, last), consumed by the first element layer.
    @exclusivity(unchecked) package var inherited: [any AttributeModifier] = []
    /// The environment this node was given.
    @exclusivity(unchecked) package var environment: EnvironmentValues

    // Element nodes
    /// What an element node keeps about its element; `nil` for structural and composite nodes.
    @exclusivity(unchecked) package private(set) var element: ElementState?
    /// The `data-lid` of the element this node renders.
    package var lid: String? { element?.lid }
    /// Whether the node renders an element (and so has a lid).
    package var isElement: Bool { element != nil }
    /// The element as the client has it (a new expansion's element waits in the graph until it is diffed).
    package var spec: ElementSpec? { element?.spec }
    /// Event handlers by event type.
    package var handlers: EventHandlers { element?.handlers ?? EventHandlers() }

    /// The attribute modifiers applied to this node's own view (the end of `inherited`).
    var ownModifiers: ArraySlice<any AttributeModifier> { inherited.suffix(Int(ownModifierCount)) }

    /// Makes this node an element node whose lid has the number `lidNumber` (see ``ElementLid``).
    func becomeElement(lidNumber: UInt64) { element = ElementState(lidNumber: lidNumber) }

    // Composite nodes
    /// Storage slots of the view's dynamic properties, in declaration order (kept in the handle, which
    /// every node with storage has: the other nodes carry no word for them).
    package var slots: ReferenceList<AnyObject> {
        get { _handle?.slots ?? ReferenceList() }
        _modify { yield &handle.slots }
    }
    /// A problem that keeps the body from being evaluated (a missing environment object).
    package var failure: String? {
        get { graph.failures[self] }
        set { graph.failures[self] = newValue }
    }

    /// Lifecycle helpers attached by modifiers (tasks, onAppear …), keyed by their type. The graph keeps
    /// them for the few nodes that have any.
    package var behaviors: [ObjectIdentifier: any NodeBehavior] {
        get { graph.behaviors[self] ?? [:] }
        set { graph.behaviors[self] = newValue.isEmpty ? nil : newValue }
    }

    init(
        graph: ViewGraph, parent: GraphNode?, key: ChildKey, view: any View, info: ViewTypeInfo? = nil,
        environment: EnvironmentValues
    ) {
        self.graph = graph
        self.parent = parent
        self.key = key
        self.view = view
        self.info = info ?? ViewTypeInfo.of(view)
        self.environment = environment
    }

    /// The handle callbacks from other threads hold instead of the node itself.
    var handle: NodeHandle {
        if let existing = _handle { return existing }
        let created = NodeHandle(self)
        _handle = created
        return created
    }
    @exclusivity(unchecked) private var _handle: NodeHandle?

    /// Whether the node's handle, if it has one, can sleep with its row (see ``SleepingRows``): its dynamic
    /// properties are all `@State` (storage that refers to nothing outside its value), and nothing but the
    /// node holds the handle: no observation callback, publisher or task would look for the node.
    var handleCanSleep: Bool {
        guard let slots = _handle?.slots else { return true }
        guard slots.count == _handle?.propertyNames.count ?? 0, slots.allSatisfy({ $0 is any SleepableStorage })
        else { return false }
        return isKnownUniquelyReferenced(&_handle)
    }

    /// The names of the node's dynamic properties, once its storage is linked (none for a view without any).
    var linkedPropertyNames: [String] { _handle?.propertyNames ?? [] }

    /// ``NodeHandle/savedKeysSerial`` of the node's handle (0 without one; set only where it has one).
    var savedKeysSerial: UInt32 {
        get { _handle?.savedKeysSerial ?? 0 }
        set { _handle?.savedKeysSerial = newValue }
    }

    /// Whether the node's handle keeps storage (its view has `@State`).
    var hasStorage: Bool { !(_handle?.slots.isEmpty ?? true) }

    /// Takes the node's handle and its storage away from it, for a sleeping row to keep: the node no longer
    /// ends them when it goes.
    func detachHandle() -> NodeHandle? {
        defer { _handle = nil }
        _handle?.node = nil
        return _handle
    }

    /// Makes `handle`, kept while the node's row slept, this node's: the same identity, with its storage.
    func adopt(_ handle: NodeHandle) {
        handle.node = self
        _handle = handle
    }

    /// Gives this node, built by a waking row, the `@State` values the node there had when the row fell
    /// asleep, in new storage (nothing else held the old one), in slot order, and its evaluation count.
    func awaken(_ slots: some Collection<SleepingSlot>, evaluations: Int32) {
        let handle = self.handle
        handle.evaluations = evaluations
        for (slot, state) in slots.enumerated() {
            guard let storage = state.kind.awaken(state.value, owner: self, slot: slot) else { return }
            handle.slots.append(storage)
        }
    }

    /// Ends the handle: late callbacks find no node.
    func clearHandle() { _handle?.node = nil }

    deinit {
        // The handle may outlive the node (callbacks hold it); the storage it kept for the node may not.
        guard let handle = _handle else { return }
        handle.node = nil
        if !handle.slots.isEmpty { handle.endStorage() }
    }

    /// Registers the handler for `type` events on this node's element.
    package func on(_ type: String, _ handler: @escaping EventHandler) { element?.handlers[type] = handler }

    /// Registers a handler shared by every node of a type on this node's element (no allocation).
    func on(_ shared: SharedEventHandler) { element?.handlers.set(shared) }

    /// Returns the behavior of type `B` attached to this node, creating it on first use.
    package func behavior<B: NodeBehavior>(_ make: () -> B) -> B {
        let id = ObjectIdentifier(B.self)
        if let existing = behaviors[id] as? B { return existing }
        let created = make()
        behaviors[id] = created
        return created
    }

    /// Marks the node for re-evaluation because `reason` changed.
    package func invalidate(_ reason: String) {
        guard isMounted else { return }
        graph.invalidate(self, reason: reason)
    }

    /// The node's identity: its path from the root and its view's type, made on demand (nodes keep only
    /// their own step).
    package var identity: ViewIdentity { ViewIdentity(of: self) }
}

/// A helper a modifier attaches to a node to follow its lifecycle.
package protocol NodeBehavior: AnyObject {
    /// The node's identity ended.
    func unmount(_ node: GraphNode)
}
