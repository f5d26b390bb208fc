/// The look of every progress view below `.progressViewStyle(_:)`, as SwiftUI's `ProgressViewStyle`.
///
/// ```swift
/// struct Ring: ProgressViewStyle {
///     func makeBody(configuration: Configuration) -> some View {
///         Circle().trim(from: 0, to: configuration.fractionCompleted ?? 0).stroke(Color.blue, lineWidth: 6)
///     }
/// }
/// ```
public protocol ProgressViewStyle {
    /// The view the style makes.
    associatedtype Body: View
    /// The progress view's look.
    @ViewBuilder func makeBody(configuration: Configuration) -> Body
    /// What the style is given.
    typealias Configuration = ProgressViewStyleConfiguration
}

/// What a ``ProgressViewStyle`` is given: how far the task is, and the progress view's label.
public struct ProgressViewStyleConfiguration {
    /// The progress view's label, as a view.
    public typealias Label = _StyleContent
    /// The label showing the current value, as a view.
    public typealias CurrentValueLabel = Label
    /// The fraction completed, 0…1; `nil` when indeterminate.
    public let fractionCompleted: Double?
    /// The progress view's label, if it has one.
    public var label: Label?
    /// The label of the current value, if the progress view has one.
    public var currentValueLabel: CurrentValueLabel?
}

extension ProgressView where Label == EmptyView, CurrentValueLabel == EmptyView {
    /// A progress view made from a style's configuration, drawn with the look of the styles outside the one
    /// being made (the default look inside a custom style).
    public init(_ configuration: ProgressViewStyleConfiguration) {
        self.init(nil, nil, nil, configuration.fractionCompleted, 1)
    }
}

/// A built-in progress look: a CSS class on the `<progress>` element.
public protocol _BuiltInProgressViewStyle: ProgressViewStyle {}

extension _BuiltInProgressViewStyle {
    /// A progress view with this look, for a style that builds on it.
    public func makeBody(configuration: Configuration) -> some View {
        ProgressView(configuration).progressViewStyle(self)
    }
}

/// The platform's look: a bar.
public struct DefaultProgressViewStyle: _BuiltInProgressViewStyle {
    /// The default style.
    public init() {}
}
/// A horizontal bar, as SwiftUI's `.linear`.
public struct LinearProgressViewStyle: _BuiltInProgressViewStyle {
    /// The linear style.
    public init() {}
}
/// A spinning circle, as SwiftUI's `.circular` (still for users who prefer reduced motion).
public struct CircularProgressViewStyle: _BuiltInProgressViewStyle {
    /// The circular style.
    public init() {}
}

nonisolated extension ProgressViewStyle where Self == DefaultProgressViewStyle {
    /// The platform's look.
    public static var automatic: DefaultProgressViewStyle { DefaultProgressViewStyle() }
}
nonisolated extension ProgressViewStyle where Self == LinearProgressViewStyle {
    /// A horizontal bar.
    public static var linear: LinearProgressViewStyle { LinearProgressViewStyle() }
}
nonisolated extension ProgressViewStyle where Self == CircularProgressViewStyle {
    /// A spinning circle.
    public static var circular: CircularProgressViewStyle { CircularProgressViewStyle() }
}

private struct ProgressViewStyleKey: EnvironmentKey { static var defaultValue: (any ProgressViewStyle)? { nil } }

extension EnvironmentValues {
    /// The style of the progress views below; `nil` for the default look.
    var progressViewStyle: (any ProgressViewStyle)? {
        get { self[ProgressViewStyleKey.self] }
        set { self[ProgressViewStyleKey.self] = newValue }
    }
}

nonisolated extension View {
    /// Draws the progress views below with `style`.
    public consuming func progressViewStyle<S: ProgressViewStyle>(_ style: S) -> some View {
        modifier(EnvironmentWritingModifier(key: AnyHashable(ObjectIdentifier(ProgressViewStyleKey.self)), value: style) {
            $0.progressViewStyle = S.self == DefaultProgressViewStyle.self ? nil : style
        })
    }
}

extension ProgressView {
    /// The progress view drawn with the style of the environment, if it has one: `spec` given a class for a
    /// built-in look, or a wrapper around a custom style's body.
    func styled(_ spec: consuming ElementSpec, node: GraphNode) -> NodeContent {
        guard let style = node.environment.progressViewStyle else { return .element(spec) }
        switch style {
        case is LinearProgressViewStyle:
            spec.addClass("lui-progress-linear")
            return .element(spec)
        case is CircularProgressViewStyle:
            spec.addClass("lui-progress-circular")
            return .element(spec)
        default:
            break
        }
        let configuration = ProgressViewStyleConfiguration(
            fractionCompleted: value.map { total > 0 ? min(max($0 / total, 0), 1) : 0 },
            label: title.map { _StyleContent(content: Text($0)) }, currentValueLabel: nil)
        var wrapper = ElementSpec("div", classes: ["lui-progress-styled"])
        for (name, value) in spec.attributes where name.hasPrefix("aria-") { wrapper.set(name, value) }
        return styleBodyContent(
            Self.body(of: style, configuration), wrapper: wrapper, node: node, key: ObjectIdentifier(ProgressViewStyleKey.self)
        ) { $0.progressViewStyle = nil }
    }

    private static func body(of style: some ProgressViewStyle, _ configuration: ProgressViewStyleConfiguration) -> any View {
        style.makeBody(configuration: configuration)
    }
}
