/// A choice among tagged options, bound to a selection: `<select data-on="change">` with one `<option>` per
/// `Text(…).tag(value)` (or per `ForEach` element, whose id is its tag); with `.pickerStyle(.segmented)` or
/// `.inline`, a `role="radiogroup"` whose options are buttons (`role="radio"`) that select on `click`.
nonisolated public struct Picker<SelectionValue: Hashable, Content: View>: ElementView {
    let title: String
    let selection: Binding<SelectionValue>
    let content: Content

    /// A picker with a title (its accessible label).
    public init<S: StringProtocol>(_ title: S, selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {
        self.title = String(title)
        self.selection = selection
        self.content = content()
    }

    package func makeContent(_ node: GraphNode) -> NodeContent {
        let registry = node.behavior { PickerRegistry() }
        let presentation = node.environment.pickerPresentation
        let enabled = node.environment.isEnabled
        let context = registry.context(selection: AnyHashable(selection.snapshot), presentation: presentation, isEnabled: enabled)
        let environment = registry.optionEnvironment.derive(from: node.environment, writing: context) {
            $0.pickerContext = context
        }
        let binding = selection
        registry.choose = { tag in
            guard let value = tag.base as? SelectionValue else { return false }
            binding.wrappedValue = value
            return true
        }
        var spec: ElementSpec
        switch presentation {
        case .select:
            spec = ElementSpec("select", classes: ["lui-picker"])
            spec.set("aria-label", title)
            if enabled {
                spec.listen(.change)
                node.on("change") { node, value in
                    guard let value, let tag = registry.tags[value], registry.choose(tag) else {
                        throw LiveError.invalidValue(target: node.lid ?? "", value: value, reason: "not one of the options")
                    }
                }
            } else {
                spec.set("disabled", "")
            }
        case .segmented, .inline:
            spec = ElementSpec("div", classes: [presentation == .segmented ? "lui-segmented" : "lui-picker-inline"])
            spec.set("role", "radiogroup")
            spec.set("aria-label", title)
            if presentation == .inline {
                spec.content = .children([
                    .element(suffix: "t", ElementSpec("span", classes: ["lui-picker-title"], content: .text(title))), .allSlots,
                ])
            }
            if !enabled { spec.set("aria-disabled", "true") }
        }
        return NodeContent(child: .index(0), content, element: spec, environment: environment)
    }
}

/// The options a picker has rendered, by their `value` attribute.
final class PickerRegistry: NodeBehavior {
    var tags: [String: AnyHashable] = [:]
    /// Writes a tag to the newest selection binding; `false` when the tag is not of the selection's type.
    var choose: (AnyHashable) -> Bool = { _ in false }
    private var current: PickerContext?
    /// The environment of the options: the picker's own with the current context in it.
    var optionEnvironment = DerivedEnvironment<PickerContext>()

    /// The context for the options; a new one whenever the selection changes, so that options re-render.
    func context(selection: AnyHashable, presentation: PickerPresentation, isEnabled: Bool) -> PickerContext {
        if let current, current.selection == selection, current.presentation == presentation, current.isEnabled == isEnabled {
            return current
        }
        let context = PickerContext(selection: selection, presentation: presentation, isEnabled: isEnabled, registry: self)
        current = context
        return context
    }

    func unmount(_ node: GraphNode) {
        tags.removeAll()
        choose = { _ in false }
        optionEnvironment.reset()
    }
}

/// What an option needs to know about its picker.
final class PickerContext {
    let selection: AnyHashable
    let presentation: PickerPresentation
    let isEnabled: Bool
    unowned let registry: PickerRegistry
    init(selection: AnyHashable, presentation: PickerPresentation, isEnabled: Bool, registry: PickerRegistry) {
        self.selection = selection
        self.presentation = presentation
        self.isEnabled = isEnabled
        self.registry = registry
    }

    /// Turns an element (rendered by `node`) into the option for `tag`: an `<option>`, or a radio button
    /// that selects `tag` on `click`.
    func makeOption(_ element: inout ElementSpec, tag: AnyHashable, node: GraphNode) {
        let value = String(describing: tag.base)
        registry.tags[value] = tag
        element.classes.removeAll()
        guard presentation != .select else {
            element.tag = "option"
            element.set("value", value)
            if tag == selection { element.set("selected", "") } else { element.unset("selected") }
            return
        }
        element.tag = "button"
        element.addClass(presentation == .segmented ? "lui-segment" : "lui-picker-option")
        element.set("type", "button")
        element.set("role", "radio")
        element.set("aria-checked", tag == selection ? "true" : "false")
        guard isEnabled else {
            element.set("disabled", "")
            return
        }
        element.listen(.click)
        let registry = self.registry
        node.on("click") { node, _ in
            guard registry.choose(tag) else {
                throw LiveError.invalidValue(target: node.lid ?? "", value: value, reason: "not one of the options")
            }
        }
    }
}

/// `.tag(_:)`: the value an option stands for in a `Picker`.
nonisolated struct TagModifier: ElementModifier {
    let tag: AnyHashable
    func apply(to element: inout ElementSpec, node: GraphNode) {
        node.environment.pickerContext?.makeOption(&element, tag: tag, node: node)
    }
}

nonisolated extension View {
    /// The value this view stands for inside a `Picker`.
    public consuming func tag<V: Hashable>(_ tag: V) -> some View { modifier(TagModifier(tag: AnyHashable(tag))) }
}
