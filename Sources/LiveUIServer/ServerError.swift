import LiveUI

/// A client or protocol fault, mapped to an HTTP status and a JSON body in exactly one place.
///
/// Messages are safe to show to clients: they never include internals (those go to the log).
enum ServerError: Error, Sendable, Equatable {
    /// 400: the request is malformed (framing, path, JSON, missing field).
    case badRequest(String)
    /// 403: the session token is missing or wrong.
    case badToken
    /// 403: no session id was presented where one is required.
    case missingSession
    /// 403: the `Origin` header names another site.
    case foreignOrigin
    /// 403: the app's `authorize` hook refused (`location`: where it sends the client instead).
    case forbidden(location: String?)
    /// 404: no such route or file.
    case notFound(String)
    /// 404: the event's target is unknown.
    case unknownTarget(String)
    /// 404: a read names a route the session has not opened (only pages, sessions and events open one).
    case unknownRoute(String)
    /// 405: the path exists but not for this method.
    case methodNotAllowed(allowed: [String])
    /// 409: the target names several elements.
    case ambiguousTarget([String])
    /// 409: the sequence number is older than the answers kept.
    case staleSeq(Int)
    /// 410: the session expired (or never existed).
    case sessionExpired
    /// 413: the body is larger than `maxBodyBytes`.
    case bodyTooLarge(limit: Int)
    /// 415: the body's content type is not accepted here.
    case unsupportedMediaType(String?)
    /// 429: the session posts events faster than `eventsPerSecond`.
    case tooManyRequests
    /// 429: the client's address has spent its budget of new sessions; one is available again after
    /// `retryAfter` seconds.
    case tooManySessions(retryAfter: Int)
    /// 429: the session already has `limit` open event streams.
    case tooManyStreams(limit: Int)
    /// 429: the client's address already has `limit` open connections.
    case tooManyConnections(limit: Int)
    /// 422-like faults of an event reported as 400: unsupported event type or invalid value.
    case invalidEvent(code: String, message: String)
    /// 501: a method or transfer coding the server does not implement.
    case notImplemented(String)
    /// 503: the session limit is reached or the server is stopping.
    case unavailable(String)
    /// 503: the state store is down or full (nothing of the request was kept); retry after `retryAfter` seconds.
    case storeUnavailable(retryAfter: Int)
    /// 503: another instance holds the session (its lease lapses or is given up within `retryAfter` seconds).
    case heldElsewhere(retryAfter: Int)
    /// 500: the event stopped the server when it was applied, and again when it was retried: it is refused.
    case eventKeepsFailing
    /// 500: a fault of ours; details are logged, not sent.
    case internalError

    /// The HTTP status code.
    var status: Int {
        switch self {
        case .badRequest, .invalidEvent: 400
        case .badToken, .missingSession, .foreignOrigin, .forbidden: 403
        case .notFound, .unknownTarget, .unknownRoute: 404
        case .methodNotAllowed: 405
        case .ambiguousTarget, .staleSeq: 409
        case .sessionExpired: 410
        case .bodyTooLarge: 413
        case .unsupportedMediaType: 415
        case .tooManyRequests, .tooManySessions, .tooManyStreams, .tooManyConnections: 429
        case .internalError, .eventKeepsFailing: 500
        case .notImplemented: 501
        case .unavailable, .storeUnavailable, .heldElsewhere: 503
        }
    }

