/// Storage that lives as long as the view's identity, like ``State``, but whose writes never re-evaluate anything.
///
/// `$value.binding` writes without invalidating; `$value.publisher` emits on every write (equal values
/// included), for use with `onReceive`.
///
/// ```swift
/// @ViewStorage private var offset: CGPoint = .zero
/// @State private var isBarHidden = false
/// var body: some View {
///     MyScrollView(contentOffset: $offset.binding)
///         .navigationBarHidden(isBarHidden)
///         .onReceive($offset.publisher) { isBarHidden = $0.y > 100 }
/// }
/// ```
@propertyWrapper
public struct ViewStorage<Value>: StorageLinkable, ComparableProperty, AlwaysSameProperty {
    /// Where the node's copy of the view finds its storage; taken for the node's copy alone before it is
    /// written when another copy shares it (see ``StateObject/link``).
    var link: Link

    final class Link {
        var storage: ViewStorageBox<Value>
        init(_ storage: ViewStorageBox<Value>) { self.storage = storage }
    }

    /// Creates the storage with an initial value, used on the identity's first evaluation only.
    public init(wrappedValue: Value) { link = Link(ViewStorageBox(wrappedValue)) }

    /// The stored value; writing it re-renders nothing.
    public var wrappedValue: Value {
        get { link.storage.value }
        nonmutating set { link.storage.set(newValue) }
    }

    /// The storage itself, for `$value.binding` and `$value.publisher`.
    public var projectedValue: ViewStorage<Value> { self }

    /// A binding that writes the storage without invalidating any view.
    public var binding: Binding<Value> { Binding(location: link.storage) }

    /// Emits every written value, equal ones included.
    public var publisher: AnyPublisher<Value, Never> {
        let subject = link.storage.subject
        return AnyPublisher(identity: ObjectIdentifier(subject)) { completion, value in
            subject.subscribe(receiveCompletion: completion, receiveValue: value)
        }
    }

    package mutating func link(to node: GraphNode, slot: Int, name: String) -> Bool {
        // A value kept and copied (a view in a global `let`) shares its initial box with every copy: an
        // identity then starts from a box of its own, holding the initial value.
        let shared = !isKnownUniquelyReferenced(&self.link)
        if shared { self.link = Link(self.link.storage) }
        let initial = link.storage
        link.storage = StorageLinker.slot(node, slot) {
            let box = shared ? ViewStorageBox(initial.value) : initial
            if node.graph.persistence != nil { node.graph.track(box, of: node, slot: slot) }
            return box
        }
        return false
    }

    package func isSame(as other: Any) -> Bool { true }
}

/// The storage behind one `@ViewStorage`.
final class ViewStorageBox<Value>: BindingLocation<Value>, ReleasableStorage {
    var value: Value
    let subject = PassthroughSubject<Value, Never>()
    /// The owner's handle when the graph saves state: a write notes the owner as changed. Not retained
    /// (the handle holds this storage); cleared when the identity ends (``release()``).
    unowned var owner: NodeHandle?

    init(_ value: Value) { self.value = value }

    override func get() -> Value { value }
    override func set(_ newValue: Value) {
        value = newValue
        if let owner, ThreadContext.isRunning(graph: owner.graphSerial), let node = owner.node {
            node.graph.persistence?.touch(node)
        }
        subject.send(newValue)
    }

    func release() { owner = nil }
    override var identity: AnyHashable? { ObjectIdentifier(self) }
    override var storageObject: AnyObject? { self }
    // Writes never re-render, so a new value must not make the binding's holder re-render either.
    override var comparesValue: Bool { false }
}
