/// An on/off switch bound to a `Bool`: a `<label>` around `<input type="checkbox" role="switch">`.
///
/// `change` events carry `true`/`false`; a `click` flips the value.
nonisolated public struct Toggle<Label: View>: ElementView {
    let isOn: Binding<Bool>
    let label: Label
    let title: String?

    /// A toggle with a custom label.
    public init(isOn: Binding<Bool>, @ViewBuilder label: () -> Label) {
        self.isOn = isOn
        self.label = label()
        self.title = nil
    }

    package func makeContent(_ node: GraphNode) -> NodeContent {
        let style = node.environment.toggleStyle
        guard let look = Self.builtInLook(style) else {
            return customStyled(style ?? DefaultToggleStyle(), node: node)
        }
        var box = ElementSpec("input", content: .void)
        box.set("type", "checkbox")
        box.set("role", look.role)
        if isOn.snapshot { box.set("checked", "") }
        var spec = ElementSpec("label", classes: ["lui-toggle"])
        if let className = look.className { spec.addClass(className) }
        var parts: [SpecChild] = [.element(suffix: "c", box)]
        if let title {
            parts.append(.element(suffix: "t", ElementSpec("span", classes: ["lui-toggle-label"], content: .text(title))))
        } else {
            parts.append(.allSlots)
        }
        spec.content = .children(parts)
        if node.environment.isEnabled {
            spec.listen(.change)
            let binding = isOn
            node.on("change") { node, value in
                switch value?.lowercased() {
                case "true", "on", "1": binding.wrappedValue = true
                case "false", "off", "0": binding.wrappedValue = false
                default:
                    throw LiveError.invalidValue(target: node.lid ?? "", value: value, reason: "true or false expected")
                }
            }
            node.on("click") { _, _ in binding.wrappedValue.toggle() }
        } else {
            box.set("disabled", "")
            spec.content = .children([.element(suffix: "c", box)] + parts.dropFirst())
        }
        return title == nil ? .element(spec, child: label) : .element(spec)
    }
}

extension Toggle where Label == Text {
    /// A toggle with a text label.
    public init<S: StringProtocol>(_ title: S, isOn: Binding<Bool>) {
        self.isOn = isOn
        self.label = Text(title)
        self.title = String(title)
    }
}
