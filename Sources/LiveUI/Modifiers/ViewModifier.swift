/// A reusable change to a view, applied with `.modifier(_:)`; may hold its own `@State`.
///
/// ```swift
/// struct Card: ViewModifier {
///     func body(content: Content) -> some View {
///         content.padding().background(Color.white).cornerRadius(8)
///     }
/// }
/// ```
@preconcurrency @MainActor public protocol ViewModifier {
    /// The view the modifier produces.
    associatedtype Body: View
    /// The view being modified, as a placeholder.
    typealias Content = _ViewModifier_Content<Self>
    /// The modified view.
    @ViewBuilder func body(content: Content) -> Body
}

nonisolated extension ViewModifier where Body == Never {
    /// Built-in modifiers have no body.
    public func body(content: Content) -> Never { preconditionFailure("\(Self.self) is a primitive modifier") }
}

/// The content a ``ViewModifier`` wraps.
nonisolated public struct _ViewModifier_Content<Modifier: ViewModifier>: PrimitiveView {
    let content: any View
    package func makeContent(_ node: GraphNode) -> NodeContent { NodeContent(child: .index(0), content) }
}

/// A view with a modifier applied.
public struct ModifiedContent<Content, Modifier> {
    /// The view being modified.
    public var content: Content
    /// The modifier.
    public var modifier: Modifier

    /// Applies `modifier` to `content`.
    public init(content: Content, modifier: Modifier) {
        self.content = content
        self.modifier = modifier
    }
}

nonisolated extension ModifiedContent: View, PrimitiveView where Content: View, Modifier: ViewModifier {
    public typealias Body = Never

    package func makeContent(_ node: GraphNode) -> NodeContent {
        if let primitive = modifier as? any PrimitiveModifier {
            return primitive.makeContent(content: ModifierContent(content), node: node)
        }
        return NodeContent(child: .body, ModifierBody(modifier: modifier, content: content))
    }
}

nonisolated extension ModifiedContent: ContentMakerProviding where Content: View, Modifier: ViewModifier {
    /// Decides once per type whether the modifier is built in, instead of casting on every expansion.
    static func contentMaker() -> (any View, GraphNode) -> NodeContent {
        if let builtIn = Modifier.self as? any PrimitiveModifier.Type { return primitiveMaker(builtIn) }
        return { view, node in
            view.withAssumed(as: Self.self) { NodeContent(child: .body, ModifierBody(modifier: $0.pointee.modifier, content: $0.pointee.content)) }
        }
    }

    /// Expands through the built-in modifier `M`, which is `Modifier`.
    /// The content is read in place from the node's value (a node of this type: the graph expands it).
    private static func primitiveMaker<M: PrimitiveModifier>(_: M.Type) -> (any View, GraphNode) -> NodeContent {
        let (modifierOffset, contentOffset) = (Self.modifierOffset, Self.contentOffset)
        let block = BlockLayout.single(Content.self, at: contentOffset, key: .index(0))
        let id = ObjectIdentifier(Self.self)
        return { view, node in
            view.withAssumed(as: Self.self) { modified in
                let base = UnsafeRawPointer(modified)
                let content =
                    node.viewType == id
                    ? ModifierContent(in: block, at: base + contentOffset) : ModifierContent(modified.pointee.content)
                return (base + modifierOffset).assumingMemoryBound(to: M.self).pointee.makeContent(content: content, node: node)
            }
        }
    }

    /// Where `modifier` and `content` sit in a value (stored properties of this struct: always known).
    fileprivate static var modifierOffset: Int { MemoryLayout<Self>.offset(of: \.modifier) ?? 0 }
    fileprivate static var contentOffset: Int { MemoryLayout<Self>.offset(of: \.content) ?? 0 }
}

