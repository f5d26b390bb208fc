/// Reads a value from the environment an ancestor set with `.environment(_:_:)`.
///
/// ```swift
/// @Environment(\.isEnabled) private var isEnabled
/// ```
///
/// An `@Observable` object read by its type (`@Environment(Model.self)`) that no ancestor provided renders
/// a visible error box in place of the view, and the problem is logged; the session goes on. Read as an
/// optional (`@Environment(Model.self) var model: Model?`), a missing object is `nil`.
@propertyWrapper
public struct Environment<Value>: StorageLinkable, ComparableProperty, AlwaysSameProperty {
    /// Where the value comes from: a key path, or an `@Observable` object stored by its type.
    private enum Source {
        case keyPath(KeyPath<EnvironmentValues, Value>)
        /// An object of the type `key` names; `missing` is the value without one (`nil` for the optional
        /// form), or `nil` when the object is required.
        case object(key: ObjectIdentifier, missing: (@Sendable () -> Value)?)
    }

    private let source: Source
    /// The node's environment, written into the node's copy of the view when it is linked: a new
    /// view value allocates nothing for its environment properties.
    private var environment = EnvironmentValues()

    /// Reads the value at `keyPath`.
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {
        source = .keyPath(keyPath)
    }

    /// The value the nearest ancestor set, or the key's default.
    public var wrappedValue: Value {
        switch source {
        case .keyPath(let keyPath):
            return environment[keyPath: keyPath]
        case .object(let key, let missing):
            if let object = environment.lookup(key) as? Value { return object }
            if let missing { return missing() }
            // Reached only when the body is evaluated anyway: `link` marked the node as failed, and a failed
            // node shows its error box instead of evaluating its body.
            preconditionFailure("No object of type \(Value.self) in the environment: an ancestor must call .environment(_:)")
        }
    }

    package static var readsEnvironment: Bool { true }

    package mutating func link(to node: GraphNode, slot: Int, name: String) -> Bool {
        if case .object(let key, nil) = source, node.environment.lookup(key) == nil {
            node.failure =
                "Missing environment object of type \(Value.self) for \(node.graph.typeName(node)): an ancestor must call .environment(_:)"
        }
        if environment == node.environment { return false }
        environment = node.environment
        return true
    }

    package func isSame(as other: Any) -> Bool { true }
}

extension Environment where Value: AnyObject {
    /// Reads an `@Observable` object an ancestor provided with `.environment(_:)`.
    public init(_ objectType: Value.Type) {
        source = .object(key: ObjectIdentifier(Value.self), missing: nil)
    }
}

extension Environment {
    /// Reads an `@Observable` object an ancestor provided with `.environment(_:)`, or `nil` when none did.
    public init<T: AnyObject>(_ objectType: T.Type) where Value == T? {
        source = .object(key: ObjectIdentifier(T.self), missing: { nil })
    }
}
