/// The look of every button below `.buttonStyle(_:)`, drawn around the button's own label, as SwiftUI's
/// `ButtonStyle`. The button keeps its `<button>` element and its action; the style's body is inside it.
///
/// ```swift
/// struct Pill: ButtonStyle {
///     func makeBody(configuration: Configuration) -> some View {
///         configuration.label.padding().background(Color.blue, in: Capsule()).foregroundStyle(.white)
///     }
/// }
/// ```
public protocol ButtonStyle {
    /// The view the style makes.
    associatedtype Body: View
    /// The button's look, around `configuration.label`.
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
    /// What the style is given.
    typealias Configuration = ButtonStyleConfiguration
}

/// What a ``ButtonStyle`` is given: the button's label, and whether it is pressed.
public struct ButtonStyleConfiguration {
    /// The button's label, as a view.
    public typealias Label = _StyleContent
    /// The button's label.
    public let label: Label
    /// Whether the button is being pressed: always `false` on the web, where the server does not see a press
    /// (the browser shows one with CSS `:active` on the button element).
    public let isPressed: Bool
}

/// The whole behaviour of every button below `.buttonStyle(_:)`, as SwiftUI's `PrimitiveButtonStyle`: the
/// style draws the button and calls `configuration.trigger()` to run its action.
public protocol PrimitiveButtonStyle {
    /// The view the style makes.
    associatedtype Body: View
    /// The button, made from `configuration.label` and `configuration.trigger()`.
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
    /// What the style is given.
    typealias Configuration = PrimitiveButtonStyleConfiguration
}

/// What a ``PrimitiveButtonStyle`` is given: the button's label and a way to run its action.
public struct PrimitiveButtonStyleConfiguration {
    /// The button's label, as a view.
    public typealias Label = ButtonStyleConfiguration.Label
    /// The button's label.
    public let label: Label
    let action: () -> Void
    /// Runs the button's action.
    public func trigger() { action() }
}

extension Button where Label == PrimitiveButtonStyleConfiguration.Label {
    /// A button made from a style's configuration (inside a ``PrimitiveButtonStyle``), drawn with the default look.
    public init(_ configuration: PrimitiveButtonStyleConfiguration) {
        self.init(action: configuration.action) { configuration.label }
    }
}

/// A built-in button look: a CSS class on the `<button>`.
public protocol _BuiltInButtonStyle: PrimitiveButtonStyle {}

extension _BuiltInButtonStyle {
    /// A button with this look, for a style that builds on it.
    public func makeBody(configuration: Configuration) -> some View {
        Button(configuration).buttonStyle(self)
    }
}

/// The platform's look: plain accent-coloured text that highlights on hover.
public struct DefaultButtonStyle: _BuiltInButtonStyle {
    /// The default style.
    public init() {}
}
/// A tinted, rounded background, as SwiftUI's `.bordered`.
public struct BorderedButtonStyle: _BuiltInButtonStyle {
    /// The bordered style.
    public init() {}
}
/// The accent colour behind white text, as SwiftUI's `.borderedProminent`.
public struct BorderedProminentButtonStyle: _BuiltInButtonStyle {
    /// The prominent bordered style.
    public init() {}
}
/// No decoration: the label as it is, as SwiftUI's `.plain`.
public struct PlainButtonStyle: _BuiltInButtonStyle {
    /// The plain style.
    public init() {}
}
/// Accent-coloured text, no background, as SwiftUI's `.borderless`.
public struct BorderlessButtonStyle: _BuiltInButtonStyle {
    /// The borderless style.
    public init() {}
}

nonisolated extension PrimitiveButtonStyle where Self == DefaultButtonStyle {
    /// The platform's look.
    public static var automatic: DefaultButtonStyle { DefaultButtonStyle() }
}
nonisolated extension PrimitiveButtonStyle where Self == BorderedButtonStyle {
    /// A tinted, rounded background.
    public static var bordered: BorderedButtonStyle { BorderedButtonStyle() }
}
nonisolated extension PrimitiveButtonStyle where Self == BorderedProminentButtonStyle {
    /// The accent colour behind white text.
    public static var borderedProminent: BorderedProminentButtonStyle { BorderedProminentButtonStyle() }
}
nonisolated extension PrimitiveButtonStyle where Self == PlainButtonStyle {
    /// No decoration.
    public static var plain: PlainButtonStyle { PlainButtonStyle() }
}
nonisolated extension PrimitiveButtonStyle where Self == BorderlessButtonStyle {
    /// Accent-coloured text, no background.
    public static var borderless: BorderlessButtonStyle { BorderlessButtonStyle() }
}

