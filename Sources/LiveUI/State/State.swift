/// State owned by a view's identity: it lives as long as the identity, and a write re-evaluates the view.
///
/// Setting an `Equatable` value to an equal one changes nothing.
///
/// ```swift
/// struct Counter: View {
///     @State private var count = 0
///     var body: some View { Button("\(count)") { count += 1 } }
/// }
/// ```
@propertyWrapper
public struct State<Value>: StorageLinkable, ComparableProperty, AlwaysSameProperty {
    let initial: Value
    /// The identity's storage, written into the node's copy of the view when it is linked (as SwiftUI
    /// installs a `State` into its view): a new view value allocates nothing until it is evaluated.
    private var storage: StateStorage<Value>?

    /// Creates state with an initial value, used on the identity's first evaluation only.
    public init(wrappedValue: Value) {
        initial = wrappedValue
    }

    /// Creates state with an initial value, used on the identity's first evaluation only.
    public init(initialValue: Value) { self.init(wrappedValue: initialValue) }

    /// The current value.
    public var wrappedValue: Value {
        get { storage?.value ?? initial }
        nonmutating set {
            if let storage { storage.set(newValue) }
        }
    }

    /// A binding to the state, for child views that edit it.
    public var projectedValue: Binding<Value> {
        guard let storage else { return .constant(initial) }
        return Binding(location: storage)
    }

    package mutating func link(to node: GraphNode, slot: Int, name: String) -> Bool {
        linkStateStorage(&storage, initial: initial, to: node, slot: slot)
    }

    /// The initial value only matters on the identity's first evaluation, so it never makes a view "changed".
    package func isSame(as other: Any) -> Bool { true }
}

extension State where Value: ExpressibleByNilLiteral {
    /// State that starts as `nil`.
    public init() { self.init(wrappedValue: nil) }
}

/// The storage behind one `@State`: a binding location whose writes invalidate the owner.
class StateStorage<Value>: BindingLocation<Value>, ReleasableStorage {
    /// Read and written on the graph's queue, by plain gets and sets that never overlap (no access
    /// outlives the statement that makes it): Swift's run-time exclusivity check is not made (measured
    /// with ``GraphNode``'s).
    @exclusivity(unchecked) var value: Value
    /// The owner's handle (shared by everything that refers to the node from outside the graph), until the
    /// identity ends (``release()``). Not retained: the handle holds this storage, and ends it before it
    /// goes. Only read and written on the graph's queue.
    @exclusivity(unchecked) private unowned var owner: NodeHandle?
    /// The owner's graph's serial number and queue, for writes from other threads.
    private let link: GraphLink
    /// The owner's storage slot this storage fills; its property name is looked up from it when a write
    /// needs it (a word rather than a string per state).
    private let slot: Int

    required init(_ value: Value, owner: GraphNode, slot: Int) {
        self.value = value
        self.owner = owner.handle
        link = owner.graph.link
        self.slot = slot
    }

    /// The identity ended: later writes keep their value and evaluate nothing.
    func release() { owner = nil }

    /// Storage for `initial` in `owner`'s slot `slot`: one that compares writes with the value it holds
    /// when `Value` is `Equatable`.
    static func make(_ initial: Value, owner: GraphNode, slot: Int) -> StateStorage<Value> {
        guard let equatable = Value.self as? any Equatable.Type else {
            return StateStorage(initial, owner: owner, slot: slot)
        }
        func open<T: Equatable>(_: T.Type) -> StateStorage<Value> {
            // `T` is `Value`: the casts only restate what the runtime check above proved.
            let storage = EquatableStateStorage<T>(initial as! T, owner: owner, slot: slot)
            return unsafeDowncast(storage as AnyObject, to: StateStorage<Value>.self)
        }
        return open(equatable)
    }

    /// Whether `newValue` equals the value held (`false` when `Value` is not `Equatable`).
    func holds(_ newValue: Value) -> Bool { false }

    override func get() -> Value { value }

    override func set(_ newValue: Value) {
        guard ThreadContext.isRunning(graph: link.serial) else {
            // Written from another thread: apply it on the session's queue, in order.
            let transfer = UncheckedSendable((self, newValue))
            link.scheduler.enqueue { transfer.value.0.setOnQueue(transfer.value.1) }
            return
        }
        write(newValue)
    }

    /// A write from another thread, now on the session's queue: applied as `set` applies it, or only
    /// kept if the graph has ended (its queue then runs jobs without it).
    private func setOnQueue(_ newValue: Value) {
        if ThreadContext.isRunning(graph: link.serial) { write(newValue) } else { value = newValue }
    }

    /// A write on the graph's own thread.
    private func write(_ newValue: Value) {
        // The identity has ended: the value is kept, nothing is evaluated. A sleeping row wakes first.
        guard let owner, let node = owner.node ?? ThreadContext.current.graph?.node(holding: owner) else {
            value = newValue
            return
        }
        if holds(newValue) { return }
        value = newValue
        node.invalidate(owner.propertyName(slot: slot))
    }

    override var identity: AnyHashable? { ObjectIdentifier(self) }
    override var storageObject: AnyObject? { self }
}

/// Links `storage` (a `@State`'s or `@FocusState`'s) to `node`'s slot `slot`, made with `initial` on the
/// identity's first evaluation; returns whether the property changed.
///
/// A function of its own rather than a static method of `StateStorage<Value>`: calling that needs the
/// class's generic metadata, looked up at run time (about 330 instructions) in the unspecialised code that
/// links properties, on every evaluation; here only the first link, which makes the storage, needs it.
func linkStateStorage<Value>(_ storage: inout StateStorage<Value>?, initial: Value, to node: GraphNode, slot: Int) -> Bool {
    // Already linked (the node's own value evaluated again): nothing to look up or cast.
    if let storage, slot < node.slots.count, node.slots[slot] === storage { return false }
    let linked = StorageLinker.slot(node, slot) {
        StateStorage.make(node.graph.restoredValue(Value.self, for: node, slot: slot) ?? initial, owner: node, slot: slot)
    }
    if storage === linked { return false }
    storage = linked
    return true
}

/// The storage of an `Equatable` state: a write of an equal value changes nothing, compared without
/// a dynamic cast.
final class EquatableStateStorage<Value: Equatable>: StateStorage<Value> {
    override func holds(_ newValue: Value) -> Bool { value == newValue }
}

/// `a == b` when both are of the same `Equatable` type; `false` otherwise.
package func isEqualValue(_ a: Any, _ b: Any) -> Bool {
    guard let a = a as? any Equatable else { return false }
    return a.isEqual(to: b)
}

extension Equatable {
    func isEqual(to other: Any) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}
