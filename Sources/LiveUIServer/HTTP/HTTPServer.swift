import CMicroHTTPD
import Foundation
import LiveUI
import Synchronization

// Unsafe pointers and `Unmanaged` here are C interop (libmicrohttpd's callbacks, their context pointers and
// C strings), not a speed claim.

/// Address and limits of the libmicrohttpd daemon.
struct HTTPServerSettings: Sendable {
    var host = "127.0.0.1"
    var port: UInt16 = 8080
    var threads = 2
    var connectionLimit = 1024
    var perIPConnectionLimit = 64
    var connectionMemoryLimit = 16 * 1024
    var connectionTimeoutSeconds = 30
    var maxBodyBytes = 64 * 1024
}

/// A request's method, path and client, as its context keeps them and its record reports them.
struct RequestLine: Sendable {
    var method: String
    var path: String
    var remoteAddress: String
}

/// What the server reports about each answered request (for logging and metrics).
struct RequestRecord: Sendable {
    var line: RequestLine
    var status: Int
    var bytes: Int
    var seconds: Double
}

/// Why the server could not start listening (address in use or not a local address).
public struct HTTPServerStartError: Error, CustomStringConvertible {
    /// What went wrong, e.g. `cannot listen on 127.0.0.1:8080 (address in use or invalid)`.
    public var description: String
}

/// Handles one request and calls `respond` exactly once, on any thread, possibly later.
typealias HTTPHandler = @Sendable (HTTPRequest, @escaping @Sendable (HTTPResponse) -> Void) -> Void

/// A libmicrohttpd daemon (epoll thread pool, suspend/resume) that hands validated requests to a handler.
///
/// Pool threads never wait for the handler: a request whose answer is not ready when the handler
/// returns is suspended and resumed when the answer arrives.
final class HTTPServer: Sendable {
    let settings: HTTPServerSettings
    let handler: HTTPHandler
    let observer: @Sendable (RequestRecord) -> Void
    /// Receives libmicrohttpd's own messages (bind failures, client errors).
    let libraryLog: @Sendable (String) -> Void
    private let daemon = Locked<CPointer?>(nil)
    private let logger = LoggerBox()
    /// The last library message, quoted in start-up errors.
    let lastLibraryMessage = Locked<String?>(nil)
    /// Requests between their first handler call and their completion notice.
    let inflight = Atomic<Int>(0)
    /// Body bytes read and dropped for a 413 before the connection is closed instead.
    var discardLimit: Int { settings.maxBodyBytes + 1024 * 1024 }
    /// Set once stopping begins: new requests get 503.
    let stopping = Atomic<Bool>(false)
    /// Open connections, in all and per address: the first request of one over a limit is answered.
    let connections: ConnectionLimits
    /// Requests suspended until their answer comes: stopping answers each before the daemon stops.
    let suspended = SuspendedRequests()
    /// How long stopping waits for the connections it answered 503 to take their answer.
    static let stopAnswerSeconds = 1.0

    init(
        settings: HTTPServerSettings, observer: @escaping @Sendable (RequestRecord) -> Void = { _ in },
        libraryLog: @escaping @Sendable (String) -> Void = { _ in }, handler: @escaping HTTPHandler
    ) {
        self.settings = settings
        self.handler = handler
        self.observer = observer
        self.libraryLog = libraryLog
        connections = ConnectionLimits(perAddress: settings.perIPConnectionLimit, total: settings.connectionLimit)
    }

    /// Starts listening; returns the bound port (the real one when `settings.port` is 0).
    func start() throws -> UInt16 {
        try daemon.withLock { current in
            precondition(current == nil, "HTTPServer.start() called twice")
            var s = liveui_daemon_settings()
            s.port = settings.port
            s.threads = UInt32(max(1, settings.threads))
            // libmicrohttpd's limits close sockets unanswered: they sit above ours, which answer.
            s.connection_limit = UInt32(clamping: connections.hardTotal)
            s.per_ip_limit = UInt32(clamping: connections.hardPerAddress)
            liveui_raise_file_limit(UInt(connections.hardTotal + 256))
            s.memory_limit = max(16 * 1024, settings.connectionMemoryLimit)
            s.timeout_seconds = UInt32(max(0, settings.connectionTimeoutSeconds))
            // The daemon holds the server until `stop()`: its callbacks must never see a freed server.
            let retained = Unmanaged.passRetained(self)
            let me = retained.toOpaque()
            s.notify_connection = mhdConnectionNotify
            s.notify_connection_cls = me
            let d: OpaquePointer? = settings.host.withCString { host in
                s.host = host
                logger.pointer.pointee = liveui_logger(sink: mhdLogSink, ctx: me)
                return liveui_start_daemon(&s, mhdAccessHandler, me, mhdRequestCompleted, me, mhdURILog, me, logger.pointer)
            }
            guard let d else {
                retained.release()
                let detail = lastLibraryMessage.withLock { $0 } ?? "address in use or not a local numeric address"
                throw HTTPServerStartError(description: "cannot listen on \(settings.host):\(settings.port): \(detail)")
            }
            current = CPointer(d)
            return liveui_daemon_port(d)
        }
    }

    /// Stops accepting, runs `endStreams` (which must end every open stream), waits up to `drainSeconds`
    /// for in-flight requests, answers those still waiting for their answer with 503 (their answer, when it
    /// comes, is dropped), waits for those to be sent, then stops the daemon. Safe to call twice.
    func stop(drainSeconds: Double = 5, endStreams: () -> Void = {}) {
        guard let d = daemon.withLock({ current -> CPointer? in defer { current = nil }; return current }) else { return }
        stopping.store(true, ordering: .sequentiallyConsistent)
        let listenFD = MHD_quiesce_daemon(d.pointer)
        endStreams()
        drain(until: Date().addingTimeInterval(drainSeconds))
        // No connection may stay suspended when the daemon stops (it would be freed under a late answer).
        for context in suspended.close() { context.complete(ServerError.unavailable("the server is stopping").response) }
        drain(until: Date().addingTimeInterval(Self.stopAnswerSeconds))
        MHD_stop_daemon(d.pointer)
        if listenFD >= 0 { close(listenFD) }
        Unmanaged.passUnretained(self).release()  // balances the retain in `start()`
    }
}

extension HTTPServer {
    /// Waits until no request is in flight or `deadline` passed.
    private func drain(until deadline: Date) {
        while inflight.load(ordering: .sequentiallyConsistent) > 0 && Date() < deadline {
            usleep(5_000)  // shutdown only: polling a counter MHD's threads decrement
        }
    }
}
