/// `GET /liveui/html` and `GET /liveui/tree`: the current HTML and the view graph of a session's page.
struct InspectRoute: Sendable {
    let context: ServerContext

    /// The current HTML of the graph's root; `X-LiveUI-Version` carries its version.
    func html(_ request: HTTPRequest, respond: @escaping @Sendable (HTTPResponse) -> Void) throws(ServerError) {
        let auth = SessionAuth(context: context)
        let session = try auth.session(request)
        let host = try auth.graph(request, session: session)
        host.graph.html { html in
            let version = host.graph.version
            // A page's headers (CSP, no framing, no caching): this is HTML of the session's page too.
            var response = HTTPResponse.text(html, contentType: "text/html; charset=utf-8")
            response.headers += PageRoute.securityHeaders
            respond(response.adding("X-LiveUI-Version", String(version)))
        }
    }

    /// The graph as JSON (404 unless the inspector is on, 403 without the session's token in
    /// `X-LiveUI-Token`: state values are the session's own). `SecureField` text is shown redacted.
    func tree(_ request: HTTPRequest, respond: @escaping @Sendable (HTTPResponse) -> Void) throws(ServerError) {
        guard context.configuration.inspectorEnabled else { throw .notFound("/liveui/tree (the inspector is off)") }
        let auth = SessionAuth(context: context)
        let session = try auth.session(request)
        try auth.requireToken(request, session: session, bodyToken: nil)
        let host = try auth.graph(request, session: session)
        Task { respond(.json(await host.graph.treeJSON()).adding("Cache-Control", "no-store")) }
    }
}
