import Foundation

/// A label beside a value or a control: `<div class="lui-labeled">` with
/// `<span class="lui-labeled-label">` and `<span class="lui-labeled-value">`.
nonisolated public struct LabeledContent<Label: View, Content: View>: ElementView {
    let label: Label
    let content: Content

    /// Labelled content from views.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.label = label()
        self.content = content()
    }

    package func makeContent(_ node: GraphNode) -> NodeContent {
        let spec = ElementSpec(
            "div", classes: ["lui-labeled"],
            content: .children([
                .element(suffix: "l", ElementSpec("span", classes: ["lui-labeled-label"], content: .children([.slot(0)]))),
                .element(suffix: "v", ElementSpec("span", classes: ["lui-labeled-value"], content: .children([.slot(1)]))),
            ]))
        return NodeContent(children: [(.index(0), label), (.index(1), content)], element: spec)
    }
}

extension LabeledContent where Label == Text {
    /// Content with a text title.
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        self.label = Text(title)
        self.content = content()
    }
}

extension LabeledContent where Label == Text, Content == Text {
    /// A text title beside a text value.
    public init<S1: StringProtocol, S2: StringProtocol>(_ title: S1, value: S2) {
        self.label = Text(title)
        self.content = Text(value)
    }

    /// A text title beside a value formatted with `format`.
    public init<S: StringProtocol, F: FormatStyle>(_ title: S, value: F.FormatInput, format: F)
    where F.FormatInput: Equatable, F.FormatOutput == String {
        self.label = Text(title)
        self.content = Text(value, format: format)
    }
}
