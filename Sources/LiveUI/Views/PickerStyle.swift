/// How a ``Picker`` presents its options; set for a subtree with `.pickerStyle(_:)`.
///
/// On the web, the menu-like styles (`.automatic`, `.menu`, `.wheel`, `.navigationLink`) are a `<select>`;
/// the styles that show every option (`.segmented`, `.inline`, `.radioGroup`, `.palette`) are a
/// `role="radiogroup"` of buttons, one per option, the selected one `aria-checked="true"`.
public protocol PickerStyle {
    /// How the style renders.
    var _presentation: PickerPresentation { get }
}

/// The ways a picker renders on the web.
public enum PickerPresentation: Hashable, Sendable {
    /// A `<select>`.
    case select
    /// A row of segments (`role="radiogroup"`).
    case segmented
    /// Every option as a row of its own, with a visible title (`role="radiogroup"`).
    case inline
}

/// The platform's default: a menu (`<select>`).
nonisolated public struct DefaultPickerStyle: PickerStyle {
    /// The default style.
    public init() {}
    public var _presentation: PickerPresentation { .select }
}

/// Options in a menu: `<select>`.
nonisolated public struct MenuPickerStyle: PickerStyle {
    /// The menu style.
    public init() {}
    public var _presentation: PickerPresentation { .select }
}

/// Options side by side as segments.
nonisolated public struct SegmentedPickerStyle: PickerStyle {
    /// The segmented style.
    public init() {}
    public var _presentation: PickerPresentation { .segmented }
}

/// Options shown inline, each as a row.
nonisolated public struct InlinePickerStyle: PickerStyle {
    /// The inline style.
    public init() {}
    public var _presentation: PickerPresentation { .inline }
}

/// A spinning wheel on iOS; a `<select>` on the web.
nonisolated public struct WheelPickerStyle: PickerStyle {
    /// The wheel style.
    public init() {}
    public var _presentation: PickerPresentation { .select }
}

/// Radio buttons (macOS); inline rows on the web.
nonisolated public struct RadioGroupPickerStyle: PickerStyle {
    /// The radio group style.
    public init() {}
    public var _presentation: PickerPresentation { .inline }
}

/// A pushed list of options on iOS; a `<select>` on the web.
nonisolated public struct NavigationLinkPickerStyle: PickerStyle {
    /// The navigation link style.
    public init() {}
    public var _presentation: PickerPresentation { .select }
}

/// A compact row of options (iOS 17); segments on the web.
nonisolated public struct PalettePickerStyle: PickerStyle {
    /// The palette style.
    public init() {}
    public var _presentation: PickerPresentation { .segmented }
}

nonisolated extension PickerStyle where Self == DefaultPickerStyle {
    /// The default style.
    public static var automatic: DefaultPickerStyle { DefaultPickerStyle() }
}

nonisolated extension PickerStyle where Self == MenuPickerStyle {
    /// Options in a menu.
    public static var menu: MenuPickerStyle { MenuPickerStyle() }
}

nonisolated extension PickerStyle where Self == SegmentedPickerStyle {
    /// Options as segments.
    public static var segmented: SegmentedPickerStyle { SegmentedPickerStyle() }
}

nonisolated extension PickerStyle where Self == InlinePickerStyle {
    /// Options inline.
    public static var inline: InlinePickerStyle { InlinePickerStyle() }
}

nonisolated extension PickerStyle where Self == WheelPickerStyle {
    /// A wheel (a `<select>` on the web).
    public static var wheel: WheelPickerStyle { WheelPickerStyle() }
}

nonisolated extension PickerStyle where Self == RadioGroupPickerStyle {
    /// Radio buttons.
    public static var radioGroup: RadioGroupPickerStyle { RadioGroupPickerStyle() }
}

nonisolated extension PickerStyle where Self == NavigationLinkPickerStyle {
    /// A pushed list (a `<select>` on the web).
    public static var navigationLink: NavigationLinkPickerStyle { NavigationLinkPickerStyle() }
}

nonisolated extension PickerStyle where Self == PalettePickerStyle {
    /// A compact row of options.
    public static var palette: PalettePickerStyle { PalettePickerStyle() }
}

private struct PickerPresentationKey: EnvironmentKey { static let defaultValue = PickerPresentation.select }

extension EnvironmentValues {
    /// How pickers below render (`.pickerStyle(_:)`).
    var pickerPresentation: PickerPresentation {
        get { self[PickerPresentationKey.self] }
        set { self[PickerPresentationKey.self] = newValue }
    }
}

nonisolated extension View {
    /// Sets how the pickers in this view present their options.
    public consuming func pickerStyle<S: PickerStyle>(_ style: S) -> some View {
        environment(\.pickerPresentation, style._presentation)
    }
}
