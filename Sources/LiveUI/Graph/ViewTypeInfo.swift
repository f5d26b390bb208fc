import Foundation

// Views are read and written in place at their fields' offsets through raw pointers (Swift has no safe API
// for a generic value's stored views short of copying each into `any View`): not measured against a safe
// form, see docs/performance.md.
/// What the graph needs to know about one view type, worked out once per type and shared by every
/// node of that type in every session: no conformance lookups or dynamic casts while a graph updates.
final class ViewTypeInfo: @unchecked Sendable {
    // @unchecked: immutable after construction.
    /// The type's identity.
    let id: ObjectIdentifier
    /// The type's display name, as `String(describing:)` gives it (statistics, `_printChanges()`).
    let name: String
    /// The type itself (saved state names it: ``StateKey``).
    let type: Any.Type
    /// Whether the graph expands values of the type itself (``PrimitiveView``) or evaluates their `body`.
    let kind: GraphNode.Kind
    /// Whether values of the type render an element with a `data-lid` (``ElementView``).
    let isElement: Bool
    /// Whether the type compares with `==` (`.equatable()`, ``EquatableView``).
    let isEquatableView: Bool
    /// For a composite view: evaluates the body of the value given, inside the `track` it is handed
    /// (which must run the evaluation exactly once), then calls `use` with a pointer to the body and its
    /// layout as a block of one view keyed `.body`; the body lives until `use` returns, which returns
    /// whether it moved the body out (it is then not destroyed). `nil` for primitive views.
    let withBody: BodyEvaluator?
    /// Expands a value of the type; `nil` for composite views.
    let makeContent: ((any View, GraphNode) -> NodeContent)?
    /// For a view that is content plus a built-in attribute modifier: splits the value at a pointer into
    /// where its content is (with the content's type information) and the modifier, so that the content's
    /// node inherits the modifier instead of the graph keeping a node for the layer. Nothing but the
    /// modifier is copied.
    let unwrapAt: ((UnsafeRawPointer) -> (content: UnsafeRawPointer, info: ViewTypeInfo, modifier: any AttributeModifier))?
    /// A copy of the value of the type at a pointer.
    let read: (UnsafeRawPointer) -> any View
    /// The value of the type at a pointer, moved out (the memory is left uninitialized).
    let take: (UnsafeMutableRawPointer) -> any View
    /// For a ``TupleView``: appends the views of the value at the pointer to a list of children, keyed
    /// by their position there, so that an element's children can be the tuple's views without a node
    /// for the tuple.
    let appendTupleParts: ((UnsafeRawPointer, inout [(key: ChildKey, view: any View)]) -> Void)?
    /// For a ``BlockContentView`` or a ``TupleView``: where its block's views sit in a value, so that
    /// its node's children are read in place.
    let block: BlockLayout?
    /// Whether two values of the type are the same view (`false` when a value holds anything that
    /// cannot be compared, as SwiftUI decides; a ``LateBoundActions`` view's own closures are not compared).
    let equal: (any View, any View) -> Bool
    /// Whether the type is ``LateBoundActions``: a node keeps the newest value even when it is the same.
    let bindsActionsLate: Bool
    /// `equal` for a value of the type at a pointer against a node's value (of the type); `nil` for
    /// `.equatable()` views, which compare only through `equal`.
    let equalAt: ((UnsafeRawPointer, any View) -> Bool)?
    /// For a view that ``unwrapAt`` splits: how the value at the pointer, whose outermost layer is the
    /// node's own modifier number `layer` (from the outside in), compares from there with the view and
    /// modifiers the node keeps; when it is the same, the node's value takes the newest closures of a
    /// ``LateBoundActions`` view in place. Nothing is boxed either way; `nil` for types the graph always
    /// unwraps (a late-bound modifier's node must take the newest modifier).
    let keepsFoldedNode: ((UnsafeRawPointer, GraphNode, Int) -> FoldedMatch)?