    /// The machine-readable `error` code of the JSON body.
    var code: String {
        switch self {
        case .badRequest: "bad_request"
        case .badToken: "bad_token"
        case .missingSession: "missing_session"
        case .foreignOrigin: "foreign_origin"
        case .forbidden: "forbidden"
        case .notFound: "not_found"
        case .unknownTarget: "unknown_target"
        case .unknownRoute: "unknown_route"
        case .methodNotAllowed: "method_not_allowed"
        case .ambiguousTarget: "ambiguous_target"
        case .staleSeq: "stale_seq"
        case .sessionExpired: "session_expired"
        case .bodyTooLarge: "body_too_large"
        case .unsupportedMediaType: "unsupported_media_type"
        case .tooManyRequests: "rate_limited"
        case .tooManySessions: "too_many_sessions"
        case .tooManyStreams: "too_many_streams"
        case .tooManyConnections: "too_many_connections"
        case .invalidEvent(let code, _): code
        case .notImplemented: "not_implemented"
        case .unavailable: "unavailable"
        case .storeUnavailable: "store_unavailable"
        case .heldElsewhere: "session_elsewhere"
        case .eventKeepsFailing: "event_failed"
        case .internalError: "internal_error"
        }
    }

    /// The human-readable `message` of the JSON body.
    var message: String {
        switch self {
        case .badRequest(let why): why
        case .badToken: "the session token is missing or wrong"
        case .missingSession: "no session: open a page or POST /liveui/session first"
        case .foreignOrigin: "cross-origin requests are not allowed"
        case .forbidden(let location): location.map { "not allowed; sign in at \($0)" } ?? "not allowed"
        case .notFound(let what): "not found: \(what)"
        case .unknownTarget(let t): "no element is identified by '\(t)'"
        case .unknownRoute(let route): "the session has not opened \(route); load the page (GET \(route)) first"
        case .methodNotAllowed(let allowed): "method not allowed; use \(allowed.joined(separator: ", "))"
        case .ambiguousTarget(let lids): "the identifier matches several elements: \(lids.joined(separator: ", "))"
        case .staleSeq(let seq): "sequence number \(seq) is older than the answers kept"
        case .sessionExpired: "the session has expired; reload the page"
        case .bodyTooLarge(let limit): "the request body exceeds \(limit) bytes"
        case .unsupportedMediaType(let type): "unsupported content type \(type ?? "(none)")"
        case .tooManyRequests: "too many events; slow down"
        case .tooManySessions(let seconds): "too many new sessions from this address; try again in \(seconds) s"
        case .tooManyStreams(let limit): "this session already has \(limit) open event streams; close one first"
        case .tooManyConnections(let limit): "this address already has \(limit) open connections; close some first"
        case .invalidEvent(_, let message): message
        case .notImplemented(let what): "not implemented: \(what)"
        case .unavailable(let why): why
        case .storeUnavailable: "the session store is unavailable; nothing was changed, try again shortly"
        case .heldElsewhere(let seconds): "the session is held by another server instance; try again in \(seconds) s"
        case .eventKeepsFailing: "this action stopped the server twice; it was not applied again"
        case .internalError: "internal server error"
        }
    }

    /// The error as a response: `{"error":"<code>","message":"…"}` with the matching status.
    var response: HTTPResponse {
        var r = HTTPResponse.json("{\"error\":\(JSONString(code)),\"message\":\(JSONString(message))}", status: status)
        if case .methodNotAllowed(let allowed) = self { r.headers.append(("Allow", allowed.joined(separator: ", "))) }
        if case .unavailable = self { r.headers.append(("Retry-After", "5")) }
        if case .forbidden(let location?) = self { r.headers.append(("Location", location)) }
        switch self {
        case .tooManyRequests, .tooManyConnections, .tooManyStreams: r.headers.append(("Retry-After", "1"))
        case .tooManySessions(let seconds), .storeUnavailable(let seconds), .heldElsewhere(let seconds):
            r.headers.append(("Retry-After", String(max(1, seconds))))
        default: break
        }
        return r
    }

    /// Maps a view-graph error to its HTTP form.
    init(_ error: LiveError) {
        switch error {
        case .unknownTarget(let t): self = .unknownTarget(t)
        case .ambiguousTarget(let lids): self = .ambiguousTarget(lids)
        case .unsupportedEvent, .invalidValue: self = .invalidEvent(code: error.code, message: error.description)
        case .sessionClosed: self = .sessionExpired
        }
    }
}
