import CMicroHTTPD
import LiveUI

/// State of one request across libmicrohttpd's calls to the access handler.
///
/// The request's fixed facts, its changing state and the one-word lock that guards that state live in
/// one object (a ``LockedBuffer`` whose header is ``RequestFields``), so a request costs one allocation
/// for all three. The fixed facts are read without the lock: they are set before the context is shared
/// and never change.
///
/// Not `Sendable` in the type system (a `ManagedBuffer` subclass cannot be), but safe to share: the state
/// is only touched with the lock word held, and the other fields never change.
typealias RequestContext = LockedBuffer<RequestFields>

/// Where a request is between its headers and its answer.
enum RequestPhase: Sendable {
    case reading
    case dispatched
    case suspended
    case ready(HTTPResponse)
    case queued
}

/// What changes while a request is read and answered, guarded by its context's lock.
struct RequestState: Sendable {
    var body: [UInt8] = []
    var error: ServerError?
    /// Body bytes received (kept or dropped).
    var discarded = 0
    var phase: RequestPhase = .reading
    /// The request, from its headers until it is dispatched to the handler.
    var request: HTTPRequest?
    /// Whether the connection was suspended waiting for the answer (the request is then in the server's
    /// ``SuspendedRequests`` until it is done).
    var isSuspended = false
}

/// Everything a request's context holds: fixed facts of the request and its guarded state.
struct RequestFields {
    /// The connection the request arrived on, resumed when an answer comes after it was suspended.
    let connection: CPointer
    let rawURIIsBad: Bool
    /// When the request's headers arrived (``MonotonicClock`` nanoseconds).
    let started: UInt64
    /// The method, path and client, as the request record reports them.
    let line: RequestLine
    /// Guarded by the lock word: read and written only inside `withLock`.
    var state = RequestState()
}

extension LockedBuffer where Header == RequestFields {
    /// A context for a request whose headers have just arrived; its state starts at `reading`.
    static func make(connection: CPointer, rawURIIsBad: Bool, line: RequestLine) -> RequestContext {
        make(
            RequestFields(
                connection: connection, rawURIIsBad: rawURIIsBad, started: MonotonicClock.nanoseconds(), line: line))
    }

    // The fixed facts are read through the header's pointer, one field at a time: reading `header` would copy
    // the whole header, `state` included, which another thread may be writing under the lock (a race).

    /// The connection the request arrived on.
    var connection: CPointer { withUnsafeMutablePointerToHeader { $0.pointee.connection } }
    /// Whether the URI log found the raw request target unacceptable.
    var rawURIIsBad: Bool { withUnsafeMutablePointerToHeader { $0.pointee.rawURIIsBad } }
    /// When the request's headers arrived (``MonotonicClock`` nanoseconds).
    var started: UInt64 { withUnsafeMutablePointerToHeader { $0.pointee.started } }
    /// The method, path and client, as the request record reports them.
    var line: RequestLine { withUnsafeMutablePointerToHeader { $0.pointee.line } }

    /// Runs `body` with exclusive access to the request's state; `body` must not call back into the lock.
    func withLock<R>(_ body: (inout RequestState) throws -> R) rethrows -> R {
        try withLockedHeader { try body(&$0.state) }
    }

    /// Stores the answer; resumes the connection if it was suspended waiting for it.
    func complete(_ response: HTTPResponse) {
        let resume = withLock { s -> Bool in
            let wasSuspended: Bool
            switch s.phase {
            case .suspended: wasSuspended = true
            case .dispatched: wasSuspended = false
            // Answered twice (a late answer after stopping answered 503, say): the first answer stays, and the
            // connection, which may be gone, is not touched.
            case .reading, .ready, .queued: return false
            }
            s.phase = .ready(response)
            return wasSuspended
        }
        if resume { MHD_resume_connection(connection.pointer) }
    }
}
