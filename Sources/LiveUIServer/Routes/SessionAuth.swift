/// How requests name their session and prove they may change it.
struct SessionAuth: Sendable {
    /// The session cookie's name.
    static let cookieName = "liveui_sid"
    /// The browser's cookie (a durable store's `@AppStorage` is kept per browser).
    static let browserCookieName = "liveui_browser"

    let context: ServerContext

    /// The live session the request names (`X-LiveUI-Session`, else the `liveui_sid` cookie): 403 without
    /// one, 410 if it is unknown or expired.
    /// With a durable store, a session this process does not hold is resumed from the store (503 while the
    /// store is down or another instance holds it); its token is then checked as any other's.
    func session(_ request: HTTPRequest) throws(ServerError) -> ServerSession {
        // The header's value is looked up as received, without a string made of it.
        enum Named { case byHeader(Result<ServerSession?, ServerError>), emptyHeader, noHeader }
        let store = context.store
        let named = request.headers.withFirst("x-liveui-session") { value -> Named in
            guard let value else { return .noHeader }
            if value.isEmpty { return .emptyHeader }
            return .byHeader(Result { () throws(ServerError) in try store.lookupOrResume(idBytes: value) })
        }
        switch named {
        case .byHeader(let found):
            guard let session = try found.get() else { throw .sessionExpired }
            return session
        case .emptyHeader: throw .missingSession
        case .noHeader:
            guard let id = request.cookies[Self.cookieName], !id.isEmpty else { throw .missingSession }
            guard let session = try store.lookupOrResume(id) else { throw .sessionExpired }
            return session
        }
    }

    /// 403 unless the token (header `X-LiveUI-Token`, else `bodyToken`) is the session's.
    func requireToken(_ request: HTTPRequest, session: ServerSession, bodyToken: String?) throws(ServerError) {
        // The header's value is compared as received (no string made of it).
        let byHeader = request.headers.withFirst("x-liveui-token") { value in value.map { session.accepts(tokenBytes: $0) } }
        guard byHeader ?? session.accepts(token: bodyToken) else { throw .badToken }
    }

    /// 403 if `Origin` is present and is not this server (`http(s)://` + the `Host` header).
    func requireSameOrigin(_ request: HTTPRequest) throws(ServerError) {
        guard let origin = request.header("origin") else { return }
        guard let host = request.header("host"), !host.isEmpty else { throw .foreignOrigin }
        let scheme = context.configuration.behindHTTPS ? "https" : "http"
        guard origin.lowercased() == "\(scheme)://\(host.lowercased())" else { throw .foreignOrigin }
    }

    /// Saves what rendering the page of `host` changed (its initial state, the session's token), inside the job
    /// that rendered it, before the page is answered: a session resumes even before its first event. Nil with
    /// the `memory` store or once saved; the 503 otherwise.
    static func saveRendered(_ host: GraphHost) -> ServerError? {
        host.saver?.save(host.graph, tab: nil, seq: nil)
    }

    /// The `Set-Cookie` value for `session`.
    func cookie(for session: ServerSession) -> String {
        "\(Self.cookieName)=\(session.id); Path=/; HttpOnly; SameSite=Lax" + (context.configuration.behindHTTPS ? "; Secure" : "")
    }

    /// The `Set-Cookie` value naming the browser `id` for 400 days (the longest browsers keep a cookie).
    func browserCookie(_ id: String) -> String {
        "\(Self.browserCookieName)=\(id); Path=/; Max-Age=34560000; HttpOnly; SameSite=Lax"
            + (context.configuration.behindHTTPS ? "; Secure" : "")
    }

    /// The route the request names, not yet checked: its `route` query, else the body's.
    static func namedRoute(_ request: HTTPRequest, bodyRoute: String?) -> String? {
        request.query["route"] ?? bodyRoute
    }

