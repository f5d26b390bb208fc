/// Changes the environment for everything below; the same value keeps the same environment, so
/// nothing below is disturbed when a parent re-renders.
nonisolated struct EnvironmentWritingModifier: PrimitiveModifier {
    let key: AnyHashable
    let value: Any
    let write: (inout EnvironmentValues) -> Void

    func makeContent(content: ModifierContent, node: GraphNode) -> NodeContent {
        let cache = node.behavior { EnvironmentCache() }
        let environment = cache.environment.derive(
            from: node.environment, writing: value, same: { ViewComparison.valuesEqual($0, $1, depth: 0) }, write)
        return NodeContent(child: .index(0), content, environment: environment)
    }
}

/// A flag of the environment that a modifier turns on for everything below it.
protocol EnvironmentFlag {
    /// Turns the flag on in `environment`.
    static func turnOn(in environment: inout EnvironmentValues)
    /// Tells `graph` that a view of it turns the flag on (nothing, unless the flag needs the graph to know).
    static func noteUse(in graph: ViewGraph)
}

extension EnvironmentFlag {
    static func noteUse(in graph: ViewGraph) {}
}

/// Turns `Flag` on for everything below (`.disabled(true)`, `.hidden()`); off, it leaves the environment as
/// it is. A plain value, cheap to make in every body and compared without casts.
nonisolated struct EnvironmentFlagModifier<Flag: EnvironmentFlag>: PrimitiveModifier {
    let isOn: Bool

    func makeContent(content: ModifierContent, node: GraphNode) -> NodeContent {
        guard isOn else { return NodeContent(child: .index(0), content) }
        Flag.noteUse(in: node.graph)
        // The same parent environment keeps the same derived one: nothing below counts as changed.
        let cache = node.behavior { FlagEnvironment() }
        let environment = cache.environment.derive(from: node.environment, writing: true, same: ==) {
            Flag.turnOn(in: &$0)
        }
        return NodeContent(child: .index(0), content, environment: environment)
    }
}

/// The environment an ``EnvironmentFlagModifier`` gave its content last.
final class FlagEnvironment: NodeBehavior {
    var environment = DerivedEnvironment<Bool>()
    func unmount(_ node: GraphNode) { environment.reset() }
}

/// `.disabled(true)`: the controls below are off (`isEnabled`).
enum DisabledFlag: EnvironmentFlag {
    static func turnOn(in environment: inout EnvironmentValues) { environment.isEnabled = false }
}

/// The environment an `.environment(…)` modifier gave its content last.
final class EnvironmentCache: NodeBehavior {
    var environment = DerivedEnvironment<Any>()
    func unmount(_ node: GraphNode) { environment.reset() }
}

nonisolated extension View {
    /// Sets the environment value at `keyPath` for this view and everything inside it.
    public consuming func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View {
        modifier(EnvironmentWritingModifier(key: AnyHashable(keyPath), value: value) { $0[keyPath: keyPath] = value })
    }

    /// Provides `object` to `@EnvironmentObject` properties of type `T` inside this view.
    public consuming func environmentObject<T: ObservableObject>(_ object: T) -> some View {
        modifier(
            EnvironmentWritingModifier(key: AnyHashable(ObjectIdentifier(T.self)), value: object) {
                $0.set(ObjectIdentifier(T.self), object)
            })
    }

    /// Provides an `@Observable` object to `@Environment(T.self)` properties inside this view.
    public consuming func environment<T: AnyObject & Observable>(_ object: T?) -> some View {
        modifier(
            EnvironmentWritingModifier(key: AnyHashable(ObjectIdentifier(T.self)), value: object as Any) {
                if let object { $0.set(ObjectIdentifier(T.self), object) }
            })
    }

    /// Disables (or re-enables) the controls in this view: they render `disabled` and refuse events.
    public consuming func disabled(_ disabled: Bool) -> some View {
        modifier(EnvironmentFlagModifier<DisabledFlag>(isOn: disabled))
    }

    /// Runs `action` when the user submits (presses Return in) a text field inside this view.
    public consuming func onSubmit(_ action: @escaping () -> Void) -> some View {
        modifier(OnSubmitModifier(action: action))
    }
}

/// `onSubmit`: the environment below gets a holder of the action, not the action itself. A parent's
/// body evaluated again makes a new closure; the holder takes it and stays the same object, so the
/// environment below stays the same too (nothing below counts as changed), and a submit runs the
/// newest action.
nonisolated struct OnSubmitModifier: PrimitiveModifier {
    let action: () -> Void

    func makeContent(content: ModifierContent, node: GraphNode) -> NodeContent {
        let holder = node.behavior { SubmitAction() }
        holder.run = action
        let environment = holder.environment.derive(from: node.environment, writing: holder) {
            $0.submitActions = [holder] + $0.submitActions
        }
        return NodeContent(child: .index(0), content, environment: environment)
    }
}

/// The newest action of one `onSubmit`, for the text fields below it.
final class SubmitAction: NodeBehavior {
    /// The action of the modifier's newest value.
    var run: () -> Void = {}
    /// The environment below the modifier.
    var environment = DerivedEnvironment<SubmitAction>()

    func unmount(_ node: GraphNode) {
        run = {}
        environment.reset()
    }
}

import Observation
