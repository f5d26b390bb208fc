/// The look of every toggle below `.toggleStyle(_:)`, as SwiftUI's `ToggleStyle`.
///
/// ```swift
/// struct CheckStyle: ToggleStyle {
///     func makeBody(configuration: Configuration) -> some View {
///         Button { configuration.isOn.toggle() } label: {
///             Label { configuration.label } icon: { Image(systemName: configuration.isOn ? "checkmark.circle" : "circle") }
///         }
///     }
/// }
/// ```
public protocol ToggleStyle {
    /// The view the style makes.
    associatedtype Body: View
    /// The toggle, made from `configuration.label` and `configuration.$isOn`.
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
    /// What the style is given.
    typealias Configuration = ToggleStyleConfiguration
}

/// What a ``ToggleStyle`` is given: the toggle's label and its state.
public struct ToggleStyleConfiguration {
    /// The toggle's label, as a view.
    public typealias Label = _StyleContent
    /// The toggle's label.
    public let label: Label
    /// Whether the toggle is on; writing it turns the toggle on or off.
    @Binding public var isOn: Bool
    /// Whether the toggle stands for several values that differ (never, for a toggle over one binding).
    public var isMixed: Bool = false
}

/// A built-in toggle look: a CSS class on the toggle's element.
public protocol _BuiltInToggleStyle: ToggleStyle {}

extension _BuiltInToggleStyle {
    /// A toggle with this look, for a style that builds on it.
    public func makeBody(configuration: Configuration) -> some View {
        Toggle(isOn: configuration.$isOn) { configuration.label }.toggleStyle(self)
    }
}

/// The platform's look: a switch.
public struct DefaultToggleStyle: _BuiltInToggleStyle {
    /// The default style.
    public init() {}
}
/// A switch, as SwiftUI's `.switch`.
public struct SwitchToggleStyle: _BuiltInToggleStyle {
    /// The switch style.
    public init() {}
}
/// A button that stays pressed while on, as SwiftUI's `.button`.
public struct ButtonToggleStyle: _BuiltInToggleStyle {
    /// The button style.
    public init() {}
}
/// A check box, as SwiftUI's `.checkbox` (macOS).
public struct CheckboxToggleStyle: _BuiltInToggleStyle {
    /// The check box style.
    public init() {}
}

nonisolated extension ToggleStyle where Self == DefaultToggleStyle {
    /// The platform's look.
    public static var automatic: DefaultToggleStyle { DefaultToggleStyle() }
}
nonisolated extension ToggleStyle where Self == SwitchToggleStyle {
    /// A switch.
    public static var `switch`: SwitchToggleStyle { SwitchToggleStyle() }
}
nonisolated extension ToggleStyle where Self == ButtonToggleStyle {
    /// A button that stays pressed while on.
    public static var button: ButtonToggleStyle { ButtonToggleStyle() }
}
nonisolated extension ToggleStyle where Self == CheckboxToggleStyle {
    /// A check box.
    public static var checkbox: CheckboxToggleStyle { CheckboxToggleStyle() }
}

private struct ToggleStyleKey: EnvironmentKey { static var defaultValue: (any ToggleStyle)? { nil } }

extension EnvironmentValues {
    /// The style of the toggles below; `nil` for the default look.
    var toggleStyle: (any ToggleStyle)? {
        get { self[ToggleStyleKey.self] }
        set { self[ToggleStyleKey.self] = newValue }
    }
}

nonisolated extension View {
    /// Draws the toggles below with `style`.
    public consuming func toggleStyle<S: ToggleStyle>(_ style: S) -> some View {
        modifier(EnvironmentWritingModifier(key: AnyHashable(ObjectIdentifier(ToggleStyleKey.self)), value: style) {
            $0.toggleStyle = S.self == DefaultToggleStyle.self || S.self == SwitchToggleStyle.self ? nil : style
        })
    }
}

extension Toggle {
    /// The built-in look of the environment's style (its CSS class and the input's role), or `nil` when a
    /// custom style draws the toggle.
    static func builtInLook(_ style: (any ToggleStyle)?) -> (className: String?, role: String)? {
        switch style {
        case nil: return (nil, "switch")
        case is ButtonToggleStyle: return ("lui-toggle-button", "switch")
        case is CheckboxToggleStyle: return ("lui-toggle-checkbox", "checkbox")
        default: return nil
        }
    }

    /// The toggle drawn by a custom style: a wrapper around the style's body, which gets the label and the binding.
    func customStyled(_ style: any ToggleStyle, node: GraphNode) -> NodeContent {
        let label: any View = title.map { Text($0) } ?? self.label
        let configuration = ToggleStyleConfiguration(label: .init(content: label), isOn: isOn)
        return styleBodyContent(
            Self.body(of: style, configuration), wrapper: ElementSpec("div", classes: ["lui-toggle-styled"]), node: node,
            key: ObjectIdentifier(ToggleStyleKey.self)
        ) { $0.toggleStyle = nil }
    }

    private static func body(of style: some ToggleStyle, _ configuration: ToggleStyleConfiguration) -> any View {
        style.makeBody(configuration: configuration)
    }
}
