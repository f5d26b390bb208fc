@_spi(Reflection) import Swift

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
    /// Links this property to `node`'s slot number `slot`, creating the slot on the identity's first
    /// evaluation; returns whether the property's own value changed (the node then keeps the new value).
    mutating func link(to node: GraphNode, slot: Int, name: String) -> Bool
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
    /// Links every dynamic property of `node.view` and runs custom properties' `update()`; the node's
    /// handle then knows the properties' names, in declaration order (``GraphNode/linkedPropertyNames``).
    static func link(_ node: GraphNode) {
        node.failure = nil
        // Linked in place, and only when the type has dynamic properties at all: the node's value is
        // copied only if something else holds it too.
        func plan<V: View>(_: V) -> LinkPlan { LinkPlan.plan(for: V.self) }
        func apply<V: View>(_ plan: LinkPlan, to view: inout V) {
            _ = withUnsafeMutableBytes(of: &view) { bytes -> Bool in
                guard let base = bytes.baseAddress else { return false }
                var slot = 0
                return plan.apply(base, node: node, slot: &slot)
            }
        }
        let plan = plan(node.view)
        if !plan.isEmpty {
            apply(plan, to: &node.view)
            // Kept for writes to name what changed, without looking the plan up again.
            let handle = node.handle
            if handle.propertyNames.isEmpty { handle.propertyNames = plan.names }
        }
        node.readsEnvironment = plan.readsEnvironment
    }
    /// Ends the node's storage: subscriptions are cancelled and objects released.
    static func release(_ node: GraphNode) {
        guard !node.slots.isEmpty else { return }
        node.handle.endStorage()
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

// Views are read and written in place at their fields' offsets through raw pointers (Swift has no safe API
// for a generic value's stored views short of copying each into `any View`): not measured against a safe
// form, see docs/performance.md.
/// Where a view type keeps its dynamic properties: found once per type from its field layout.
final class LinkPlan: @unchecked Sendable {
    // @unchecked: immutable after construction.
    enum Step {
        case storage(offset: Int, link: (UnsafeMutableRawPointer, GraphNode, Int) -> Bool)
        case nested(offset: Int, LinkPlan, update: ((UnsafeMutableRawPointer) -> Void)?)
    }

    let steps: [Step]
    let names: [String]
    let readsEnvironment: Bool
    /// Whether some property has a custom `update()` that may change the view value.
    let hasUpdates: Bool
    var isEmpty: Bool { steps.isEmpty }

    private init(steps: [Step], names: [String], readsEnvironment: Bool, hasUpdates: Bool) {
        self.steps = steps
        self.names = names
        self.readsEnvironment = readsEnvironment
        self.hasUpdates = hasUpdates
    }

    /// Links the properties of the value at `base`; returns whether linking changed the value.
    func apply(_ base: UnsafeMutableRawPointer, node: GraphNode, slot: inout Int) -> Bool {
        var changed = false
        for step in steps {
            switch step {
            case .storage(let offset, let link):
                if link(base + offset, node, slot) { changed = true }
                slot += 1
            case .nested(let offset, let plan, let update):
                if plan.apply(base + offset, node: node, slot: &slot) { changed = true }
                update?(base + offset)
            }
        }
        return changed
    }

    private static let cache = TypeCache<LinkPlan>()

    static func plan(for type: Any.Type) -> LinkPlan {
        cache.value(for: type) { build(type, depth: 0) }
    }

    private static func build(_ type: Any.Type, depth: Int) -> LinkPlan {
        var steps: [Step] = []
        var names: [String] = []
        var readsEnvironment = false
        var hasUpdates = false
        _ = _forEachField(of: type, options: []) { name, offset, fieldType, kind in
            if let linkable = fieldType as? any StorageLinkable.Type {
                let label = String(cString: name)
                steps.append(.storage(offset: offset, link: linker(for: linkable, name: label)))
                names.append(label)
                if linkable.readsEnvironment { readsEnvironment = true }
            } else if (kind == .struct) && depth < 8
                && (fieldType is any DynamicProperty.Type || fieldType is any ViewModifier.Type
                    // An app hosted by ``AppWindow``: its properties belong to the window's node.
                    || fieldType is any App.Type)
            {
                let inner = build(fieldType, depth: depth + 1)
                let update = (fieldType as? any DynamicProperty.Type).map { updater(for: $0) }
                if !inner.isEmpty || update != nil {
                    steps.append(.nested(offset: offset, inner, update: update))
                    names += inner.names
                    readsEnvironment = readsEnvironment || inner.readsEnvironment
                    hasUpdates = true
                }
            }
            return true
        }
        return LinkPlan(steps: steps, names: names, readsEnvironment: readsEnvironment, hasUpdates: hasUpdates)
    }

    private static func linker(for type: any StorageLinkable.Type, name: String) -> (UnsafeMutableRawPointer, GraphNode, Int) -> Bool {
        func open<P: StorageLinkable>(_: P.Type) -> (UnsafeMutableRawPointer, GraphNode, Int) -> Bool {
            { pointer, node, slot in pointer.assumingMemoryBound(to: P.self).pointee.link(to: node, slot: slot, name: name) }
        }
        return open(type)
    }

    private static func updater(for type: any DynamicProperty.Type) -> (UnsafeMutableRawPointer) -> Void {
        func open<P: DynamicProperty>(_: P.Type) -> (UnsafeMutableRawPointer) -> Void {
            { pointer in pointer.assumingMemoryBound(to: P.self).pointee.update() }
        }
        return open(type)
    }
}
