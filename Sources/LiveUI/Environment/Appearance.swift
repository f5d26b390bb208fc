import Foundation

/// Whether the interface is light or dark: the browser's `prefers-color-scheme`, unless a view asks
/// for another with ``View/preferredColorScheme(_:)``.
public enum ColorScheme: Hashable, Sendable, CaseIterable {
    /// Dark text on light backgrounds.
    case light
    /// Light text on dark backgrounds.
    case dark
}

private struct ColorSchemeKey: EnvironmentKey { static let defaultValue = ColorScheme.light }
private struct LocaleKey: EnvironmentKey { static var defaultValue: Locale { Locale(identifier: "en_US_POSIX") } }
private struct TimeZoneKey: EnvironmentKey { static var defaultValue: TimeZone { TimeZone(identifier: "UTC") ?? .current } }

extension EnvironmentValues {
    /// The color scheme of the browser showing the page (`prefers-color-scheme`), updated live when the
    /// user switches; `.light` until the browser has said.
    public var colorScheme: ColorScheme {
        get { self[ColorSchemeKey.self] }
        set { self[ColorSchemeKey.self] = newValue }
    }

    /// The browser's language (`navigator.language`) as a locale; `en_US_POSIX` until the browser has said.
    public var locale: Locale {
        get { self[LocaleKey.self] }
        set { self[LocaleKey.self] = newValue }
    }

    /// The browser's time zone (`Intl.DateTimeFormat().resolvedOptions().timeZone`); UTC until the
    /// browser has said.
    public var timeZone: TimeZone {
        get { self[TimeZoneKey.self] }
        set { self[TimeZoneKey.self] = newValue }
    }
}

/// `.preferredColorScheme(_:)`: the scheme for this view and everything inside it, and for the page's
/// colours (`data-color-scheme` on the element, which `liveui.css` follows for the whole page).
struct PreferredColorSchemeModifier: PrimitiveModifier {
    let colorScheme: ColorScheme?

    func makeContent(content: ModifierContent, node: GraphNode) -> NodeContent {
        guard let colorScheme else { return NodeContent(child: .index(0), content) }
        let cache = node.behavior { PreferredColorSchemeEnvironment() }
        let scheme = colorScheme
        let environment = cache.environment.derive(from: node.environment, writing: scheme, same: ==) {
            $0.colorScheme = scheme
        }
        return NodeContent(child: .index(0), content, modifier: ColorSchemeAttribute(colorScheme: scheme), environment: environment)
    }
}

/// The environment a `.preferredColorScheme(_:)` gave its content last.
final class PreferredColorSchemeEnvironment: NodeBehavior {
    var environment = DerivedEnvironment<ColorScheme>()
    func unmount(_ node: GraphNode) { environment.reset() }
}

/// `data-color-scheme` on the element of a view with a preferred color scheme.
struct ColorSchemeAttribute: AttributeModifier, Equatable {
    let colorScheme: ColorScheme

    func apply(to element: inout ElementSpec, node: GraphNode) {
        element.set("data-color-scheme", colorScheme == .dark ? "dark" : "light")
    }
}

extension View {
    /// Shows this view, and the page around it, in `colorScheme` whatever the browser prefers; `nil`
    /// follows the browser.
    public consuming func preferredColorScheme(_ colorScheme: ColorScheme?) -> some View {
        modifier(PreferredColorSchemeModifier(colorScheme: colorScheme))
    }
}
