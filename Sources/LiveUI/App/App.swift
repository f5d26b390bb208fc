/// A LiveUI application, as SwiftUI's `App`: its `body` declares the scenes, and the first `WindowGroup`'s
/// content is the page a browser sees at `/`.
///
/// ```swift
/// @main
/// struct MyApp: App {
///     @StateObject private var store = Store()
///     var body: some Scene {
///         WindowGroup { ContentView().environmentObject(store) }
///     }
/// }
/// ```
///
/// Each browser session gets an app value of its own (made with `init()`), and the app's `@State` and
/// `@StateObject`s live as long as that session, as SwiftUI keeps them per scene: two sessions never share
/// them. The app's properties are linked like a view's (`@Environment(\.scenePhase)` included), and a change
/// to them evaluates `body` again. `@main` on an app launches a server (`LiveServer`, in `LiveUIServer`,
/// whose `App.main()` reads the usual configuration); in-process, `LiveSession(app:)` hosts one.
@preconcurrency @MainActor public protocol App {
    /// The type of the app's scenes.
    associatedtype Body: Scene
    /// The app's scenes; the first `WindowGroup` is served at `/`.
    @SceneBuilder var body: Body { get }
    /// Makes the app; called once per browser session.
    init()
}
