/// A view that shows or hides its content behind a disclosure control: a `<button aria-expanded>` with the
/// label, and the content below it while expanded.
///
/// Without `isExpanded:` the group keeps its own expansion state for as long as its identity lives, as
/// SwiftUI's does. The content is built only while expanded: its views appear on expansion and disappear
/// on collapse (their state ends with them).
nonisolated public struct DisclosureGroup<Label: View, Content: View>: View {
    @State private var expandedHere = false
    let isExpanded: Binding<Bool>?
    let label: Label
    let content: () -> Content

    /// A disclosure group with a custom label that keeps its own expansion state.
    public init(@ViewBuilder content: @escaping () -> Content, @ViewBuilder label: () -> Label) {
        self.isExpanded = nil
        self.label = label()
        self.content = content
    }

    /// A disclosure group with a custom label, expanded while `isExpanded` is true.
    public init(isExpanded: Binding<Bool>, @ViewBuilder content: @escaping () -> Content, @ViewBuilder label: () -> Label) {
        self.isExpanded = isExpanded
        self.label = label()
        self.content = content
    }

    public var body: some View {
        let binding = isExpanded ?? $expandedHere
        DisclosureElement(isExpanded: binding, label: label, content: binding.wrappedValue ? content() : nil)
    }
}

extension DisclosureGroup where Label == Text {
    /// A disclosure group with a text label that keeps its own expansion state.
    public init<S: StringProtocol>(_ label: S, @ViewBuilder content: @escaping () -> Content) {
        self.isExpanded = nil
        self.label = Text(label)
        self.content = content
    }

    /// A disclosure group with a text label, expanded while `isExpanded` is true.
    public init<S: StringProtocol>(_ label: S, isExpanded: Binding<Bool>, @ViewBuilder content: @escaping () -> Content) {
        self.isExpanded = isExpanded
        self.label = Text(label)
        self.content = content
    }
}

/// The group's element: `<div class="lui-disclosure">`, its toggle button (a `click` flips the expansion)
/// and, while expanded, `<div class="lui-disclosure-content">` with the content.
nonisolated struct DisclosureElement<Label: View, Content: View>: ElementView {
    let isExpanded: Binding<Bool>
    let label: Label
    let content: Content?

    func makeContent(_ node: GraphNode) -> NodeContent {
        let expanded = content != nil
        var toggle = ElementSpec("button", classes: ["lui-disclosure-toggle"], content: .children([.slot(0)]))
        toggle.attributes = [("type", "button"), ("aria-expanded", expanded ? "true" : "false")]
        if node.environment.isEnabled {
            toggle.listen(.click)
            let binding = isExpanded
            node.on("click") { _, _ in binding.wrappedValue.toggle() }
        } else {
            toggle.set("disabled", "")
        }
        var parts: [SpecChild] = [.element(suffix: "b", toggle)]
        if expanded {
            var region = ElementSpec("div", classes: ["lui-disclosure-content"], content: .children([.slot(1)]))
            region.set("role", "group")
            parts.append(.element(suffix: "c", region))
        }
        let spec = ElementSpec("div", classes: ["lui-disclosure"], content: .children(parts))
        if let content { return NodeContent(children: [(.index(0), label), (.index(1), content)], element: spec) }
        return NodeContent(children: [(.index(0), label)], element: spec)
    }
}