/// The button style in the environment.
enum ButtonStyleChoice {
    case style(any ButtonStyle)
    case primitive(any PrimitiveButtonStyle)

    /// The CSS class of a built-in look.
    var builtInClass: String? {
        guard case .primitive(let style) = self else { return nil }
        switch style {
        case is BorderedButtonStyle: return "lui-button-bordered"
        case is BorderedProminentButtonStyle: return "lui-button-prominent"
        case is PlainButtonStyle: return "lui-button-plain"
        case is BorderlessButtonStyle: return "lui-button-borderless"
        default: return nil
        }
    }
}

private struct ButtonStyleKey: EnvironmentKey { static var defaultValue: ButtonStyleChoice? { nil } }

extension EnvironmentValues {
    /// The style of the buttons below (`.buttonStyle(_:)`); `nil` for the default look.
    var buttonStyle: ButtonStyleChoice? {
        get { self[ButtonStyleKey.self] }
        set { self[ButtonStyleKey.self] = newValue }
    }

    /// The button style, read without noting a dependency (a button reads it while it expands, not in a body).
    var buttonStyleChoice: ButtonStyleChoice? { entry(for: ObjectIdentifier(ButtonStyleKey.self))?.value as? ButtonStyleChoice }
}

nonisolated extension View {
    /// Draws the buttons below with `style`.
    public consuming func buttonStyle<S: ButtonStyle>(_ style: S) -> some View {
        modifier(EnvironmentWritingModifier(key: AnyHashable(ObjectIdentifier(ButtonStyleKey.self)), value: style) {
            $0.buttonStyle = .style(style)
        })
    }

    /// Gives the buttons below the look and behaviour of `style`.
    public consuming func buttonStyle<S: PrimitiveButtonStyle>(_ style: S) -> some View {
        modifier(EnvironmentWritingModifier(key: AnyHashable(ObjectIdentifier(ButtonStyleKey.self)), value: style) {
            $0.buttonStyle = S.self == DefaultButtonStyle.self ? nil : .primitive(style)
        })
    }
}

extension ButtonStyleChoice {
    /// How a button whose label is `label` (or the text `title`) renders in this style: its `<button>` element `spec` (given a
    /// class, or with the style's body inside), or a wrapper around a primitive style's body.
    func content(
        _ spec: consuming ElementSpec, title: String?, label: any View, action: @escaping () -> Void, node: GraphNode
    ) -> NodeContent {
        if let builtInClass {
            spec.addClass(builtInClass)
            return title == nil ? .element(spec, child: label) : .element(spec)
        }
        let configurationLabel = _StyleContent(content: title.map { Text($0) } ?? label)
        switch self {
        case .style(let style):
            spec.content = .allSlots
            spec.addClass("lui-button-styled")
            return .element(spec, child: Self.body(of: style, ButtonStyleConfiguration(label: configurationLabel, isPressed: false)))
        case .primitive(let style):
            // The style draws the whole button, in a wrapper that takes no room of its own.
            let body = Self.body(of: style, PrimitiveButtonStyleConfiguration(label: configurationLabel, action: action))
            return styleBodyContent(
                body, wrapper: ElementSpec("span", classes: ["lui-button-primitive"]), node: node,
                key: ObjectIdentifier(ButtonStyleKey.self)
            ) { $0.buttonStyle = nil }
        }
    }

    private static func body(of style: some ButtonStyle, _ configuration: ButtonStyleConfiguration) -> any View {
        style.makeBody(configuration: configuration)
    }

    private static func body(of style: some PrimitiveButtonStyle, _ configuration: PrimitiveButtonStyleConfiguration) -> any View {
        style.makeBody(configuration: configuration)
    }
}
