import LiveUI

/// One page of an application: a path and the root view each session gets for it.
///
/// ```swift
/// LiveServer(configuration: .load()) {
///     Route("/") { Gallery() }
///     Route("/counter") { CounterPage() }
/// }
/// ```
public struct Route: Sendable {
    let definition: RouteDefinition

    init(path: String, makeGraph: @escaping @Sendable () -> any HostedGraph) {
        definition = RouteDefinition(path: path, makeGraph: makeGraph)
    }

    /// The page path, e.g. `/counter`.
    public var path: String { definition.path }
}

/// Builds the route list of a `LiveServer`: a plain list, with `if`, `if/else` and `for` allowed.
@resultBuilder
public enum RouteBuilder {
    /// One route.
    public static func buildExpression(_ route: Route) -> [Route] { [route] }
    /// Several routes, e.g. from a `for` loop body.
    public static func buildExpression(_ routes: [Route]) -> [Route] { routes }
    /// The routes of a block, in order.
    public static func buildBlock(_ parts: [Route]...) -> [Route] { parts.flatMap { $0 } }
    /// Routes declared under `if` without `else`.
    public static func buildOptional(_ routes: [Route]?) -> [Route] { routes ?? [] }
    /// The `if` branch.
    public static func buildEither(first routes: [Route]) -> [Route] { routes }
    /// The `else` branch.
    public static func buildEither(second routes: [Route]) -> [Route] { routes }
    /// Routes from a `for` loop.
    public static func buildArray(_ parts: [[Route]]) -> [Route] { parts.flatMap { $0 } }
}

extension Route {
    /// A page at `path` whose root view is `content()`; each session gets its own graph of it.
    ///
    /// - Parameters:
    ///   - path: the page path, e.g. `/counter` (paths under `/liveui/` and `/public/` are reserved).
    ///   - changeLog: where the graph's `_printChanges()` lines go (standard output by default).
    ///   - content: the root view, built once per (session, route).
    public init<Content: View & SendableMetatype>(
        _ path: String, changeLog: ChangeLog = .standardOutput, @ViewBuilder content: @escaping @Sendable () -> Content
    ) {
        self.init(path: path) { LiveSession(changeLog: changeLog) { content() } }
    }
}
