/// A stored property of a view that the graph links to the view's identity before each `body`.
///
/// Conform your own structs to group several wrappers (`@State`, `@StateObject` …) into one reusable
/// property; `update()` runs after linking and before `body`.
public protocol DynamicProperty {
    /// Called before each evaluation of the owning view's body.
    mutating func update()
}

extension DynamicProperty {
    public mutating func update() {}
}

/// A dynamic property backed by a storage slot of the owning node.
package protocol StorageLinkable: DynamicProperty {
    /// Links this property to `node`'s slot number `slot`, creating the slot on the identity's first evaluation.
    func link(to node: GraphNode, slot: Int, name: String)
    /// Whether the property reads the environment.
    static var readsEnvironment: Bool { get }
}

extension StorageLinkable {
    package static var readsEnvironment: Bool { false }
}

/// A dynamic property that takes part in field-by-field view comparison in its own way.
package protocol ComparableProperty {
    /// Whether two values of the property leave the view unchanged.
    func isSame(as other: Any) -> Bool
}

/// Storage that must be told when its identity ends (subscriptions, objects).
package protocol ReleasableStorage: AnyObject {
    func release()
}

/// Links a view value's dynamic properties to its node, found by reflection and cached per type.
enum StorageLinker {
    /// Links every dynamic property of `node.view` and returns their names, in declaration order.
    static func link(_ node: GraphNode) -> [String] {
        var names: [String] = []
        var slot = 0
        var readsEnvironment = false
        node.failure = nil
        linkProperties(of: node.view, node: node, slot: &slot, names: &names, readsEnvironment: &readsEnvironment)
        node.readsEnvironment = readsEnvironment
        return names
    }

    private static func linkProperties(
        of value: Any, node: GraphNode, slot: inout Int, names: inout [String], readsEnvironment: inout Bool
    ) {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .struct || mirror.displayStyle == .class else { return }
        for child in mirror.children {
            if let linkable = child.value as? any StorageLinkable {
                let name = child.label ?? "_\(slot)"
                linkable.link(to: node, slot: slot, name: name)
                if type(of: linkable).readsEnvironment { readsEnvironment = true }
                names.append(name)
                slot += 1
            } else if child.value is any DynamicProperty || child.value is any ViewModifier {
                linkProperties(of: child.value, node: node, slot: &slot, names: &names, readsEnvironment: &readsEnvironment)
            }
        }
    }

    /// Ends the node's storage: subscriptions are cancelled and objects released.
    static func release(_ node: GraphNode) {
        for slot in node.slots {
            (slot as? any ReleasableStorage)?.release()
        }
        node.slots.removeAll()
    }

    /// The storage in `slot`, created by `make` on the identity's first evaluation.
    static func slot<S: AnyObject>(_ node: GraphNode, _ index: Int, make: () -> S) -> S {
        if index < node.slots.count, let existing = node.slots[index] as? S { return existing }
        let created = make()
        if index < node.slots.count {
            node.slots[index] = created
        } else {
            while node.slots.count < index { node.slots.append(Placeholder.shared) }
            node.slots.append(created)
        }
        return created
    }

    private final class Placeholder: Sendable {
        static let shared = Placeholder()
    }
}
