import LiveUI

/// One entry of an application's route list: a page (``Route``), an ``Endpoint`` or the ``NotFound`` page.
///
/// ```swift
/// LiveServer(configuration: .load()) {
///     Route("/") { Gallery() }
///     Route("/items/:id") { request in ItemPage(id: request.parameters["id"] ?? "") }
///     Endpoint("/login", method: .post) { request in .redirect("/") }
///     NotFound { request in MissingPage(path: request.path) }
/// }
/// ```
public struct Route: Sendable {
    enum Kind: Sendable {
        case page(RouteDefinition)
        case endpoint(EndpointDefinition)
        case notFound(@Sendable (Request) -> LiveSession)
    }

    let kind: Kind

    init(_ kind: Kind) { self.kind = kind }

    /// A page whose graph `makeGraph` makes without reading its request (tests host their own graphs).
    init(path: String, makeGraph: @escaping @Sendable () -> any HostedGraph) {
        self.init(.page(RouteDefinition(path: path, makeGraph: makeGraph)))
    }

    /// The path pattern as written, e.g. `/items/:id` (`*` for the not-found page).
    public var path: String {
        switch kind {
        case .page(let page): page.path
        case .endpoint(let endpoint): endpoint.path
        case .notFound: "*"
        }
    }
}

extension Route {
    /// A page at `path` whose root view is `content()`; each session gets its own graph of it.
    ///
    /// - Parameters:
    ///   - path: the page path, e.g. `/counter` (paths under `/liveui/` and `/public/` are reserved).
    ///   - changeLog: where the graph's `_printChanges()` lines go (standard output by default).
    ///   - content: the root view, built once per (session, page).
    public init<Content: View & SendableMetatype>(
        _ path: String, changeLog: ChangeLog = .standardOutput, @ViewBuilder content: @escaping @Sendable () -> Content
    ) {
        self.init(path, changeLog: changeLog) { (_: Request) in content() }
    }

    /// A page at a path pattern whose `:name` segments are parameters: `/items/:id` serves `/items/7` with
    /// `request.parameters["id"] == "7"` (percent-decoded). Each concrete path is a page of its own: a
    /// session's `/items/7` and `/items/8` are two graphs. At each segment a literal pattern (`/items/new`)
    /// wins over a parameter.
    ///
    /// - Parameters:
    ///   - path: the pattern, e.g. `/items/:id`; one that cannot be parsed stops the server at start-up.
    ///   - changeLog: where the graph's `_printChanges()` lines go (standard output by default).
    ///   - content: the root view for the request that opened the page, built once per (session, path);
    ///     the same request is what its views read with `@Environment(\.request)`.
    public init<Content: View & SendableMetatype>(
        _ path: String, changeLog: ChangeLog = .standardOutput,
        @ViewBuilder content: @escaping @Sendable (Request) -> Content
    ) {
        self.init(
            .page(
                RouteDefinition(path: path) { setup in
                    LiveSession(
                        changeLog: changeLog, sleepingRowMinimum: LiveSession.defaultSleepingRowMinimum,
                        persistence: setup.persistence, firstVersion: setup.firstVersion, environment: setup.environment
                    ) { content(setup.request) }
                }))
    }
}

/// The page for paths no route matches (`404`), rendered once per request from a view, without a session.
///
/// ```swift
/// NotFound { request in Text("Nothing at \(request.path)") }
/// ```
/// Without one, a plain page with a link to `/` answers.
public struct NotFound: Sendable {
    let make: @Sendable (Request) -> LiveSession

    /// The not-found page whose body is `content(request)`.
    public init<Content: View & SendableMetatype>(@ViewBuilder content: @escaping @Sendable (Request) -> Content) {
        make = { request in LiveSession(request: request) { content(request) } }
    }
}

/// Builds the route list of a `LiveServer`: a plain list, with `if`, `if/else` and `for` allowed.
@resultBuilder
public enum RouteBuilder {
    /// One route.
    public static func buildExpression(_ route: Route) -> [Route] { [route] }
    /// An endpoint.
    public static func buildExpression(_ endpoint: Endpoint) -> [Route] { [Route(.endpoint(endpoint.definition))] }
    /// The not-found page.
    public static func buildExpression(_ notFound: NotFound) -> [Route] { [Route(.notFound(notFound.make))] }
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
