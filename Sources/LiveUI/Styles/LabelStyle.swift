/// The look of every label below `.labelStyle(_:)`, as SwiftUI's `LabelStyle`.
public protocol LabelStyle {
    /// The view the style makes.
    associatedtype Body: View
    /// The label's look, from `configuration.title` and `configuration.icon`.
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
    /// What the style is given.
    typealias Configuration = LabelStyleConfiguration
}

/// What a ``LabelStyle`` is given: the label's title and icon, as views.
public struct LabelStyleConfiguration {
    /// The label's title, as a view.
    public typealias Title = _StyleContent
    /// The label's icon, as a view.
    public typealias Icon = _StyleContent
    /// The title.
    public var title: Title
    /// The icon.
    public var icon: Icon
}

/// A built-in label look: a CSS class on the label's element.
public protocol _BuiltInLabelStyle: LabelStyle {}

extension _BuiltInLabelStyle {
    /// A label with this look, for a style that builds on it.
    public func makeBody(configuration: Configuration) -> some View {
        Label(title: { configuration.title }, icon: { configuration.icon }).labelStyle(self)
    }
}

/// The platform's look: the icon, then the title.
public struct DefaultLabelStyle: _BuiltInLabelStyle {
    /// The default style.
    public init() {}
}
/// The icon, then the title, as SwiftUI's `.titleAndIcon`.
public struct TitleAndIconLabelStyle: _BuiltInLabelStyle {
    /// The title-and-icon style.
    public init() {}
}
/// Only the icon is shown; screen readers still read the title, as SwiftUI's `.iconOnly`.
public struct IconOnlyLabelStyle: _BuiltInLabelStyle {
    /// The icon-only style.
    public init() {}
}
/// Only the title, as SwiftUI's `.titleOnly`.
public struct TitleOnlyLabelStyle: _BuiltInLabelStyle {
    /// The title-only style.
    public init() {}
}

nonisolated extension LabelStyle where Self == DefaultLabelStyle {
    /// The platform's look.
    public static var automatic: DefaultLabelStyle { DefaultLabelStyle() }
}
nonisolated extension LabelStyle where Self == TitleAndIconLabelStyle {
    /// The icon, then the title.
    public static var titleAndIcon: TitleAndIconLabelStyle { TitleAndIconLabelStyle() }
}
nonisolated extension LabelStyle where Self == IconOnlyLabelStyle {
    /// Only the icon.
    public static var iconOnly: IconOnlyLabelStyle { IconOnlyLabelStyle() }
}
nonisolated extension LabelStyle where Self == TitleOnlyLabelStyle {
    /// Only the title.
    public static var titleOnly: TitleOnlyLabelStyle { TitleOnlyLabelStyle() }
}

private struct LabelStyleKey: EnvironmentKey { static var defaultValue: (any LabelStyle)? { nil } }

extension EnvironmentValues {
    /// The style of the labels below; `nil` for the default look.
    var labelStyle: (any LabelStyle)? {
        get { self[LabelStyleKey.self] }
        set { self[LabelStyleKey.self] = newValue }
    }
}

nonisolated extension View {
    /// Draws the labels below with `style`.
    public consuming func labelStyle<S: LabelStyle>(_ style: S) -> some View {
        modifier(EnvironmentWritingModifier(key: AnyHashable(ObjectIdentifier(LabelStyleKey.self)), value: style) {
            $0.labelStyle = S.self == DefaultLabelStyle.self ? nil : style
        })
    }
}

extension Label {
    /// The label drawn with the style of the environment, if any: `spec` given a class for a built-in look,
    /// or a wrapper around a custom style's body.
    func styled(_ spec: consuming ElementSpec, node: GraphNode) -> NodeContent {
        guard let style = node.environment.labelStyle else { return .element(spec, children: [title, icon]) }
        switch style {
        case is IconOnlyLabelStyle:
            spec.addClass("lui-label-icon-only")
            return .element(spec, children: [title, icon])
        case is TitleOnlyLabelStyle:
            spec.addClass("lui-label-title-only")
            return .element(spec, children: [title, icon])
        case is TitleAndIconLabelStyle:
            return .element(spec, children: [title, icon])
        default:
            break
        }
        let configuration = LabelStyleConfiguration(title: .init(content: title), icon: .init(content: icon))
        return styleBodyContent(
            Self.body(of: style, configuration), wrapper: ElementSpec("span", classes: ["lui-label", "lui-label-styled"]),
            node: node, key: ObjectIdentifier(LabelStyleKey.self)
        ) { $0.labelStyle = nil }
    }

    private static func body(of style: some LabelStyle, _ configuration: LabelStyleConfiguration) -> any View {
        style.makeBody(configuration: configuration)
    }
}