    /// The graph the request addresses (named route or the session's most recent one); 404 if none is open.
    /// Only with `opening` (an event) is a named route the session has not opened yet opened; a GET that
    /// names one is 404 `unknown_route`: reading never builds a graph (which would run its `onAppear`).
    func graph(
        _ request: HTTPRequest, session: ServerSession, bodyRoute: String? = nil, opening: Bool = false
    ) throws(ServerError) -> GraphHost {
        if let named = Self.namedRoute(request, bodyRoute: bodyRoute) {
            // A page the session has open was authorised when it was opened; `open` checks any other.
            if let host = session.openedGraph(route: named) { return host }
            // A resumed session rebuilds a page it had open on any request naming it (a stream reconnecting).
            guard opening || session.durability?.knows(named) == true else { throw .unknownRoute(String(named.prefix(200))) }
            return try open(target(named, request), in: session)
        }
        guard let host = session.graph(route: nil) else { throw .notFound("no page is open in this session") }
        return host
    }

    /// The page `route` (a concrete path, percent-encoded as in a URL) names, for `request`, authorised by
    /// the app's hook: 404 when no page matches, 400 when it does not decode, 403 when the hook refuses.
    func target(_ route: String, _ request: HTTPRequest) throws(ServerError) -> PageTarget {
        guard let match = try context.routes.match(raw: route), let page = match.page else {
            throw .notFound("route \(route.prefix(200))")
        }
        let live = try request.liveRequest(path: match.path, parameters: match.parameters)
        return PageTarget(route: page, path: match.path, request: live, grant: try context.requireAccess(live))
    }

    /// The session's graph for `target`, created if needed (or replaced, when it was opened for another
    /// identity).
    func open(_ target: PageTarget, in session: ServerSession) throws(ServerError) -> GraphHost {
        let logLength = context.configuration.patchLogLength
        let eventsOnCaller = context.configuration.eventsOnServerThreads
        let quickEventLimit = Duration.microseconds(context.configuration.quickEventMicroseconds)
        let sleepingRowMinimum = context.configuration.sleepingRowMinimum
        // Made before the session's lock is taken: the session's objects are made under that lock.
        let environment = context.pageEnvironment(request: target.request, session: session, grant: target.grant)
        let serverThreads = context.configuration.threads
        let store = context.store
        guard
            let (host, created, replaced) = session.openGraph(
                route: target.path, identity: target.grant.identity,
                make: {
                    var setup = RouteDefinition.Setup(request: target.request, environment: environment)
                    var saver: RouteSaver?
                    if let durability = session.durability {
                        let drop: @Sendable () -> Void = { [weak session] in
                            if let session { store.drop(session, reason: "reload") }
                        }
                        (setup.persistence, setup.firstVersion, saver) = durability.setup(route: target.path, drop: drop)
                    }
                    // The route's session takes the configured minimum unless it names its own.
                    let graph = LiveSession.$defaultSleepingRowMinimum.withValue(sleepingRowMinimum) { target.route.makeGraph(setup) }
                    return GraphHost(
                        route: target.path, graph: graph, logLength: logLength, eventsOnCaller: eventsOnCaller,
                        quickEventLimit: quickEventLimit, identity: target.grant.identity, serverThreads: serverThreads,
                        saver: saver)
                })
        else { throw .sessionExpired }
        if let replaced {
            context.logger.debug("session \(session.id.prefix(8)) reopened \(target.path.prefix(200)) for another identity")
            Task { await replaced.close(reason: "signed in as another user") }
        } else if created {
            context.logger.debug("session \(session.id.prefix(8)) opened \(target.path.prefix(200))")
        }
        return host
    }
}

/// A page to open in a session: the route, its concrete path, the request that opens it and what the
/// `authorize` hook granted.
struct PageTarget: Sendable {
    let route: RouteDefinition
    /// The concrete path in canonical form: the graph's name in its session.
    let path: String
    let request: Request
    let grant: Grant
}
