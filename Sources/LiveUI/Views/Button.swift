@_spi(Reflection) import Swift

/// A button: `<button type="button" data-on="click">`; a click runs `action`.
nonisolated public struct Button<Label: View>: ElementView, LateBoundActions {
    let label: Label
    let action: () -> Void
    /// Whether the label is a title (`Button("Save") {}`), rendered as the button's text rather than as
    /// a child view. The title is the label's text, not a second copy of it.
    let isTitled: Bool
    /// What the button does in its context (`.destructive`, `.cancel`), if declared.
    let role: ButtonRole?

    /// A button with a custom label.
    public init(action: @escaping () -> Void, @ViewBuilder label: () -> Label) {
        self.label = label()
        self.action = action
        self.isTitled = false
        self.role = nil
    }

    /// A button with a custom label and a role.
    public init(role: ButtonRole?, action: @escaping () -> Void, @ViewBuilder label: () -> Label) {
        self.label = label()
        self.action = action
        self.isTitled = false
        self.role = role
    }

    /// The title's text, for a titled button (whose label is a ``Text``).
    private var title: String? {
        guard isTitled, Label.self == Text.self else { return nil }
        // `Label` is `Text` (checked above); the bit cast restates it without a dynamic cast.
        return unsafeBitCast(label, to: Text.self).content  // make bench: ≈ −170 instructions per row click (0.7 %)
    }

    package func makeContent(_ node: GraphNode) -> NodeContent {
        // Shared, not built: a button without attributes of its own allocates no list.
        var spec = ButtonAttributes.element
        let title = title
        if let title { spec.content = .text(title) }
        if let role { role.apply(to: &spec) }
        if node.environment.isEnabled {
            spec.listen(.click)
            // The action of the node's newest value: a new value differing only in it is not expanded.
            node.on(SharedEventHandler.of(Self.self, "click") { Self.clickHandler })
        } else {
            spec.set("disabled", "")
        }
        if let style = node.environment.buttonStyleChoice {
            return style.content(spec, title: title, label: label, action: action, node: node)
        }
        return title == nil ? .element(spec, child: label) : .element(spec)
    }
}

extension Button {
    /// Runs the action of the node's newest value. The action is read at its offset in the value, found
    /// once per button type: a click runs no code generic over the label (no type lookups).
    private static var clickHandler: EventHandler {
        // `MemoryLayout.offset(of:)` has no answer for a stored closure: the field list has.
        var actionOffset: Int?
        _ = _forEachField(of: Self.self, options: []) { name, offset, type, _ in
            if String(cString: name) == "action", type == (() -> Void).self { actionOffset = offset }
            return actionOffset == nil
        }
        guard let offset = actionOffset else {
            return { node, _ in node.view.withAssumed(as: Self.self) { $0.pointee.action() } }
        }
        return { node, _ in
            let action = node.withView { $0.withValuePointer { $0.load(fromByteOffset: offset, as: (() -> Void).self) } }
            action()
        }
    }
}

extension Button where Label == Text {
    /// A button with a text label.
    public init<S: StringProtocol>(_ title: S, action: @escaping () -> Void) {
        self.label = Text(title)
        self.action = action
        self.isTitled = true
        self.role = nil
    }

    /// A button with a text label and a role.
    public init<S: StringProtocol>(_ title: S, role: ButtonRole?, action: @escaping () -> Void) {
        self.label = Text(title)
        self.action = action
        self.isTitled = true
        self.role = role
    }
}

/// The element every button starts from, shared by all of them (a generic type has no stored statics).
private enum ButtonAttributes {
    /// `<button type="button" class="lui-button">`, made once; an immutable value.
    static let element: ElementSpec = {
        var spec = ElementSpec("button", classes: ["lui-button"])
        spec.attributes = [("type", "button")]
        return spec
    }()
}

/// What a button does in its context: a destructive button is shown in red, a cancel button dismisses.
public struct ButtonRole: Equatable, Sendable {
    // One byte: a role must not grow every button's value.
    private let raw: UInt8

    /// A button that deletes data or otherwise cannot be undone.
    public static let destructive = ButtonRole(raw: 1)
    /// A button that cancels the current operation.
    public static let cancel = ButtonRole(raw: 2)

    private var name: String { raw == 1 ? "destructive" : "cancel" }

    /// Marks the button: a class for its look and `data-role` for scripts and tests.
    func apply(to spec: inout ElementSpec) {
        spec.addClass("lui-button-" + name)
        spec.set("data-role", name)
    }
}
