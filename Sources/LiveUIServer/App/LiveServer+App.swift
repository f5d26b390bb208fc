import Foundation
import LiveUI

extension LiveServer {
    /// A server showing `app`'s window at `/`, beside `routes`; nothing listens until `start()` or `run()`.
    ///
    /// ```swift
    /// try LiveServer(configuration: .load(), app: MyApp()) {
    ///     Route("/about") { AboutPage() }
    /// }.run()
    /// ```
    ///
    /// `app` is evaluated once per browser session (write `MyApp()` here, not a value made before): each
    /// session has an app of its own, whose `@State` and `@StateObject`s live as long as the session, as
    /// SwiftUI keeps them per scene. The other parameters are
    /// ``init(configuration:head:authorize:sharedObjects:sessionObjects:routes:)``'s.
    /// - Throws: ``RouteError`` naming the first route that cannot be served (one at `/` included: the
    ///   window is there).
    public convenience init<A: App & SendableMetatype>(
        configuration: Configuration = Configuration(), app: @autoclosure @escaping @Sendable () -> A,
        head: [HeadElement] = [], authorize: (@Sendable (Request) throws -> Authorization)? = nil,
        sharedObjects: [any AnyObject & Sendable] = [], sessionObjects: (@Sendable () -> [any AnyObject & Sendable])? = nil,
        @RouteBuilder routes: () -> [Route]
    ) throws(RouteError) {
        try self.init(
            configuration: configuration, routes: [Route.window(of: app)] + routes(),
            app: AppOptions(head: head, authorize: authorize, sharedObjects: sharedObjects, sessionObjects: sessionObjects))
    }

    /// A server showing `app`'s window at `/` and nothing else; see
    /// ``init(configuration:app:head:authorize:sharedObjects:sessionObjects:routes:)``.
    public convenience init<A: App & SendableMetatype>(
        configuration: Configuration = Configuration(), app: @autoclosure @escaping @Sendable () -> A,
        head: [HeadElement] = [], authorize: (@Sendable (Request) throws -> Authorization)? = nil,
        sharedObjects: [any AnyObject & Sendable] = [], sessionObjects: (@Sendable () -> [any AnyObject & Sendable])? = nil
    ) throws(RouteError) {
        try self.init(
            configuration: configuration, routes: [Route.window(of: app)],
            app: AppOptions(head: head, authorize: authorize, sharedObjects: sharedObjects, sessionObjects: sessionObjects))
    }

    /// Loads the configuration (`config/liveui.json`, `LIVEUI_*`, command-line flags), then serves `app`'s
    /// window at `/` beside `routes` until SIGINT/SIGTERM, as ``launch(head:authorize:sharedObjects:sessionObjects:routes:)``
    /// does (a configuration or start-up error exits with status 2). `App.main()` calls it, so `@main` on an
    /// app is all a program needs.
    public static func launch<A: App & SendableMetatype>(
        app: @autoclosure @escaping @Sendable () -> A,
        head: [HeadElement] = [], authorize: (@Sendable (Request) throws -> Authorization)? = nil,
        sharedObjects: [any AnyObject & Sendable] = [], sessionObjects: (@Sendable () -> [any AnyObject & Sendable])? = nil,
        @RouteBuilder routes: () -> [Route]
    ) -> Never {
        launch(head: head, authorize: authorize, sharedObjects: sharedObjects, sessionObjects: sessionObjects) {
            Route.window(of: app)
            routes()
        }
    }
}

extension Route {
    /// A page at `path` showing `app`'s window (``LiveServer/init(configuration:app:head:authorize:sharedObjects:sessionObjects:routes:)``
    /// puts one at `/`): `app` is evaluated once per (session, page), so each session has an app of its own.
    ///
    /// ```swift
    /// Route("/timer", app: TimerApp())
    /// ```
    public init<A: App & SendableMetatype>(_ path: String, app: @autoclosure @escaping @Sendable () -> A) {
        self.init(path) { AppWindow(app: app()) }
    }

    /// The page at `/` showing the window of the app `make` returns.
    static func window<A: App & SendableMetatype>(of make: @escaping @Sendable () -> A) -> Route {
        Route("/", app: make())
    }
}

/// An app that serves pages and endpoints beside its window: `@main` on it serves `routes` too.
///
/// ```swift
/// @main
/// struct MyApp: RoutedApp {
///     var body: some Scene { WindowGroup { ContentView() } }
///     static var routes: [Route] {
///         Route("/about") { AboutPage() }
///     }
/// }
/// ```
public protocol RoutedApp: App {
    /// The routes served beside the window (which is at `/`); read once, when the server starts.
    @RouteBuilder static var routes: [Route] { get }
}

extension App where Self: SendableMetatype {
    /// Serves the app, as SwiftUI's `App.main()` runs it: `@main` on an app calls this, which reads the
    /// configuration (`config/liveui.json`, `LIVEUI_*`, flags such as `--port`) and serves the window at `/`
    /// until SIGINT/SIGTERM (see ``LiveServer/launch(app:head:authorize:sharedObjects:sessionObjects:routes:)``).
    nonisolated public static func main() {
        // Made on the process's main thread before any session exists: nothing else runs main-actor code yet.
        LiveServer.launch(app: onMainActor { Self() }, routes: { [] })
    }
}

extension RoutedApp where Self: SendableMetatype {
    /// Serves the app's window at `/` and its ``RoutedApp/routes``, as ``App/main()`` does.
    nonisolated public static func main() {
        LiveServer.launch(app: onMainActor { Self() }, routes: { routes })
    }
}
