/// Reads a value from the environment an ancestor set with `.environment(_:_:)`.
///
/// ```swift
/// @Environment(\.isEnabled) private var isEnabled
/// ```
@propertyWrapper
public struct Environment<Value>: StorageLinkable, ComparableProperty, AlwaysSameProperty {
    /// Where the value comes from: a key path, or an `@Observable` object stored by its type.
    private enum Source {
        case keyPath(KeyPath<EnvironmentValues, Value>)
        case object
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
        case .object:
            guard let object = environment.lookup(ObjectIdentifier(Value.self)) as? Value else {
                preconditionFailure("No object of type \(Value.self) in the environment: an ancestor must call .environment(_:)")
            }
            return object
        }
    }

    package static var readsEnvironment: Bool { true }

    package mutating func link(to node: GraphNode, slot: Int, name: String) -> Bool {
        if environment == node.environment { return false }
        environment = node.environment
        return true
    }

    package func isSame(as other: Any) -> Bool { true }
}

extension Environment where Value: AnyObject {
    /// Reads an `@Observable` object an ancestor provided with `.environment(_:)`.
    public init(_ type: Value.Type) {
        source = .object
    }
}
