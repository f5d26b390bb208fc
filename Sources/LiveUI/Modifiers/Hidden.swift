/// `.hidden()`'s second half (the first is the `visibility: hidden` style, which keeps the view's space):
/// marks the subtree hidden in the environment, so that events addressed to a control inside it are
/// refused, as a hidden SwiftUI view cannot be tapped.
enum HiddenFlag: EnvironmentFlag {
    static func turnOn(in environment: inout EnvironmentValues) { environment.isHidden = true }
    static func noteUse(in graph: ViewGraph) { graph.hasHiddenViews = true }
}

private struct IsHiddenKey: EnvironmentKey { static let defaultValue = false }

extension EnvironmentValues {
    /// Whether an ancestor (or the view itself) is `.hidden()`: its controls take no events.
    var isHidden: Bool {
        get { self[IsHiddenKey.self] }
        set { self[IsHiddenKey.self] = newValue }
    }
}
