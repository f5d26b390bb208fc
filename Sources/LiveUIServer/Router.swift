import Foundation
import LiveUI

/// Everything a route handler may use.
final class ServerContext: Sendable {
    let configuration: Configuration
    /// The app's pages and endpoints by pattern.
    let routes: RouteTable
    /// The app's not-found page, if it declared one.
    let notFound: (@Sendable (Request) -> LiveSession)?
    /// The `authorize` hook and the objects pages get.
    let app: AppOptions
    /// The first declared page without parameters: used by `POST /liveui/session` without `route`.
    let defaultRoute: String?
    let store: SessionStore
    let metrics: Metrics
    let logger: Logger
    let staticFiles: StaticFiles
    /// What every page's `<head>` holds besides its token and route.
    let head: PageHead
    /// Whether every LiveUI worker is stuck on one job (``EventWatch/workersStuck``): `/healthz` is then 503.
    let workersStuck: @Sendable () -> Bool

    /// A context serving `routes`; throws naming the first route that cannot be served.
    init(
        configuration: Configuration, routes: [Route], app: AppOptions = AppOptions(), store: SessionStore, metrics: Metrics,
        logger: Logger, workersStuck: @escaping @Sendable () -> Bool = { EventWatch.shared.workersStuck }
    ) throws(RouteError) {
        self.workersStuck = workersStuck
        var pages: [RouteDefinition] = []
        var endpoints: [EndpointDefinition] = []
        var notFound: (@Sendable (Request) -> LiveSession)?
        for route in routes {
            switch route.kind {
            case .page(let page): pages.append(page)
            case .endpoint(let endpoint): endpoints.append(endpoint)
            case .notFound(let make):
                guard notFound == nil else { throw RouteError(pattern: "*", problem: "NotFound is declared twice") }
                notFound = make
            }
        }
        self.routes = try RouteTable(pages: pages, endpoints: endpoints)
        self.notFound = notFound
        self.configuration = configuration
        self.app = app
        defaultRoute = pages.first { (try? $0.pattern.parameterNames.isEmpty) == true }?.path
        self.store = store
        self.metrics = metrics
        self.logger = logger
        staticFiles = StaticFiles(directory: configuration.publicDirectory)
        self.head = PageHead(app.head)
        if !staticFiles.hasAppDirectory {
            logger.info("publicDirectory \(configuration.publicDirectory) does not exist: /public/ serves LiveUI's client only")
        }
        for problem in self.head.problems { logger.warning("head element \(problem)") }
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

    /// A path of the app's: its page, its endpoint, or the not-found page. A path that does not decode is
    /// 400, a method the path does not serve 405 (both as HTML pages for `GET` and `HEAD`).
    private func app(_ request: HTTPRequest, respond: @escaping Respond) throws(ServerError) {
        let read = request.method == "GET" || request.method == "HEAD"
        let match: RouteTable.Match?
        do {
            match = try context.routes.match(raw: request.pathAsSent())
        } catch {
            guard read else { throw error }
            respond(ErrorPage.response(for: error))
            return
        }
        guard let match else {
            NotFoundPage(context: context).respond(request, rendering: read, respond: respond)
            return
        }
        if read, let page = match.page {
            try PageRoute(context: context).render(page, match, request, respond: respond)
        } else if let endpoint = match.endpoints.first(where: {
            $0.method.rawValue == request.method || (request.method == "HEAD" && $0.method == .get)
        }) {
            try EndpointRoute(context: context).handle(endpoint, match, request, respond: respond)
        } else {
            let allowed = (match.page == nil ? [] : ["GET", "HEAD"]) + match.endpoints.map(\.method.rawValue)
            throw .methodNotAllowed(allowed: allowed)
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
                if let answer = files.client.response(for: relative, ifNoneMatch: etag) {
                    respond(answer)
                } else {
                    // The app's files are read from disk: off the server's thread.
                    DispatchQueue.global().async { respond(files.appResponse(for: relative, ifNoneMatch: etag)) }
                }
            } else if path.hasPrefix(InspectorRoute.prefix + "/") {
                try allow(read)
                try InspectorRoute(context: context).render(request, respond: respond)
            } else if path == PreviewsRoute.path {
                try allow(read)
                try PreviewsRoute(context: context).render(request, respond: respond)
            } else if path.hasPrefix("/liveui/") {
                throw .notFound(path.count > 200 ? String(path.prefix(200)) + "…" : path)
            } else {
                try app(request, respond: respond)
            }
        }
    }
}
