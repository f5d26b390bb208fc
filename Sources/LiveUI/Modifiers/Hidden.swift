/// `.hidden()`'s second half: marks the subtree hidden in the environment, so that events addressed to a
/// control inside it are refused, as a hidden SwiftUI view cannot be tapped (the first half is the
/// `visibility: hidden` style, which keeps the view's space).
struct HiddenModifier: PrimitiveModifier {
    func makeContent(content: ModifierContent, node: GraphNode) -> NodeContent {
        // The same parent environment keeps the same derived one: nothing below counts as changed.
        let cache = node.behavior { HiddenEnvironment() }
        let environment = cache.environment.derive(from: node.environment, writing: true, same: ==) {
            $0.isHidden = true
        }
        return NodeContent(child: .index(0), content, environment: environment)
    }
}

/// The environment a `.hidden()` gave its content last.
final class HiddenEnvironment: NodeBehavior {
    var environment = DerivedEnvironment<Bool>()
    func unmount(_ node: GraphNode) { environment.reset() }
}

private struct IsHiddenKey: EnvironmentKey { static let defaultValue = false }

extension EnvironmentValues {
    /// Whether an ancestor (or the view itself) is `.hidden()`: its controls take no events.
    var isHidden: Bool {
        get { self[IsHiddenKey.self] }
        set { self[IsHiddenKey.self] = newValue }
    }
}
