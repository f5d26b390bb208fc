/// `.focused(_:)` / `.focused(_:equals:)`: the element sends `focus` events (`true` on focus, `false` on
/// blur) that write the focus state, and carries `data-focused` while the state names it, which the client
/// turns into the browser's focus.
nonisolated struct FocusedModifier<Value: Hashable>: ElementModifier {
    let binding: FocusState<Value>.Binding
    /// The state's value while this element has the focus.
    let value: Value

    func apply(to element: inout ElementSpec, node: GraphNode) {
        if binding.snapshot == value { element.set("data-focused", "") }
        guard node.environment.isEnabled else { return }
        element.listen(.focus)
        let (binding, value) = (binding, value)
        node.on("focus") { node, text in
            switch text {
            case "true": binding.wrappedValue = value
            case "false": if binding.wrappedValue == value { binding.wrappedValue = binding.none }
            default: throw LiveError.invalidValue(target: node.lid ?? "", value: text, reason: "true or false expected")
            }
        }
    }
}

nonisolated extension View {
    /// Binds this control's focus to `condition`: `true` while it has the focus; setting it moves the focus.
    public consuming func focused(_ condition: FocusState<Bool>.Binding) -> some View {
        modifier(FocusedModifier(binding: condition, value: true))
    }

    /// Binds this control's focus to `binding`: `value` while it has the focus; setting `value` moves the
    /// focus here, `nil` takes it away.
    public consuming func focused<Value: Hashable>(_ binding: FocusState<Value>.Binding, equals value: Value) -> some View {
        modifier(FocusedModifier(binding: binding, value: value))
    }
}
