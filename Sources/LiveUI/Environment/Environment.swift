/// Reads a value from the environment an ancestor set with `.environment(_:_:)`.
///
/// ```swift
/// @Environment(\.isEnabled) private var isEnabled
/// ```
@propertyWrapper
public struct Environment<Value>: StorageLinkable, ComparableProperty, AlwaysSameProperty {
    let read: (EnvironmentValues) -> Value
    let link: Link

    final class Link {
        var environment = EnvironmentValues()
    }

    /// Reads the value at `keyPath`.
    public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {
        read = { $0[keyPath: keyPath] }
        link = Link()
    }

    /// The value the nearest ancestor set, or the key's default.
    public var wrappedValue: Value { read(link.environment) }

    package static var readsEnvironment: Bool { true }

    package func link(to node: GraphNode, slot: Int, name: String) -> Bool {
        link.environment = node.environment
        return false
    }

    package func isSame(as other: Any) -> Bool { true }
}

extension Environment where Value: AnyObject {
    /// Reads an `@Observable` object an ancestor provided with `.environment(_:)`.
    public init(_ type: Value.Type) {
        read = { environment in
            guard let object = environment.lookup(ObjectIdentifier(Value.self)) as? Value else {
                preconditionFailure("No object of type \(Value.self) in the environment: an ancestor must call .environment(_:)")
            }
            return object
        }
        link = Link()
    }
}
