import Foundation
import LiveUI

/// A path the server renders: its root view graph is made once per session.
struct RouteDefinition: Sendable {
    /// The page path, e.g. `/counter`.
    let path: String
    /// Makes a fresh graph for a new session.
    let makeGraph: @Sendable () -> any HostedGraph
}

/// Everything a route handler may use.
final class ServerContext: Sendable {
    let configuration: Configuration
    let routes: [String: RouteDefinition]
    /// The first declared route: used by `POST /liveui/session` without `route`.
    let defaultRoute: String?
    let store: SessionStore
    let metrics: Metrics
    let logger: Logger
    let staticFiles: StaticFiles
    /// Whether every LiveUI worker is stuck on one job (``EventWatch/workersStuck``): `/healthz` is then 503.
    let workersStuck: @Sendable () -> Bool

    init(
        configuration: Configuration, routes: [RouteDefinition], store: SessionStore, metrics: Metrics, logger: Logger,
        workersStuck: @escaping @Sendable () -> Bool = { EventWatch.shared.workersStuck }
    ) {
        self.workersStuck = workersStuck
        for route in routes {
            precondition(route.path.hasPrefix("/"), "Route(\"\(route.path)\"): a route path starts with /")
            precondition(
                !route.path.hasPrefix("/liveui/") && !route.path.hasPrefix("/public/") && route.path != "/healthz"
                    && route.path != "/metrics",
                "Route(\"\(route.path)\") collides with a path the server reserves")
        }
        var byPath: [String: RouteDefinition] = [:]
        for route in routes {
            precondition(byPath[route.path] == nil, "Route(\"\(route.path)\") is declared twice")
            byPath[route.path] = route
        }
        self.configuration = configuration
        self.routes = byPath
        defaultRoute = routes.first?.path
        self.store = store
        self.metrics = metrics
        self.logger = logger
        staticFiles = StaticFiles(directory: configuration.publicDirectory)
    }
}

/// Dispatches a request by path and method to its route; every fault becomes the JSON error of `ServerError`.
struct Router: Sendable {
    typealias Respond = @Sendable (HTTPResponse) -> Void

    let context: ServerContext

    /// The `/healthz` answer, built once: it is the load balancer's most frequent request.
    private static let healthz = HTTPResponse.text("ok\n").adding("Cache-Control", "no-store")

    /// Handles `request`, calling `respond` exactly once. (Every answer leaves with
    /// `X-Content-Type-Options: nosniff`, which the HTTP server adds as it sends it.)
    func handle(_ request: HTTPRequest, respond: @escaping Respond) {
        do {
            try route(request, respond: respond)
        } catch {
            respond(error.response)
        }
    }

    private func route(_ request: HTTPRequest, respond: @escaping Respond) throws(ServerError) {
        let path = request.path
        let read = ["GET", "HEAD"]
        func allow(_ methods: [String]) throws(ServerError) {
            guard methods.contains(request.method) else { throw .methodNotAllowed(allowed: methods) }
        }
        switch path {
        case "/healthz":
            try allow(read)
            // Every LiveUI worker stuck on one job: the process serves HTTP but applies no event.
            if context.workersStuck() { throw .unavailable("every LiveUI worker is stuck on a job running too long") }
            respond(Self.healthz)
        case "/metrics":
            try allow(read)
            context.metrics.setSessions(context.store.count, graphs: context.store.graphCount)
            respond(.text(context.metrics.render(), contentType: "text/plain; version=0.0.4; charset=utf-8"))
        case "/liveui/session":
            try allow(["POST"])
            try SessionRoute(context: context).create(request, respond: respond)
        case "/liveui/event":
            try allow(["POST"])
            try EventRoute(context: context).handle(request, respond: respond)
        case "/liveui/stream":
            try allow(["GET"])
            try StreamRoute(context: context).open(request, respond: respond)
        case "/liveui/html":
            try allow(read)
            try InspectRoute(context: context).html(request, respond: respond)
        case "/liveui/tree":
            try allow(read)
            try InspectRoute(context: context).tree(request, respond: respond)
        default:
            if path.hasPrefix("/public/") {
                try allow(read)
                let relative = String(path.dropFirst("/public/".count))
                let files = context.staticFiles
                let etag = request.header("if-none-match")
                DispatchQueue.global().async { respond(files.response(for: relative, ifNoneMatch: etag)) }
            } else if let route = context.routes[path] {
                try allow(read)
                try PageRoute(context: context).render(route, request, respond: respond)
            } else {
                throw .notFound(path.count > 200 ? String(path.prefix(200)) + "…" : path)
            }
        }
    }
}