    private init<V: View>(_ sample: V) {
        id = ObjectIdentifier(V.self)
        name = String(describing: V.self)
        type = V.self
        isElement = V.self is any ElementView.Type
        isEquatableView = V.self is any EquatableViewMarker.Type
        if let maker = V.self as? any ContentMakerProviding.Type {
            makeContent = maker.contentMaker()
        } else if let primitive = V.self as? any PrimitiveView.Type {
            makeContent = Self.maker(primitive)
        } else {
            makeContent = nil
        }
        kind = makeContent == nil ? .composite : .primitive
        withBody = makeContent == nil ? Self.bodyEvaluator(V.self) : nil
        let foldable = V.self as? any FoldableModifierProviding.Type
        unwrapAt = foldable?.pointerUnwrapper()
        read = { $0.assumingMemoryBound(to: V.self).pointee }
        take = { $0.assumingMemoryBound(to: V.self).move() }
        keepsFoldedNode = unwrapAt == nil ? nil : (sample as? any FoldableModifierProviding)?.nodeKeeper()
        let tuple = V.self as? any TuplePartsProviding.Type
        appendTupleParts = tuple?.partsAppender()
        // A tuple's views are its block too: the tuple starts where the value does.
        block = (V.self as? any BlockContentView.Type)?.blockLayout() ?? tuple.map { BlockLayout(offset: 0, parts: $0.tupleParts) }
        bindsActionsLate = V.self is any LateBoundActions.Type
        if isEquatableView {
            equal = { a, b in (a as? any EquatableViewMarker)?.isViewEqual(to: b) ?? false }
            equalAt = nil
        } else {
            let plan = ComparisonPlan.plan(for: sample, ignoringClosures: bindsActionsLate)
            equal = { a, b in Self.sameThroughPlan(plan, a, b) }
            equalAt = { a, b in
                b.withValuePointer { ComparisonPlan.same(at: a, $0, size: MemoryLayout<V>.size) { plan } }
            }
        }
    }

    typealias BodyEvaluator = (
        _ view: any View, _ track: (_ evaluate: () -> Void) -> Void, _ use: (UnsafeRawPointer, BlockLayout) -> Bool
    ) -> Void

    /// ``withBody`` for `V`: the body is evaluated into a temporary of its own type, not boxed.
    private static func bodyEvaluator<V: View>(_: V.Type) -> BodyEvaluator {
        let block = BlockLayout.single(V.Body.self, at: 0, key: .body)
        let readBody = nonisolatedBody(of: V.self)
        return { view, track, use in
            view.withAssumed(as: V.self) { value in
                withUnsafeTemporaryAllocation(of: V.Body.self, capacity: 1) { buffer in
                    guard let body = buffer.baseAddress else { return }
                    track { body.initialize(to: readBody(value)) }
                    if !use(UnsafeRawPointer(body), block) { body.deinitialize(count: 1) }
                }
            }
        }
    }

    /// Expands a value of the primitive type `P` from its existential without a cast.
    static func maker<P: PrimitiveView>(_: P.Type) -> (any View, GraphNode) -> NodeContent {
        { view, node in view.withAssumed(as: P.self) { $0.pointee.makeContent(node) } }
    }

    /// `a` and `b` (both of this type) compared through `plan`, without a cast.
    private static func sameThroughPlan(_ plan: ComparisonPlan, _ a: any View, _ b: any View) -> Bool {
        func openA<A: View>(_ a: A) -> Bool {
            func openB<B: View>(_ b: B) -> Bool { ComparisonPlan.same(a, b) { plan } }
            return openB(b)
        }
        return openA(a)
    }

    private static let cache = TypeCache<ViewTypeInfo>()

    /// The information for the dynamic type of `view`, built on first use.
    static func of(_ view: any View) -> ViewTypeInfo {
        func open<V: View>(_ sample: V) -> ViewTypeInfo { info(for: sample) }
        return open(view)
    }

    /// The information for `V`, built on first use from the value at `pointer` (which is read, and
    /// copied, only then).
    static func info<V: View>(of _: V.Type, at pointer: UnsafeRawPointer) -> ViewTypeInfo {
        cache.value(for: V.self) { ViewTypeInfo(pointer.assumingMemoryBound(to: V.self).pointee) }
    }

