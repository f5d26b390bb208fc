/// `.animation(_:value:)`: animates the changes inside this view in the flush in which `value` changed.
nonisolated struct AnimationValueModifier<Value: Equatable>: PrimitiveModifier {
    let animation: Animation?
    let value: Value

    func makeContent(content: ModifierContent, node: GraphNode) -> NodeContent {
        let behavior = node.behavior { ChangeBehavior<Value>() }
        if let previous = behavior.last, previous != value, let animation {
            node.graph.animateNextFlush(animation, scope: node.graph.host(of: node)?.lid)
        }
        behavior.last = value
        return NodeContent(child: .index(0), content)
    }
}

/// `.animation(_:)`: animates every change inside this view after it first appeared.
nonisolated struct AnimationModifier: PrimitiveModifier {
    let animation: Animation?

    func makeContent(content: ModifierContent, node: GraphNode) -> NodeContent {
        let behavior = node.behavior { ChangeBehavior<Bool>() }
        if behavior.last != nil, let animation {
            node.graph.animateNextFlush(animation, scope: node.graph.host(of: node)?.lid)
        }
        behavior.last = true
        return NodeContent(child: .index(0), content)
    }
}

nonisolated extension View {
    /// Animates the changes inside this view with `animation` whenever `value` changes (`nil`: none).
    public consuming func animation<V: Equatable>(_ animation: Animation?, value: V) -> some View {
        modifier(AnimationValueModifier(animation: animation, value: value))
    }

    /// Animates every change inside this view with `animation`.
    @available(*, deprecated, message: "Use withAnimation or animation(_:value:) instead.")
    public consuming func animation(_ animation: Animation?) -> some View {
        modifier(AnimationModifier(animation: animation))
    }
}
