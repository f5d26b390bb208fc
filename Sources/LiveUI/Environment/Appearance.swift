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

/// `.preferredColorScheme(_:)`: the scheme of the whole page while this view is shown, as SwiftUI's preference
/// sets it for the whole window: the root's `\.colorScheme` becomes it, and the element carries
/// `data-color-scheme`, which `liveui.css` follows for the page's colours.
nonisolated struct PreferredColorSchemeModifier: PrimitiveModifier {
    let colorScheme: ColorScheme?

    func makeContent(content: ModifierContent, node: GraphNode) -> NodeContent {
        guard let colorScheme else {
            let id = ObjectIdentifier(PreferredColorSchemeRegistration.self)
            if let registration = node.behaviors[id] as? PreferredColorSchemeRegistration { registration.unmount(node) }
            return NodeContent(child: .index(0), content)
        }
        node.behavior { PreferredColorSchemeRegistration() }.prefer(colorScheme, from: node)
        return NodeContent(child: .index(0), content, modifier: ColorSchemeAttribute(colorScheme: colorScheme))
    }
}

/// A view's preferred color scheme, registered with the root's ``ColorSchemeChoice`` while the view lives.
final class PreferredColorSchemeRegistration: NodeBehavior {
    func prefer(_ scheme: ColorScheme, from node: GraphNode) {
        ColorSchemeChoice.of(node.graph)?.update(node.graph) { $0.preferred[ObjectIdentifier(self)] = scheme }
    }

    func unmount(_ node: GraphNode) {
        ColorSchemeChoice.of(node.graph)?.update(node.graph) { $0.preferred[ObjectIdentifier(self)] = nil }
    }
}

/// The page's color scheme, kept on the root: the browser's, unless a view shown prefers one.
final class ColorSchemeChoice: NodeBehavior {
    /// What the browser said (`prefers-color-scheme`).
    var browser = ColorScheme.light
    /// The schemes shown views prefer, by their registration.
    var preferred: [ObjectIdentifier: ColorScheme] = [:]

    /// The scheme the page shows: a preferred one (dark when views disagree), else the browser's.
    var effective: ColorScheme {
        if preferred.isEmpty { return browser }
        return preferred.values.contains(.dark) ? .dark : .light
    }

    /// The root's choice, made on first use.
    static func of(_ graph: ViewGraph) -> ColorSchemeChoice? {
        graph.root.map { $0.behavior { ColorSchemeChoice() } }
    }

    /// Changes the choice; when the page's scheme changes, the root's environment follows.
    func update(_ graph: ViewGraph, _ change: (ColorSchemeChoice) -> Void) {
        let before = effective
        change(self)
        let after = effective
        guard after != before, let root = graph.root, root.environment.colorScheme != after else { return }
        root.environment.colorScheme = after
        root.invalidate("colorScheme")
    }

    func unmount(_ node: GraphNode) {}
}

/// `data-color-scheme` on the element of a view with a preferred color scheme.
nonisolated struct ColorSchemeAttribute: AttributeModifier, Equatable {
    let colorScheme: ColorScheme

    func apply(to element: inout ElementSpec, node: GraphNode) {
        element.set("data-color-scheme", colorScheme == .dark ? "dark" : "light")
    }
}

nonisolated extension View {
    /// Shows this view, and the page around it, in `colorScheme` whatever the browser prefers; `nil`
    /// follows the browser.
    public consuming func preferredColorScheme(_ colorScheme: ColorScheme?) -> some View {
        modifier(PreferredColorSchemeModifier(colorScheme: colorScheme))
    }
}
