import LiveUI

/// `GET /liveui/previews`: in development mode, a page in the browser's session showing every
/// `PreviewProvider` of the program and its previews, live (``PreviewCatalog``); 404 in production.
struct PreviewsRoute: Sendable {
    /// The page's path.
    static let path = "/liveui/previews"

    let context: ServerContext

    /// Opens (or resumes) the previews page, as any page is opened: the session is made if needed.
    func render(_ request: HTTPRequest, respond: @escaping @Sendable (HTTPResponse) -> Void) throws(ServerError) {
        guard context.configuration.mode == .development else { throw .notFound("\(Self.path) (development mode only)") }
        let match = RouteTable.Match(page: Self.definition, endpoints: [], parameters: [:], path: Self.path)
        try PageRoute(context: context).render(Self.definition, match, request, respond: respond)
    }

    /// The page: a graph per session of the gallery of every provider found.
    static let definition = RouteDefinition(path: path) { setup in
        LiveSession(changeLog: .discard, sleepingRowMinimum: LiveSession.defaultSleepingRowMinimum, environment: setup.environment) {
            PreviewGallery(entries: PreviewCatalog.all)
        }
    }
}
