import CLiveUILock
import CMicroHTTPD

/// State of one request across libmicrohttpd's calls to the access handler.
///
/// The request's fixed facts, its changing state and the one-word lock that guards that state live in
/// one object (the fields are the buffer's header, the lock word its one element), so a request costs
/// one allocation for all three. The fixed facts are read without the lock: they are set before the
/// context is shared and never change.
///
/// Not `Sendable` in the type system (a `ManagedBuffer` cannot be), but safe to share: `Fields.state` is
/// only touched with the lock word held, and the other fields never change.
final class RequestContext: ManagedBuffer<RequestContext.Fields, UInt32> {

    enum Phase: Sendable {
        case reading
        case dispatched
        case suspended
        case ready(HTTPResponse)
        case queued
    }

    struct State: Sendable {
        var body: [UInt8] = []
        var error: ServerError?
        /// Body bytes received (kept or dropped).
        var discarded = 0
        var phase: Phase = .reading
        /// The request, from its headers until it is dispatched to the handler.
        var request: HTTPRequest?
    }

    /// Everything the context holds: fixed facts of the request and its guarded state.
    struct Fields {
        /// The connection the request arrived on, resumed when an answer comes after it was suspended.
        let connection: CPointer
        let rawURIIsBad: Bool
        /// When the request's headers arrived (``MonotonicClock`` nanoseconds).
        let started: UInt64
        /// The request line and the client, as the request record reports them.
        let method: String
        let path: String
        let remoteAddress: String
        /// Guarded by the lock word: read and written only inside ``RequestContext/withLock(_:)``.
        var state = State()
    }

    /// A context for a request whose headers have just arrived; its state starts at ``Phase/reading``.
    static func make(connection: CPointer, rawURIIsBad: Bool, method: String, path: String, remoteAddress: String)
        -> RequestContext
    {
        let buffer = create(minimumCapacity: 1) { _ in
            Fields(
                connection: connection, rawURIIsBad: rawURIIsBad, started: MonotonicClock.nanoseconds(),
                method: method, path: path, remoteAddress: remoteAddress)
        }
        // `create` called on `RequestContext` makes a `RequestContext`; its declared type is the base class.
        let context = unsafeDowncast(buffer, to: RequestContext.self)
        context.withUnsafeMutablePointerToElements { $0.initialize(to: 0) }
        return context
    }

    /// The connection the request arrived on.
    var connection: CPointer { withUnsafeMutablePointerToHeader { $0.pointee.connection } }
    /// Whether the URI log found the raw request target unacceptable.
    var rawURIIsBad: Bool { withUnsafeMutablePointerToHeader { $0.pointee.rawURIIsBad } }
    /// When the request's headers arrived (``MonotonicClock`` nanoseconds).
    var started: UInt64 { withUnsafeMutablePointerToHeader { $0.pointee.started } }
    /// The request method, as the request record reports it.
    var method: String { withUnsafeMutablePointerToHeader { $0.pointee.method } }
    /// The request path, as the request record reports it.
    var path: String { withUnsafeMutablePointerToHeader { $0.pointee.path } }
    /// The client's address, as the request record reports it.
    var remoteAddress: String { withUnsafeMutablePointerToHeader { $0.pointee.remoteAddress } }

    /// Runs `body` with exclusive access to the request's state; `body` must not call back into the lock.
    func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
        try withUnsafeMutablePointers { fields, word in
            liveui_lock(word)
            defer { liveui_unlock(word) }
            return try body(&fields.pointee.state)
        }
    }

    /// Stores the answer; resumes the connection if it was suspended waiting for it.
    func complete(_ response: HTTPResponse) {
        let resume = withLock { s -> Bool in
            let wasSuspended: Bool
            switch s.phase {
            case .suspended: wasSuspended = true
            case .dispatched: wasSuspended = false
            case .reading, .ready, .queued: return false  // answered twice: keep the first answer
            }
            s.phase = .ready(response)
            return wasSuspended
        }
        if resume { MHD_resume_connection(connection.pointer) }
    }
}
