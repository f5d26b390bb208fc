import LiveUI

/// `GET /liveui/inspect/<route>`: a LiveUI page, in the browser's own session, showing the graph of that
/// session's page `/<route>` live. Served only when the inspector is on (development mode); the session
/// comes from the `liveui_sid` cookie (403 without one), so a page shows only its own session's state,
/// and the page carries the usual no-framing headers, so no other site can show or click it.
struct InspectorRoute: Sendable {
    /// The prefix before the inspected route.
    static let prefix = "/liveui/inspect"

    let context: ServerContext

    /// Opens (or resumes) the inspector page for the route after ``prefix``: 404 when the inspector is
    /// off or the session has not opened that page.
    func render(_ request: HTTPRequest, respond: @escaping @Sendable (HTTPResponse) -> Void) throws(ServerError) {
        guard context.configuration.inspectorEnabled else { throw .notFound("\(Self.prefix) (the inspector is off)") }
        let inspected = String(request.path.dropFirst(Self.prefix.count))
        let auth = SessionAuth(context: context)
        guard let id = request.cookies[SessionAuth.cookieName], !id.isEmpty else { throw .missingSession }
        guard let session = context.store.lookup(id) else { throw .sessionExpired }
        guard let target = session.openedGraph(route: inspected) else { throw .unknownRoute(String(inspected.prefix(200))) }
        let live = try request.liveRequest(path: request.path, parameters: [:])
        let definition = RouteDefinition(path: request.path) { setup in
            Self.makeGraph(inspecting: target.graph, route: inspected, setup: setup)
        }
        let host = try auth.open(
            PageTarget(route: definition, path: request.path, request: live, grant: try context.requireAccess(live)),
            in: session)
        let head = context.head
        host.graph.html { html in
            let page = PageRoute.page(
                html: html, version: host.graph.version, token: session.token, route: request.path,
                title: "Inspector: \(inspected)", head: head)
            var response = HTTPResponse.text(page, contentType: "text/html; charset=utf-8")
            response.headers += PageRoute.securityHeaders
            respond(response)
        }
    }

    /// The inspector's graph, refreshed from `inspected` after each of its updates for as long as the
    /// inspector's view (which owns the feed, and so the subscription) lives.
    static func makeGraph(inspecting inspected: any HostedGraph, route: String, setup: RouteDefinition.Setup) -> LiveSession {
        let feed = InspectorFeed(model: SharedModel(InspectorSnapshot(route: route)))
        // Weak both ways: the inspected graph's subscribers must not keep it (or the inspector) alive.
        feed.keep(inspected.subscribeUpdates { [weak feed, weak inspected] _ in
            if let inspected { feed?.refresh(from: inspected) }
        })
        feed.keep(inspected.subscribeChangeLines { [weak feed] line in
            feed?.model.update { snapshot in
                snapshot.changes.append(line)
                if snapshot.changes.count > InspectorSnapshot.changeLimit { snapshot.changes.removeFirst() }
            }
        })
        // The first read starts when the inspector's view appears: its update then reaches the page that is
        // being served (read any earlier, it could be published before the page's host listens for it).
        feed.onFirstAppear { [weak feed, weak inspected] in
            if let inspected { feed?.refresh(from: inspected) }
        }
        return LiveSession(
            changeLog: .discard, sleepingRowMinimum: LiveSession.defaultSleepingRowMinimum, environment: setup.environment
        ) { InspectorView(model: feed.model, feed: feed) }
    }
}

/// The inspector's data and its subscription to the inspected graph, which ends when the feed does.
final class InspectorFeed: Sendable {
    /// What the inspector view shows.
    let model: SharedModel<InspectorSnapshot>
    private let cancels = Locked<[@Sendable () -> Void]>([])
    /// Whether a refresh runs, and whether another update came while it did.
    private let refreshing = Locked<(running: Bool, again: Bool)>((false, false))

    /// The first read of the inspected graph, run once when the inspector's view appears.
    private let first = Locked<(@Sendable () -> Void)?>(nil)

    init(model: SharedModel<InspectorSnapshot>) { self.model = model }

    /// Runs `read` when the inspector's view first appears (``appeared()``).
    func onFirstAppear(_ read: @escaping @Sendable () -> Void) { first.withLock { $0 = read } }

    /// The inspector's view appeared: the first read starts (once).
    func appeared() {
        let read = first.withLock { read -> (@Sendable () -> Void)? in
            defer { read = nil }
            return read
        }
        read?()
    }

    /// Holds `cancel` until the feed ends, then calls it.
    func keep(_ cancel: @escaping @Sendable () -> Void) { cancels.withLock { $0.append(cancel) } }

    /// Reads `inspected`'s tree into the model: one read at a time, in order (a later read never loses to
    /// an earlier one), and updates that come while one runs are folded into one more read.
    func refresh(from inspected: any HostedGraph) {
        let start = refreshing.withLock { state -> Bool in
            if state.running { state.again = true }
            defer { state.running = true }
            return !state.running
        }
        guard start else { return }
        Task {
            repeat {
                let json = await inspected.treeJSON()
                model.update { snapshot in
                    snapshot.root = InspectorNode.parse(json, previous: snapshot.root)
                    snapshot.revision += 1
                }
            } while refreshing.withLock { state -> Bool in
                defer { state.again = false }
                state.running = state.again
                return state.again
            }
        }
    }

    deinit { for cancel in cancels.withLock({ $0 }) { cancel() } }
}
