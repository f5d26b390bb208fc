import Observation

/// A scene whose window's content is wrapped by a view modifier (`environmentObject`, `onChange` …).
nonisolated public struct ModifiedScene<Content: Scene>: PrimitiveScene {
    let content: Content
    let wrap: (AnyView) -> AnyView

    package func primitiveWindow() -> AnyView? { content.windowContent().map(wrap) }
}

nonisolated extension Scene {
    /// Provides `object` to `@EnvironmentObject` properties of type `T` in the scene's window.
    public func environmentObject<T: ObservableObject>(_ object: T) -> some Scene {
        ModifiedScene(content: self) { AnyView($0.environmentObject(object)) }
    }

    /// Sets the environment value at `keyPath` in the scene's window.
    public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some Scene {
        ModifiedScene(content: self) { AnyView($0.environment(keyPath, value)) }
    }

    /// Provides an `@Observable` object to `@Environment(T.self)` properties in the scene's window.
    public func environment<T: AnyObject & Observable>(_ object: T?) -> some Scene {
        ModifiedScene(content: self) { AnyView($0.environment(object)) }
    }

    /// Runs `action` with the new value when `value` changes between evaluations of the app's `body`
    /// (e.g. `\.scenePhase` read by the app).
    public func onChange<V: Equatable>(of value: V, perform action: @escaping (V) -> Void) -> some Scene {
        ModifiedScene(content: self) { AnyView($0.onChange(of: value, perform: action)) }
    }

    /// Runs `action` with the old and the new value when `value` changes (and once at first with `initial`).
    public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping (V, V) -> Void) -> some Scene {
        ModifiedScene(content: self) { AnyView($0.onChange(of: value, initial: initial, action)) }
    }

    /// Runs `action` when `value` changes (and once at first with `initial`).
    public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping () -> Void) -> some Scene {
        ModifiedScene(content: self) { AnyView($0.onChange(of: value, initial: initial, action)) }
    }
}