nonisolated extension ModifiedContent: FoldableModifierProviding where Content: View, Modifier: ViewModifier {
    /// A view with a built-in attribute modifier needs no node of its own: the graph gives its content
    /// the modifier as an inherited one, at the same identity step.
    static func pointerUnwrapper() -> ((UnsafeRawPointer) -> (content: UnsafeRawPointer, info: ViewTypeInfo, modifier: any AttributeModifier))? {
        guard let attribute = Modifier.self as? any ElementModifier.Type else { return nil }
        func unwrap<M: ElementModifier>(_: M.Type) -> (UnsafeRawPointer) -> (content: UnsafeRawPointer, info: ViewTypeInfo, modifier: any AttributeModifier) {
            let (contentOffset, modifierOffset) = (Self.contentOffset, Self.modifierOffset)
            return { pointer in
                let content = pointer + contentOffset
                return (
                    content, ViewTypeInfo.info(of: Content.self, at: content),
                    (pointer + modifierOffset).assumingMemoryBound(to: M.self).pointee
                )
            }
        }
        return unwrap(attribute)
    }

    /// Whether `kept` is a `Modifier` equal to the one at `pointer`.
    private static func isModifier<Kept: AttributeModifier>(
        _ kept: Kept, sameAs pointer: UnsafeRawPointer, plan: ComparisonPlan
    ) -> Bool {
        guard Kept.self == Modifier.self else { return false }
        return withUnsafePointer(to: kept) {
            ComparisonPlan.same(at: pointer, UnsafeRawPointer($0), size: MemoryLayout<Modifier>.size) { plan }
        }
    }

    func nodeKeeper() -> ((UnsafeRawPointer, GraphNode, Int) -> FoldedMatch)? {
        // Only attribute layers are folded; a late-bound modifier's node must take the newest one.
        guard let sample = modifier as? any ElementModifier, !(sample is any LateBoundModifier) else { return nil }
        let (contentOffset, modifierOffset) = (Self.contentOffset, Self.modifierOffset)
        let modifierPlan = ComparisonPlan.plan(forModifier: sample)
        // `nil` when the content is not itself a folded layer: it is then the node's view.
        let inner = ViewTypeInfo.info(for: content).keepsFoldedNode
        let contentID = ObjectIdentifier(Content.self)
        return { pointer, node, layer in
            let own = Int(node.ownModifierCount)
            guard layer < own else { return .different }
            let kept = node.inherited[node.inherited.count - own + layer]
            guard Self.isModifier(kept, sameAs: pointer + modifierOffset, plan: modifierPlan) else { return .different }
            let content = pointer + contentOffset
            if let inner { return inner(content, node, layer + 1) }
            // The innermost layer: its content must be the node's view, compared as the graph compares it.
            guard layer + 1 == own, node.viewType == contentID else { return .different }
            guard let same = node.viewEquals(at: content) else { return .sameModifiers(content: content, viewChanged: false) }
            guard same else { return .sameModifiers(content: content, viewChanged: true) }
            if node.info.bindsActionsLate { node.view.assign(from: content) }
            return .same(content: content)
        }
    }
}

nonisolated extension ModifiedContent: ElementView where Content: View, Modifier: ViewModifier & WrapperModifier {}

/// The evaluation of a user-defined modifier: a composite node whose storage is the modifier's.
nonisolated struct ModifierBody<Modifier: ViewModifier>: View {
    let modifier: Modifier
    let content: any View
    var body: Modifier.Body { onMainActor((modifier, content)) { $0.0.body(content: _ViewModifier_Content(content: $0.1)) } }
}

/// Built-in modifiers, which the graph expands itself.
package protocol PrimitiveModifier: ViewModifier where Body == Never {
    nonisolated func makeContent(content: ModifierContent, node: GraphNode) -> NodeContent
}

/// Built-in modifiers that render a wrapping element of their own (backgrounds, overlays).
package protocol WrapperModifier: PrimitiveModifier {}

/// Built-in modifiers that change the attributes of the elements below them.
package protocol ElementModifier: PrimitiveModifier, AttributeModifier {}

nonisolated extension ElementModifier {
    package func makeContent(content: ModifierContent, node: GraphNode) -> NodeContent {
        NodeContent(child: .index(0), content, modifier: self)
    }
}

nonisolated extension View {
    /// Applies `modifier` to this view.
    public consuming func modifier<M: ViewModifier>(_ modifier: M) -> ModifiedContent<Self, M> {
        ModifiedContent(content: self, modifier: modifier)
    }
}
