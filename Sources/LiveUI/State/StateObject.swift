/// An observable object owned by a view's identity: created once, on the identity's first evaluation,
/// and released when the identity ends. Its `objectWillChange` re-evaluates the view.
///
/// ```swift
/// struct Profile: View {
///     @StateObject private var model = ProfileModel()   // runs once per identity
///     var body: some View { Text(model.name) }
/// }
/// ```
@propertyWrapper
public struct StateObject<ObjectType: ObservableObject>: StorageLinkable, ComparableProperty, AlwaysSameProperty {
    let thunk: () -> ObjectType
    /// Where the node's copy of the view finds its object. A value kept and copied (a view in a global
    /// `let`, as the StateObject seed writes it) shares its link with every copy: the node's copy takes a
    /// link of its own before writing it, so one identity's object never reaches another's view.
    var link: Link

    final class Link {
        var object: ObjectType?
    }

    /// Creates the property; `thunk` is evaluated once per identity.
    public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) {
        self.thunk = thunk
        self.link = Link()
    }

    /// The object owned by this identity.
    public var wrappedValue: ObjectType {
        if let object = link.object { return object }
        // Outside a graph there is no identity to own the object: make one for this view value.
        let object = thunk()
        link.object = object
        return object
    }

    /// Bindings to the object's properties (`$model.name`).
    public var projectedValue: ObservedObject<ObjectType>.Wrapper { ObservedObject.Wrapper(object: wrappedValue) }

    package mutating func link(to node: GraphNode, slot: Int, name: String) -> Bool {
        if !isKnownUniquelyReferenced(&self.link) { self.link = Link() }
        let storage = StorageLinker.slot(node, slot) { () -> ObjectStorage in
            // A saved model comes back decoded: the autoclosure is not evaluated.
            let object = node.graph.restoredValue(ObjectType.self, for: node, slot: slot) ?? thunk()
            let storage = ObjectStorage(object: object)
            storage.isOwned = true
            storage.observe(object, owner: node, name: name)
            return storage
        }
        link.object = storage.object as? ObjectType
        return false
    }

    package func isSame(as other: Any) -> Bool { true }
}

/// Holds an object for a node and the subscription that invalidates the node when it changes.
final class ObjectStorage: ReleasableStorage {
    var object: AnyObject?
    /// Whether the object is the identity's own (a `@StateObject`'s, which a graph saves).
    var isOwned = false
    private var subscription: AnyCancellable?

    init(object: AnyObject? = nil) { self.object = object }

    /// Observes `object` (replacing any previous one) on behalf of `owner`.
    func observe(_ object: any ObservableObject, owner: GraphNode, name: String) {
        self.object = object
        let reference = WeakNode(owner)
        subscription = subscribeWillChange(object) { reference.invalidateFromAnyThread(name) }
    }

    func release() {
        subscription?.cancel()
        subscription = nil
        object = nil
    }
}