    /// The information for `V`, built on first use from `sample`.
    static func info<V: View>(for sample: V) -> ViewTypeInfo {
        cache.value(for: V.self) { ViewTypeInfo(sample) }
    }
}

/// Primitive views whose event handlers read the view's closures from the node's newest value when an
/// event arrives, instead of capturing them when the view expands. A new value that differs from the
/// node's only in those closures (a parent's body evaluated again makes new ones) renders the same and
/// behaves as the newest one: the node keeps it without expanding again.
protocol LateBoundActions: PrimitiveView {}

/// The same for attribute modifiers (`onTapGesture`): their handlers read the closures from the newest
/// modifier in the node's inherited list when an event arrives, so a node whose new modifiers differ
/// only in those closures keeps the new list without expanding again.
protocol LateBoundModifier: AttributeModifier {}

/// How a view inside attribute-modifier layers compares with a node that folded those layers.
enum FoldedMatch {
    /// The same modifiers and the same view, at `content`.
    case same(content: UnsafeRawPointer)
    /// The same modifiers around the view at `content`, which is of the node's type; `viewChanged`
    /// when it was compared and differs (an `.equatable()` view is not compared in place).
    case sameModifiers(content: UnsafeRawPointer, viewChanged: Bool)
    /// Other modifiers, or a view of another type.
    case different
}

/// Views that can be split into content and an attribute modifier (``ModifiedContent`` with an
/// ``ElementModifier``).
protocol FoldableModifierProviding {
    /// ``ViewTypeInfo/unwrapAt`` for this type, or `nil` when values of the type keep their own node.
    static func pointerUnwrapper() -> ((UnsafeRawPointer) -> (content: UnsafeRawPointer, info: ViewTypeInfo, modifier: any AttributeModifier))?
    /// ``ViewTypeInfo/keepsFoldedNode`` for this type, worked out from a sample value.
    func nodeKeeper() -> ((UnsafeRawPointer, GraphNode, Int) -> FoldedMatch)?
}

/// ``TupleView``: a list of views that, as an element's content, needs no node of its own.
protocol TuplePartsProviding {
    /// The views of a value of this type: where they sit in it (the tuple starts where the value does).
    static var tupleParts: TupleParts { get }
    /// Appends the views of the value of this type at the pointer to `children`, keyed by their
    /// position there.
    static func partsAppender() -> (UnsafeRawPointer, inout [(key: ChildKey, view: any View)]) -> Void
}

/// Primitive views that choose how they expand once per type (``ModifiedContent`` decides once whether
/// its modifier is built in).
protocol ContentMakerProviding {
    /// Expands a value of this type.
    static func contentMaker() -> (any View, GraphNode) -> NodeContent
}

nonisolated extension View {
    /// Runs `body` with this value seen as `T`, which must be its exact type (the caller checked it once,
    /// through the type's ``ViewTypeInfo``): no dynamic cast and no copy of the value.
    func withAssumed<T, R>(as _: T.Type, _ body: (UnsafePointer<T>) -> R) -> R {
        precondition(Self.self == T.self, "LiveUI internal error: \(Self.self) is not \(T.self)")
        return withUnsafePointer(to: self) { body(UnsafeRawPointer($0).assumingMemoryBound(to: T.self)) }
    }

    /// Replaces this value (of its dynamic type, in place when its box is not shared) with the value of
    /// the same type at `pointer`, which is moved out (left uninitialized).
    mutating func assign(movingFrom pointer: UnsafeMutableRawPointer) {
        self = pointer.assumingMemoryBound(to: Self.self).move()
    }

    /// Replaces this value (of its dynamic type, in place when its box is not shared) with the value of
    /// the same type at `pointer`.
    mutating func assign(from pointer: UnsafeRawPointer) {
        self = pointer.assumingMemoryBound(to: Self.self).pointee
    }

    /// Runs `body` with a pointer to this value (of its dynamic type, when called on `any View`).
    func withValuePointer<R>(_ body: (UnsafeRawPointer) -> R) -> R {
        withUnsafePointer(to: self) { body(UnsafeRawPointer($0)) }
    }
}
