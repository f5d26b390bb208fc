/// An observable object the view does not own: whoever builds the view passes it in, and the view
/// re-evaluates when it changes, for as long as it holds it.
///
/// `@ObservedObject var model = Model()` creates a new object every time the parent builds the view,
/// exactly as in SwiftUI; use ``StateObject`` to own one.
@propertyWrapper
public struct ObservedObject<ObjectType: ObservableObject>: StorageLinkable, ComparableProperty {
    /// The object.
    public var wrappedValue: ObjectType

    /// Observes `wrappedValue`.
    public init(wrappedValue: ObjectType) { self.wrappedValue = wrappedValue }
    /// Observes `initialValue`.
    public init(initialValue: ObjectType) { self.init(wrappedValue: initialValue) }

    /// Bindings to the object's properties (`$model.name`).
    public var projectedValue: Wrapper { Wrapper(object: wrappedValue) }

    /// Makes bindings to an object's properties.
    @dynamicMemberLookup
    public struct Wrapper {
        let object: ObjectType
        /// A binding to `object[keyPath:]`.
        public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>) -> Binding<Subject> {
            Binding(location: ObjectKeyPathLocation(object: object, keyPath: keyPath))
        }
    }

    package func link(to node: GraphNode, slot: Int, name: String) -> Bool {
        let storage = StorageLinker.slot(node, slot) { ObjectStorage() }
        if storage.object !== wrappedValue { storage.observe(wrappedValue, owner: node, name: name) }
        return false
    }

    package func isSame(as other: Any) -> Bool {
        guard let other = other as? ObservedObject<ObjectType> else { return false }
        return other.wrappedValue === wrappedValue
    }
}

/// An observable object provided by an ancestor with `.environmentObject(_:)`.
///
/// When no ancestor provides one, the view renders a visible error box and the problem is logged;
/// the session goes on.
@propertyWrapper
public struct EnvironmentObject<ObjectType: ObservableObject>: StorageLinkable, ComparableProperty, AlwaysSameProperty {
    /// Where the node's copy of the view finds the object; taken for the node's copy alone before it is
    /// written when another copy shares it (see ``StateObject/link``).
    var link: Link

    final class Link {
        var object: ObjectType?
    }

    /// Looks the object up from the ancestors.
    public init() { link = Link() }

    /// The object an ancestor provided.
    public var wrappedValue: ObjectType {
        guard let object = link.object else {
            preconditionFailure("No ObservableObject of type \(ObjectType.self) found: an ancestor must call .environmentObject(_:)")
        }
        return object
    }

    /// Bindings to the object's properties.
    public var projectedValue: ObservedObject<ObjectType>.Wrapper { ObservedObject.Wrapper(object: wrappedValue) }

    package static var readsEnvironment: Bool { true }

    package mutating func link(to node: GraphNode, slot: Int, name: String) -> Bool {
        if !isKnownUniquelyReferenced(&self.link) { self.link = Link() }
        let storage = StorageLinker.slot(node, slot) { ObjectStorage() }
        guard let object = node.environment.lookup(ObjectIdentifier(ObjectType.self)) as? ObjectType else {
            link.object = nil
            node.failure = "Missing environment object of type \(ObjectType.self) for \(node.graph.typeName(node)): an ancestor must call .environmentObject(_:)"
            return false
        }
        link.object = object
        if storage.object !== object { storage.observe(object, owner: node, name: name) }
        return false
    }

    package func isSame(as other: Any) -> Bool { true }
}
