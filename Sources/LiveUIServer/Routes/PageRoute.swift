import LiveUI

/// `GET /<route>`: the full page, creating the session (cookie) or resuming it (a reload keeps the state).
struct PageRoute: Sendable {
    let context: ServerContext

    /// Security headers every page carries. Inline `style` attributes are allowed because views use them.
    /// No page may be framed (`frame-ancestors 'none'`, and `X-Frame-Options` for browsers without CSP 2):
    /// a framed page's buttons could be clicked through a decoy.
    static let securityHeaders: [(name: String, value: String)] = [
        (
            "Content-Security-Policy",
            "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'; "
                + "base-uri 'none'; form-action 'self'"
        ),
        ("X-Frame-Options", "DENY"),
        ("Referrer-Policy", "same-origin"),
        ("Cache-Control", "no-store"),
        ("Vary", "Cookie"),
    ]

    /// Answers `GET` of the page `route` matched as `match`: the `authorize` hook may refuse (403 page) or
    /// redirect (303); otherwise the session's graph for the concrete path, made if needed.
    func render(
        _ route: RouteDefinition, _ match: RouteTable.Match, _ request: HTTPRequest,
        respond: @escaping @Sendable (HTTPResponse) -> Void
    ) throws(ServerError) {
        let live = try request.liveRequest(path: match.path, parameters: match.parameters)
        let grant: Grant
        do {
            switch try context.authorize(live) {
            case .allowed(let allowed): grant = allowed
            case .denied:
                respond(ErrorPage.response(status: 403, title: ErrorPage.title(403), message: "You may not see this page."))
                return
            case .redirect(let location):
                respond(HTTPResponse(status: 303, headers: [("Location", location), ("Cache-Control", "no-store")]))
                return
            }
        } catch {
            respond(ErrorPage.response(for: error))
            return
        }
        let auth = SessionAuth(context: context)
        var cookies: [String] = []
        let session: ServerSession
        let resumed: ServerSession?
        do throws(ServerError) {
            resumed = try request.cookies[SessionAuth.cookieName].flatMap { id throws(ServerError) in try context.store.lookupOrResume(id) }
        } catch {
            // The store is down or another instance holds the session: a page saying so, to be reloaded.
            let retryAfter = error.response.headers.first { $0.name == "Retry-After" }?.value ?? "1"
            respond(ErrorPage.response(for: error).adding("Retry-After", retryAfter))
            return
        }
        if let existing = resumed {
            session = existing
        } else {
            var browser: String?
            if context.store.durable != nil {
                // The browser's own id, for its app storage: kept across sessions for 400 days.
                if let known = request.cookies[SessionAuth.browserCookieName], SecureToken.isWellFormed(known) {
                    browser = known
                } else {
                    let made = SecureToken.hex()
                    browser = made
                    cookies.append(auth.browserCookie(made))
                }
            }
            session = try context.store.create(for: request.remoteAddress, browser: browser)
            cookies.append(auth.cookie(for: session))
            context.logger.info("session \(session.id.prefix(8)) started (\(request.remoteAddress), \(match.path.prefix(200)))")
        }
        let host = try auth.open(PageTarget(route: route, path: match.path, request: live, grant: grant), in: session)
        let setCookies = cookies
        host.graph.html(withTitle: { html, title in
            if let error = SessionAuth.saveRendered(host) {
                respond(ErrorPage.response(for: error).adding("Retry-After", "1"))
                return
            }
            let page = Self.page(
                html: html, version: host.graph.version, token: session.token, route: match.path, title: title,
                head: context.head)
            var response = HTTPResponse.text(page, contentType: "text/html; charset=utf-8")
            response.headers += Self.securityHeaders
            for cookie in setCookies { response.headers.append(("Set-Cookie", cookie)) }
            respond(response)
        })
    }

    /// The page around the root's HTML: `title` when the page's views set one, else the app's (`head`).
    /// The root is the page's `<main>` landmark, so that every page has one and all its content is inside
    /// a landmark, whatever its views are.
    static func page(
        html: String, version: Int, token: String, route: String, title: String? = nil, head: PageHead = PageHead()
    ) -> String {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        \(head.viewport)
        <meta name="liveui-token" content="\(escapedAttribute(token))">
        <meta name="liveui-route" content="\(escapedAttribute(route))">
        <title>\(escapedText(title ?? head.title))</title>
        \(head.links)</head>
        <body>
        <main id="liveui-root" data-liveui-version="\(version)">\(html)</main>
        <script type="module" src="\(head.scriptURL)"></script>
        </body>
        </html>

        """
    }
}
