/// How requests name their session and prove they may change it.
struct SessionAuth: Sendable {
    /// The session cookie's name.
    static let cookieName = "liveui_sid"

    let context: ServerContext

    /// The live session the request names (`X-LiveUI-Session`, else the `liveui_sid` cookie): 403 without
    /// one, 410 if it is unknown or expired.
    func session(_ request: HTTPRequest) throws(ServerError) -> ServerSession {
        // The header's value is looked up as received, without a string made of it.
        enum Named { case byHeader(ServerSession?), emptyHeader, noHeader }
        let named = request.headers.withFirst("x-liveui-session") { value -> Named in
            guard let value else { return .noHeader }
            return value.isEmpty ? .emptyHeader : .byHeader(context.store.lookup(idBytes: value))
        }
        switch named {
        case .byHeader(let session?): return session
        case .byHeader(nil): throw .sessionExpired
        case .emptyHeader: throw .missingSession
        case .noHeader:
            guard let id = request.cookies[Self.cookieName], !id.isEmpty else { throw .missingSession }
            guard let session = context.store.lookup(id) else { throw .sessionExpired }
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

    /// The `Set-Cookie` value for `session`.
    func cookie(for session: ServerSession) -> String {
        "\(Self.cookieName)=\(session.id); Path=/; HttpOnly; SameSite=Lax" + (context.configuration.behindHTTPS ? "; Secure" : "")
    }

    /// The route a request names (`route` query or body field), validated against the declared routes.
    func route(_ request: HTTPRequest, bodyRoute: String? = nil) throws(ServerError) -> String? {
        guard let route = Self.namedRoute(request, bodyRoute: bodyRoute) else { return nil }
        guard context.routes[route] != nil else { throw .notFound("route \(route.prefix(200))") }
        return route
    }

    /// The route the request names, not yet checked: its `route` query, else the body's.
    private static func namedRoute(_ request: HTTPRequest, bodyRoute: String?) -> String? {
        request.query["route"] ?? bodyRoute
    }

    /// The graph the request addresses (named route or the session's most recent one); 404 if none is open.
    func graph(_ request: HTTPRequest, session: ServerSession, bodyRoute: String? = nil) throws(ServerError) -> GraphHost {
        if let named = Self.namedRoute(request, bodyRoute: bodyRoute) {
            // A route the session has open was checked against the declared routes when it was opened;
            // `open` checks any other.
            if let host = session.openedGraph(route: named) { return host }
            return try open(named, in: session)
        }
        guard let host = session.graph(route: nil) else { throw .notFound("no page is open in this session") }
        return host
    }

    /// The session's graph for `route`, created if needed.
    func open(_ route: String, in session: ServerSession) throws(ServerError) -> GraphHost {
        guard let definition = context.routes[route] else { throw .notFound("route \(route.prefix(200))") }
        let logLength = context.configuration.patchLogLength
        let eventsOnCaller = context.configuration.eventsOnServerThreads
        let quickEventLimit = Duration.microseconds(context.configuration.quickEventMicroseconds)
        let sleepingRowMinimum = context.configuration.sleepingRowMinimum
        let serverThreads = context.configuration.threads
        guard
            let (host, created) = session.openGraph(
                route: route,
                make: {
                    // The route's session takes the configured minimum unless it names its own.
                    let graph = LiveSession.$defaultSleepingRowMinimum.withValue(sleepingRowMinimum) { definition.makeGraph() }
                    return GraphHost(
                        route: route, graph: graph, logLength: logLength, eventsOnCaller: eventsOnCaller,
                        quickEventLimit: quickEventLimit, serverThreads: serverThreads)
                })
        else { throw .sessionExpired }
        if created { context.logger.debug("session \(session.id.prefix(8)) opened \(route)") }
        return host
    }
}
