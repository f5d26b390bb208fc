@_spi(Reflection) import Swift

// Views are read and written in place at their fields' offsets through raw pointers (Swift has no safe API
// for a generic value's stored views short of copying each into `any View`): not measured against a safe
// form, see docs/performance.md.
/// How to compare two values of one type field by field without reflection at run time: built once per
/// type from the type's field layout, then applied to raw memory.
final class ComparisonPlan: @unchecked Sendable {
    // @unchecked: immutable after construction.
    typealias Comparator = (UnsafeRawPointer, UnsafeRawPointer) -> Bool

    enum Step {
        /// Trivial bytes: equal when the bytes are.
        case bytes(offset: Int, size: Int)
        /// An `Equatable` field.
        case equatable(offset: Int, Comparator)
        /// A class reference: equal when identical.
        case object(offset: Int)
        /// A struct or tuple compared by its own plan.
        case nested(offset: Int, ComparisonPlan)
        /// Anything else: compared through the generic (reflective) rule.
        case fallback(offset: Int, Comparator)
    }

    /// `nil` when values of the type always count as changed (they hold a closure).
    let steps: [Step]?

    private init(steps: [Step]?) { self.steps = steps }

    /// Compares the values at `a` and `b`.
    func equal(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer) -> Bool {
        guard let steps else { return false }
        for step in steps {
            switch step {
            case .bytes(let offset, let size):
                if memcmp(a + offset, b + offset, size) != 0 { return false }
            case .equatable(let offset, let compare):
                if !compare(a + offset, b + offset) { return false }
            case .object(let offset):
                if a.load(fromByteOffset: offset, as: UnsafeRawPointer?.self)
                    != b.load(fromByteOffset: offset, as: UnsafeRawPointer?.self)
                {
                    return false
                }
            case .nested(let offset, let plan):
                if !plan.equal(a + offset, b + offset) { return false }
            case .fallback(let offset, let compare):
                if !compare(a + offset, b + offset) { return false }
            }
        }
        return true
    }

    /// Whether `a` and `b`, values of one type, are the same: identical bytes are (the very same
    /// references), otherwise the type's plan decides.
    static func same<A, B>(_ a: A, _ b: B, plan: () -> ComparisonPlan) -> Bool {
        guard MemoryLayout<A>.size == MemoryLayout<B>.size else { return false }
        return withUnsafeBytes(of: a) { left in
            withUnsafeBytes(of: b) { right in
                guard let l = left.baseAddress, let r = right.baseAddress else { return true }
                return same(at: l, r, size: left.count, plan: plan)
            }
        }
    }

    /// ``same(_:_:plan:)`` for two values of one type, `size` bytes each, at `a` and `b`.
    static func same(at a: UnsafeRawPointer, _ b: UnsafeRawPointer, size: Int, plan: () -> ComparisonPlan) -> Bool {
        if memcmp(a, b, size) == 0 { return true }
        let plan = plan()
        return plan.steps != nil && plan.equal(a, b)
    }

    private static let cache = TypeCache<ComparisonPlan>()
    private static let closureBlindCache = TypeCache<ComparisonPlan>()

    /// The plan for the type of `sample`, built on first use.
    /// - Parameter ignoringClosures: skip the type's own closure fields (for a ``LateBoundActions``
    ///   view, whose handlers read them from the newest value); nested values still compare theirs.
    static func plan(for sample: Any, ignoringClosures: Bool = false) -> ComparisonPlan {
        let type = Swift.type(of: sample)
        return (ignoringClosures ? closureBlindCache : cache).value(for: type) {
            let style = Mirror(reflecting: sample).displayStyle
            // Field layouts describe structs and tuples only; enums and optionals are compared whole.
            return style == .struct || style == .tuple
                ? build(type, depth: 0, ignoringClosures: ignoringClosures)
                : ComparisonPlan(steps: [.fallback(offset: 0, fallback(for: type))])
        }
    }

