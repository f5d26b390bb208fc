/// `GET /liveui/stream`: the graph's updates as Server-Sent Events, with replay after a reconnect.
struct StreamRoute: Sendable {
    let context: ServerContext

    func open(_ request: HTTPRequest, respond: @escaping @Sendable (HTTPResponse) -> Void) throws(ServerError) {
        let auth = SessionAuth(context: context)
        let session = try auth.session(request)
        let host = try auth.graph(request, session: session)
        // `Last-Event-ID` (sent by EventSource on reconnect) or `lastEventId` in the query (first connect,
        // from the page's data-liveui-version). A value that is not a version forces a reset.
        let lastEventID: Int? = (request.header("last-event-id") ?? request.query["lastEventId"]).map { Int($0) ?? -1 }
        // The tab this stream serves: its own events' updates come in their answers, not here.
        let tab = request.query["tab"]
        if let tab, !TabName.isValid(tab) { throw .badRequest(TabName.requirement) }
        let clock = context.store.clock
        let limit = context.configuration.maxStreamsPerSession
        switch session.openStream(now: clock.now(), limit: limit) {
        case .opened: break
        case .expired: throw .sessionExpired
        case .full: throw .tooManyStreams(limit: limit)
        }
        let metrics = context.metrics
        metrics.streamsChanged(by: 1)
        let stream = SSEStream(onBytes: { metrics.addBytesOut($0) })
        stream.onClose {
            session.streamClosed(now: clock.now())
            metrics.streamsChanged(by: -1)
        }
        stream.retry(milliseconds: 1000)
        host.attach(stream, lastEventID: lastEventID, tab: tab)
        context.logger.debug("session \(session.id.prefix(8)) stream opened on \(host.route)")
        respond(
            HTTPResponse(
                status: 200,
                headers: [
                    ("Content-Type", "text/event-stream; charset=utf-8"), ("Cache-Control", "no-store"),
                    ("X-Accel-Buffering", "no"),
                ],
                body: .stream(stream)))
    }
}
