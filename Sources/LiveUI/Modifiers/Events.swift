/// `.onTapGesture`: a click on the element runs `action`; the element becomes focusable and operable by keyboard.
nonisolated struct OnTapGestureModifier: ElementModifier, LateBoundModifier {
    let count: Int
    let action: () -> Void

    func apply(to element: inout ElementSpec, node: GraphNode) {
        guard node.environment.isEnabled else { return }
        element.listen(.click)
        if element.tag != "button" && element.tag != "a" && element.tag != "input" {
            element.set("tabindex", "0")
            if !element.attributes.contains(where: { $0.name == "role" }) { element.set("role", "button") }
        }
        // The newest modifier's action: a parent's render that only made a new closure expands nothing.
        // The innermost tap modifier applies last, so it is the one whose handler stays, as here.
        node.on(SharedEventHandler.of(Self.self, "click") { { node, _ in
            node.inherited.reversed().lazy.compactMap { $0 as? OnTapGestureModifier }.first?.action()
        } })
    }
}

nonisolated extension View {
    /// Runs `action` when the view is clicked (or activated with Enter/Space).
    public consuming func onTapGesture(count: Int = 1, perform action: @escaping () -> Void) -> some View {
        modifier(OnTapGestureModifier(count: count, action: action))
    }
}
