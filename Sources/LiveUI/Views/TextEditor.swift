/// A multi-line text input bound to a string: `<textarea data-on="input">`.
///
/// `input` events write the binding. The text is the element's content (what the browser shows on first
/// load) and its `value` attribute (what the client writes into the field after a patch, never while the
/// user is typing in it).
nonisolated public struct TextEditor: ElementView {
    let text: Binding<String>

    /// An editor of `text`.
    public init(text: Binding<String>) { self.text = text }

    package func makeContent(_ node: GraphNode) -> NodeContent {
        let value = text.snapshot
        var spec = ElementSpec("textarea", classes: ["lui-texteditor"], content: .text(value))
        spec.attributes = [("value", value)]
        if let label = node.environment.submitLabel { spec.set("enterkeyhint", label.enterKeyHint) }
        if node.environment.isEnabled {
            spec.listen(.input)
            let write = writingText(to: text)
            node.on("input", write)
            node.on("change", write)
        } else {
            spec.set("disabled", "")
        }
        return .element(spec)
    }
}
