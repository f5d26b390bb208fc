/// A choice among tagged options, bound to a selection: `<select data-on="change">` with one `<option>` per
/// `Text(…).tag(value)` (or per `ForEach` element, whose id is its tag).
public struct Picker<SelectionValue: Hashable, Content: View>: ElementView {
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
        var spec = ElementSpec("select", classes: ["lui-picker"])
        spec.set("aria-label", title)
        let context = registry.context(selection: AnyHashable(selection.snapshot))
        let environment = registry.optionEnvironment.derive(from: node.environment, writing: context) {
            $0.pickerContext = context
        }
        if node.environment.isEnabled {
            spec.listen(.change)
            let binding = selection
            node.on("change") { node, value in
                guard let value, let tag = registry.tags[value]?.base as? SelectionValue else {
                    throw LiveError.invalidValue(target: node.lid ?? "", value: value, reason: "not one of the options")
                }
                binding.wrappedValue = tag
            }
        } else {
            spec.set("disabled", "")
        }
        return NodeContent(child: .index(0), content, element: spec, environment: environment)
    }
}

/// The options a picker has rendered, by their `value` attribute.
final class PickerRegistry: NodeBehavior {
    var tags: [String: AnyHashable] = [:]
    private var current: PickerContext?
    /// The environment of the options: the picker's own with the current context in it.
    var optionEnvironment = DerivedEnvironment<PickerContext>()

    /// The context for the options; a new one whenever the selection changes, so that options re-render.
    func context(selection: AnyHashable) -> PickerContext {
        if let current, current.selection == selection { return current }
        let context = PickerContext(selection: selection, registry: self)
        current = context
        return context
    }

    func unmount(_ node: GraphNode) {
        tags.removeAll()
        optionEnvironment.reset()
    }
}

/// What an option needs to know about its picker.
final class PickerContext {
    let selection: AnyHashable
    unowned let registry: PickerRegistry
    init(selection: AnyHashable, registry: PickerRegistry) {
        self.selection = selection
        self.registry = registry
    }

    /// Turns an element into the option for `tag`.
    func makeOption(_ element: inout ElementSpec, tag: AnyHashable) {
        let value = String(describing: tag.base)
        registry.tags[value] = tag
        element.tag = "option"
        element.classes.removeAll()
        element.set("value", value)
        if tag == selection { element.set("selected", "") } else { element.unset("selected") }
    }
}

/// `.tag(_:)`: the value an option stands for in a `Picker`.
struct TagModifier: ElementModifier {
    let tag: AnyHashable
    func apply(to element: inout ElementSpec, node: GraphNode) {
        node.environment.pickerContext?.makeOption(&element, tag: tag)
    }
}

extension View {
    /// The value this view stands for inside a `Picker`.
    public consuming func tag<V: Hashable>(_ tag: V) -> some View { modifier(TagModifier(tag: AnyHashable(tag))) }
}
