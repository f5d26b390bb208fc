/// A box around related content, with an optional label: `<div role="group" class="lui-groupbox">`, the
/// label in `<div class="lui-groupbox-label">` above the content.
nonisolated public struct GroupBox<Label: View, Content: View>: ElementView {
    let label: Label?
    let content: Content

    /// A group box with a label.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.label = label()
        self.content = content()
    }

    /// A group box with a label view (the older form).
    public init(label: Label, @ViewBuilder content: () -> Content) {
        self.label = label
        self.content = content()
    }

    package func makeContent(_ node: GraphNode) -> NodeContent {
        var parts: [SpecChild] = []
        if label != nil {
            parts.append(.element(suffix: "l", ElementSpec("div", classes: ["lui-groupbox-label"], content: .children([.slot(0)]))))
        }
        parts.append(.element(suffix: "c", ElementSpec("div", classes: ["lui-groupbox-content"], content: .children([.slot(1)]))))
        var spec = ElementSpec("div", classes: ["lui-groupbox"], content: .children(parts))
        spec.set("role", "group")
        return NodeContent(children: [(.index(0), label), (.index(1), content)], element: spec)
    }
}

extension GroupBox where Label == EmptyView {
    /// A group box without a label.
    public init(@ViewBuilder content: () -> Content) {
        self.label = nil
        self.content = content()
    }
}

extension GroupBox where Label == Text {
    /// A group box with a text title.
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        self.label = Text(title)
        self.content = content()
    }
}
