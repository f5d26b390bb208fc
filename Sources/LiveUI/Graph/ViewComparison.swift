import Foundation

/// Decides whether a new value differs from the old one, field by field, as SwiftUI does (views
/// compare through their type's ``ViewTypeInfo``):
/// `Equatable` fields by `==`, objects by identity, storage wrappers by their own rule, closures and
/// anything else that cannot be compared count as changed.
enum ViewComparison {
    /// Whether two lists of inherited modifiers are the same.
    static func modifiersEqual(_ a: [any AttributeModifier], _ b: [any AttributeModifier]) -> Bool {
        guard a.count == b.count else { return false }
        // The same list (the rows of a container are handed the container's own): nothing to compare.
        if a.isEmpty || sameStorage(a, b) { return true }
        for (x, y) in zip(a, b) {
            guard type(of: x) == type(of: y), modifierEqual(x, y) else { return false }
        }
        return true
    }

    /// Whether `a` and `b` are one list: the same storage.
    private static func sameStorage(_ a: [any AttributeModifier], _ b: [any AttributeModifier]) -> Bool {
        a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
    }

    /// Whether a node whose list is `old` must take `new`, an equal list: unless it is the same list, when a
    /// late-bound modifier's handlers must call the newest closures. Otherwise the node keeps its own list,
    /// which its children were handed, so that they find it the same list again and compare nothing.
    static func mustTakeEqualModifiers(_ new: [any AttributeModifier], over old: [any AttributeModifier]) -> Bool {
        !new.isEmpty && !sameStorage(new, old) && new.contains { $0 is any LateBoundModifier }
    }

    /// `a` and `b`, of one type, compared without a cast.
    private static func modifierEqual(_ a: any AttributeModifier, _ b: any AttributeModifier) -> Bool {
        func openA<A: AttributeModifier>(_ a: A) -> Bool {
            func openB<B: AttributeModifier>(_ b: B) -> Bool { ComparisonPlan.same(a, b) { ComparisonPlan.plan(forModifier: a) } }
            return openB(b)
        }
        return openA(a)
    }

    static func valuesEqual(_ a: Any, _ b: Any, depth: Int) -> Bool {
        if let property = a as? any ComparableProperty { return property.isSame(as: b) }
        if let equatable = a as? any Equatable { return equatable.isEqual(to: b) }
        if type(of: a) is AnyClass {
            return (a as AnyObject) === (b as AnyObject)
        }
        return fieldsEqual(a, b, depth: depth + 1)
    }

    private static func fieldsEqual(_ a: Any, _ b: Any, depth: Int) -> Bool {
        guard depth < 6 else { return false }
        let left = Mirror(reflecting: a)
        switch left.displayStyle {
        case .struct?, .tuple?, .optional?, .enum?, .collection?:
            break
        default:
            // Functions and other opaque values cannot be compared.
            return false
        }
        let right = Mirror(reflecting: b)
        if left.displayStyle == .enum || left.displayStyle == .optional {
            // Different cases show up as different labels or counts.
            guard left.children.count == right.children.count else { return false }
            if left.children.isEmpty { return String(describing: a) == String(describing: b) }
        }
        guard left.children.count == right.children.count else { return false }
        for (x, y) in zip(left.children, right.children) {
            guard x.label == y.label, valuesEqual(x.value, y.value, depth: depth) else { return false }
        }
        return true
    }
}

/// Views compared with `==` (`.equatable()`, `EquatableView`).
protocol EquatableViewMarker {
    func isViewEqual(to other: Any) -> Bool
}
