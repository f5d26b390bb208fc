/// A control that shows a list of actions when activated: a `<details class="lui-menu">` whose `<summary>`
/// is the label and whose content is the actions (usually `Button`s, `Divider`s, `Section`s).
///
/// The disclosure is the browser's own, so opening and closing costs the server nothing; the client closes
/// the menu after an action runs, on Escape and on a click outside it, as a SwiftUI menu closes.
nonisolated public struct Menu<Label: View, Content: View>: ElementView {
    let label: Label
    let title: String?
    let content: Content
    let primaryAction: (() -> Void)?

    /// A menu with a custom label.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.label = label()
        self.title = nil
        self.content = content()
        self.primaryAction = nil
    }

    /// A menu with a custom label. The label's own action is the menu's disclosure on the web:
    /// `primaryAction` runs from the menu's first item, named after the label.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label, primaryAction: @escaping () -> Void) {
        self.label = label()
        self.title = nil
        self.content = content()
        self.primaryAction = primaryAction
    }

    package func makeContent(_ node: GraphNode) -> NodeContent {
        let summaryContent: ElementContent = title.map { .text($0) } ?? .children([.slot(0)])
        var items = ElementSpec("div", classes: ["lui-menu-items"], content: .children([.slot(1)]))
        items.set("role", "group")
        let summary = ElementSpec("summary", classes: ["lui-menu-label"], content: summaryContent)
        var spec = ElementSpec("details", classes: ["lui-menu"])
        spec.content = .children([.element(suffix: "s", summary), .element(suffix: "m", items)])
        if !node.environment.isEnabled { spec.set("aria-disabled", "true") }
        var menuContent: any View = content
        if let primaryAction {
            menuContent = Group {
                Button(action: primaryAction) { label }
                content
            }
        }
        return NodeContent(children: [(.index(0), title == nil ? label : EmptyView()), (.index(1), menuContent)], element: spec)
    }
}

extension Menu where Label == Text {
    /// A menu with a text title.
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        self.label = Text(title)
        self.title = String(title)
        self.content = content()
        self.primaryAction = nil
    }

    /// A menu with a text title and a primary action (the menu's first item on the web).
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content, primaryAction: @escaping () -> Void) {
        self.label = Text(title)
        self.title = String(title)
        self.content = content()
        self.primaryAction = primaryAction
    }
}

extension Menu where Label == LiveUI.Label<Text, Image> {
    /// A menu with a text title and a symbol.
    public init<S: StringProtocol>(_ title: S, systemImage: String, @ViewBuilder content: () -> Content) {
        self.label = LiveUI.Label(title, systemImage: systemImage)
        self.title = nil
        self.content = content()
        self.primaryAction = nil
    }
}
