import LiveUI

/// `POST /liveui/session?route=/x`: a session for clients without cookies.
struct SessionRoute: Sendable {
    let context: ServerContext

    /// Answers `{"session","token","version","html"}` (and sets the cookie, for browsers).
    func create(_ request: HTTPRequest, respond: @escaping @Sendable (HTTPResponse) -> Void) throws(ServerError) {
        let auth = SessionAuth(context: context)
        try auth.requireSameOrigin(request)
        guard let route = SessionAuth.namedRoute(request, bodyRoute: nil) ?? context.defaultRoute else {
            throw .notFound("no routes are declared")
        }
        let target = try auth.target(route, request)
        let session = try context.store.create(for: request.remoteAddress)
        context.logger.info("session \(session.id.prefix(8)) started (\(request.remoteAddress), \(target.path.prefix(200)))")
        let host = try auth.open(target, in: session)
        let cookie = auth.cookie(for: session)
        host.graph.html { html in
            if let error = SessionAuth.saveRendered(host) {
                respond(error.response)
                return
            }
            let version = host.graph.version
            let body =
                "{\"session\":\(JSONString(session.id)),\"token\":\(JSONString(session.token)),\"version\":\(version),\"html\":\(JSONString(html))}"
            respond(HTTPResponse.json(body).adding("Set-Cookie", cookie))
        }
    }
}