    private static let modifierCache = TypeCache<ComparisonPlan>()

    /// The plan for the type of the attribute modifier `sample`: a ``LateBoundModifier``'s own closures
    /// are not compared.
    static func plan(forModifier sample: any AttributeModifier) -> ComparisonPlan {
        modifierCache.value(for: type(of: sample)) {
            plan(for: sample, ignoringClosures: sample is any LateBoundModifier)
        }
    }

    private static func build(_ type: Any.Type, depth: Int, ignoringClosures: Bool = false) -> ComparisonPlan {
        var steps: [Step] = []
        let isAggregate = _forEachField(of: type, options: []) { _, offset, fieldType, kind in
            if kind == .function {
                // A closure is unchanged only when it is the very same closure (same code, same context):
                // a body evaluated again makes new closures, so they count as changed, as in SwiftUI.
                // A late-bound view's handlers call the newest one anyway: its closures are not compared.
                if !ignoringClosures { steps.append(.bytes(offset: offset, size: size(of: fieldType))) }
            } else if let step = step(for: fieldType, kind: kind, offset: offset, depth: depth) {
                steps.append(step)
            }
            return true
        }
        if !isAggregate { return ComparisonPlan(steps: [.fallback(offset: 0, fallback(for: type))]) }
        return ComparisonPlan(steps: steps)
    }

    private static func step(for type: Any.Type, kind: _MetadataKind, offset: Int, depth: Int) -> Step? {
        // Storage wrappers decide for themselves; most never make a view "changed".
        if type is any ComparableProperty.Type {
            if type is any AlwaysSameProperty.Type { return nil }
            return .fallback(offset: offset, fallback(for: type))
        }
        if let equatable = type as? any Equatable.Type {
            if isTrivial(type) { return .bytes(offset: offset, size: size(of: type)) }
            return .equatable(offset: offset, comparator(for: equatable))
        }
        if type is AnyClass { return .object(offset: offset) }
        if isTrivial(type) { return .bytes(offset: offset, size: size(of: type)) }
        if (kind == .struct || kind == .tuple) && depth < 6 {
            let plan = build(type, depth: depth + 1)
            return .nested(offset: offset, plan)
        }
        return .fallback(offset: offset, fallback(for: type))
    }

    private static func isTrivial(_ type: Any.Type) -> Bool {
        func open<T>(_: T.Type) -> Bool { _isPOD(T.self) }
        return _openExistential(type, do: open)
    }

    private static func size(of type: Any.Type) -> Int {
        func open<T>(_: T.Type) -> Int { MemoryLayout<T>.size }
        return _openExistential(type, do: open)
    }

    /// Whether the values of type `T` at `a` and `b` have identical bytes: then they are the same value
    /// (the same references), found without copying either out (a retain and a release for each
    /// reference in them). Otherwise they are compared by meaning.
    private static func identical<T>(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _: T.Type) -> Bool {
        memcmp(a, b, MemoryLayout<T>.size) == 0
    }

    private static func comparator(for type: any Equatable.Type) -> Comparator {
        func open<T: Equatable>(_: T.Type) -> Comparator {
            { a, b in
                identical(a, b, T.self)
                    || a.assumingMemoryBound(to: T.self).pointee == b.assumingMemoryBound(to: T.self).pointee
            }
        }
        return open(type)
    }

    private static func fallback(for type: Any.Type) -> Comparator {
        func open<T>(_: T.Type) -> Comparator {
            { a, b in
                identical(a, b, T.self)
                    || ViewComparison.valuesEqual(
                        a.assumingMemoryBound(to: T.self).pointee, b.assumingMemoryBound(to: T.self).pointee, depth: 1)
            }
        }
        return _openExistential(type, do: open)
    }
}

/// Storage wrappers that never make the holding view "changed" (`@State`, `@StateObject` …).
protocol AlwaysSameProperty {}

import Foundation
