import LiveUI

/// A page the server renders: its pattern and how a graph of it is made for one (session, path).
struct RouteDefinition: Sendable {
    /// What a new graph of the page is made with.
    struct Setup {
        /// The request that opened the page (path, parameters, query, headers, cookies, address).
        let request: Request
        /// Writes the page's root environment: the request, the app's and the session's objects, and what
        /// the `authorize` hook handed over.
        let environment: (inout EnvironmentValues) -> Void
        /// What the graph saves its state with and restores (nil: the `memory` store, nothing saved).
        var persistence: StatePersistence? = nil
        /// The version the graph's updates are numbered after (non-zero for a graph rebuilt in a resumed session).
        var firstVersion = 0
    }

    /// The pattern as written, e.g. `/items/:id`.
    let path: String
    /// The parsed pattern, or the reason it cannot be served (reported when the server is made).
    let parsed: Result<RoutePattern, RouteError>
    /// Makes a fresh graph for a new (session, path).
    let makeGraph: @Sendable (Setup) -> any HostedGraph

    init(path: String, makeGraph: @escaping @Sendable (Setup) -> any HostedGraph) {
        self.path = path
        self.makeGraph = makeGraph
        parsed = Result { () throws(RouteError) in try RoutePattern(path) }
    }

    /// A page whose graph does not read its request (tests host their own graphs this way).
    init(path: String, makeGraph: @escaping @Sendable () -> any HostedGraph) {
        self.init(path: path) { _ in makeGraph() }
    }

    /// The parsed pattern (only called once the table was built, which checked it).
    var pattern: RoutePattern {
        get throws(RouteError) { try parsed.get() }
    }
}
