import Foundation
import LiveUI

/// `POST /liveui/event`: applies one client event to a graph and answers `{"version","seq","patches"}`.
struct EventRoute: Sendable {
    let context: ServerContext

    func handle(_ request: HTTPRequest, respond: @escaping @Sendable (HTTPResponse) -> Void) throws(ServerError) {
        let body = try EventBody.parse(request)
        let auth = SessionAuth(context: context)
        try auth.requireSameOrigin(request)
        let session = try auth.session(request)
        try auth.requireToken(request, session: session, bodyToken: body.token)
        let config = context.configuration
        guard session.allowEvent(now: context.store.clock.now(), rate: config.eventsPerSecond, burst: config.eventBurst) else {
            throw .tooManyRequests
        }
        let host = try auth.graph(request, session: session, bodyRoute: body.route, opening: true)
        let meter = Metrics.EventMeter(metrics: context.metrics, started: MonotonicClock.nanoseconds())
        // Counted where the answer is made: a closure of its own here would be one more allocation per event.
        host.handle(body.event, meter: meter, respond: respond)
    }
}
