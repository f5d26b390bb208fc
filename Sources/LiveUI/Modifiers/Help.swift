/// `.help(_:)`: the element's `title` attribute, which browsers show as a tooltip.
nonisolated struct HelpModifier: ElementModifier, Equatable {
    let text: String
    func apply(to element: inout ElementSpec, node: GraphNode) { element.set("title", text) }
}

nonisolated extension View {
    /// Text that describes the view, shown as a tooltip (its `title` attribute).
    public consuming func help<S: StringProtocol>(_ text: S) -> some View { modifier(HelpModifier(text: String(text))) }

    /// Text that describes the view, shown as a tooltip (its `title` attribute).
    public consuming func help(_ text: Text) -> some View { modifier(HelpModifier(text: text.content)) }
}
