/// A part of an app's interface, as SwiftUI's `Scene`: a `WindowGroup`, or a scene of your own whose `body`
/// composes others. On the web, an app shows one window per session: the first `WindowGroup` found in its
/// scenes.
@preconcurrency @MainActor public protocol Scene {
    /// The type of the scene's content.
    associatedtype Body: Scene
    /// The scenes this one is made of.
    @SceneBuilder var body: Body { get }
}

// `Never.body` (declared with `ToolbarContent`'s conformance) serves `Scene` too.
nonisolated extension Never: Scene {}

/// A scene LiveUI knows how to show: its window's content, or `nil` for scenes without a window on the web.
package protocol PrimitiveScene: Scene where Body == Never {
    /// The content of the window this scene shows, with the scene's modifiers applied.
    nonisolated func primitiveWindow() -> AnyView?
}

nonisolated extension Scene where Body == Never {
    /// A primitive scene has no body.
    public var body: Never { preconditionFailure("\(Self.self) is a primitive scene: it has no body") }
}

nonisolated extension Scene {
    /// The content of the first window among this scene and the scenes it is made of, or `nil`.
    package func windowContent() -> AnyView? {
        if let primitive = self as? any PrimitiveScene { return primitive.primitiveWindow() }
        return onMainActor(self) { $0.body }.windowContent()
    }
}

/// Builds an app's scenes: one scene, or several in a block.
@resultBuilder
public enum SceneBuilder {
    /// One scene.
    public static func buildExpression<Content: Scene>(_ content: Content) -> Content { content }
    /// A block of one scene.
    public static func buildBlock<Content: Scene>(_ content: Content) -> Content { content }
    /// A block of several scenes.
    public static func buildBlock<each Content: Scene>(_ content: repeat each Content) -> TupleScene<repeat each Content> {
        TupleScene(repeat each content)
    }
}

/// Several scenes declared in one block; its window is the first one's that has a window.
nonisolated public struct TupleScene<each Content: Scene>: PrimitiveScene {
    let scenes: (repeat each Content)

    init(_ scenes: repeat each Content) { self.scenes = (repeat each scenes) }

    package func primitiveWindow() -> AnyView? {
        for scene in repeat each scenes {
            if let window = scene.windowContent() { return window }
        }
        return nil
    }
}
