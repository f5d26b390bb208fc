/// A one-line text input bound to a string: `<input type="text" data-on="input submit">`.
///
/// `input` events write the binding; `submit` (Return) runs the `onSubmit` actions around it.
nonisolated public struct TextField: ElementView {
    let title: String
    let text: Binding<String>
    let prompt: String?
    let isSecure: Bool

    /// A text field with a title (shown as placeholder and accessible label).
    public init<S: StringProtocol>(_ title: S, text: Binding<String>, prompt: Text? = nil) {
        self.title = String(title)
        self.text = text
        self.prompt = prompt?.content
        self.isSecure = false
    }

    init(secure title: String, text: Binding<String>, prompt: String?) {
        self.title = title
        self.text = text
        self.prompt = prompt
        self.isSecure = true
    }

    package func makeContent(_ node: GraphNode) -> NodeContent {
        var spec = ElementSpec("input", classes: [isSecure ? "lui-securefield" : "lui-textfield"], content: .void)
        if isSecure, let storage = text.location.storageObject {
            node.graph.secretStorages.insert(ObjectIdentifier(storage))
        }
        // One list, allocated once at its size (each field re-expands at every keystroke).
        spec.attributes = [
            ("type", isSecure ? "password" : "text"), ("aria-label", title), ("placeholder", prompt ?? title),
            ("value", isSecure ? "" : text.snapshot),
        ]
        if let label = node.environment.submitLabel { spec.set("enterkeyhint", label.enterKeyHint) }
        if node.environment.isEnabled {
            spec.listen(.input)
            spec.listen(.submit)
            let write = writingText(to: text)
            node.on("input", write)
            node.on("change", write)
            let actions = node.environment.submitActions
            node.on("submit") { _, _ in actions.forEach { $0.run() } }
        } else {
            spec.set("disabled", "")
        }
        return .element(spec)
    }
}

/// A text input whose characters are hidden: `<input type="password">`. The server never echoes its value,
/// and the inspector shows the `@State` it writes as `••••`.
nonisolated public struct SecureField: ElementView {
    let field: TextField

    /// A secure field with a title.
    public init<S: StringProtocol>(_ title: S, text: Binding<String>, prompt: Text? = nil) {
        field = TextField(secure: String(title), text: text, prompt: prompt?.content)
    }

    package func makeContent(_ node: GraphNode) -> NodeContent { field.makeContent(node) }
}

/// The handler of a text control's `input` and `change` events: the event's text goes into `binding`; an
/// event without text is refused.
func writingText(to binding: Binding<String>) -> EventHandler {
    { node, value in
        guard let value else { throw LiveError.invalidValue(target: node.lid ?? "", value: nil, reason: "text expected") }
        binding.wrappedValue = value
    }
}
