import CMicroHTTPD
import Foundation
import LiveUI
import Synchronization

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

// MARK: - C pointers crossing threads

/// A C pointer libmicrohttpd hands us. `@unchecked Sendable` because MHD's daemon and connection
/// handles are safe to use from any thread for the calls we make on them (suspend/resume/queue are
/// documented thread-safe with MHD_ALLOW_SUSPEND_RESUME); we never dereference them in Swift.
struct CPointer: @unchecked Sendable, Equatable {
    let pointer: OpaquePointer
    init(_ pointer: OpaquePointer) { self.pointer = pointer }
}

/// The C logger record libmicrohttpd holds for the daemon's lifetime.
///
/// `@unchecked Sendable`: written once in `start()` before the daemon exists, then only read by MHD;
/// freed when the server is deallocated, which cannot happen while a daemon holds the server.
final class LoggerBox: @unchecked Sendable {
    let pointer = UnsafeMutablePointer<liveui_logger>.allocate(capacity: 1)
    init() { pointer.initialize(to: liveui_logger(sink: nil, ctx: nil)) }
    deinit { pointer.deallocate() }
}

/// Sentinels returned by the URI log callback: the raw URI is acceptable (without or with a query) /
/// must be refused. They are never dereferenced, only compared.
private let uriOKBits = 0x1
private let uriBadBits = 0x2
private let uriOKWithQueryBits = 0x3
/// The path holds escapes or bytes over 0x7F: ``RawPaths`` keeps it as sent (without, with a query).
private let uriRawKeptBits = 0x4
private let uriRawKeptWithQueryBits = 0x5
private var uriRawKept: UnsafeMutableRawPointer? { UnsafeMutableRawPointer(bitPattern: uriRawKeptBits) }
private var uriRawKeptWithQuery: UnsafeMutableRawPointer? { UnsafeMutableRawPointer(bitPattern: uriRawKeptWithQueryBits) }
private var uriOK: UnsafeMutableRawPointer? { UnsafeMutableRawPointer(bitPattern: uriOKBits) }
private var uriBad: UnsafeMutableRawPointer? { UnsafeMutableRawPointer(bitPattern: uriBadBits) }
private var uriOKWithQuery: UnsafeMutableRawPointer? { UnsafeMutableRawPointer(bitPattern: uriOKWithQueryBits) }

/// Socket contexts the connection-notify callback leaves on a connection over a limit (never dereferenced).
private var overAddressLimit: UnsafeMutableRawPointer? { UnsafeMutableRawPointer(bitPattern: 0x1) }
private var overTotalLimit: UnsafeMutableRawPointer? { UnsafeMutableRawPointer(bitPattern: 0x2) }

/// Whether `pointer` (a connection's `con_cls`) is one of the URI log's sentinels, not a request context.
private func isURISentinel(_ pointer: UnsafeMutableRawPointer?) -> Bool {
    pointer == uriOK || pointer == uriBad || pointer == uriOKWithQuery || pointer == uriRawKept
        || pointer == uriRawKeptWithQuery
}

// MARK: - C trampolines (globals, never in main.swift: see docs/libmicrohttpd.md)

/// Sees the raw URI before MHD decodes it: `%00` (which MHD would silently truncate at) and
/// absolute-form targets are flagged here.
let mhdURILog: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, OpaquePointer?) -> UnsafeMutableRawPointer? = {
    _, uri, connection in
    guard let uri else { return uriBad }
    guard RequestValidation.rawURIIsAcceptable(uri) else { return uriBad }
    // Without a `?`, there are no query arguments to collect.
    let hasQuery = strchr(uri, Int32(UInt8(ascii: "?"))) != nil
    if let connection, RawPaths.needsKeeping(uri) {
        RawPaths.keep(uri, connection: connection)
        return hasQuery ? uriRawKeptWithQuery : uriRawKept
    }
    return hasQuery ? uriOKWithQuery : uriOK
}

/// Counts connections opening and closing (``ConnectionLimits``); one over a limit is marked in its socket
/// context, and its first request answered 429 or 503.
let mhdConnectionNotify: MHD_NotifyConnectionCallback = { cls, connection, socketContext, code in
    guard let cls, let connection else { return }
    let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
    let address = clientAddress(connection)
    if code == .CONNECTION_NOTIFY_STARTED {
        let refusal = server.connections.opened(address)
        socketContext?.pointee = refusal.map { $0 == .address ? overAddressLimit : overTotalLimit } ?? nil
    } else {
        server.connections.closed(address)
    }
}

/// Receives one formatted libmicrohttpd message.
let mhdLogSink: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?) -> Void = { ctx, message in
    guard let ctx, let message else { return }
    let server = Unmanaged<HTTPServer>.fromOpaque(ctx).takeUnretainedValue()
    let text = String(cString: message).trimmingCharacters(in: .whitespacesAndNewlines)
    server.lastLibraryMessage.withLock { $0 = text }
    server.libraryLog(text)
}


/// The access handler: first call after the headers, once per body chunk, once at the end (and once
/// more after each resume).
let mhdAccessHandler: MHD_AccessHandlerCallback = { cls, connection, url, method, version, uploadData, uploadSize, conCls in
    guard let cls, let connection, let conCls, let uploadSize else { return .NO }
    let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()

    // First call: the URI log left a sentinel (or nothing) in *con_cls.
    if conCls.pointee == nil || isURISentinel(conCls.pointee) {
        // Query arguments are collected unless the URI log saw a target without `?`.
        let hasQuery = conCls.pointee != uriOK && conCls.pointee != uriRawKept
        let rawKept = conCls.pointee == uriRawKept || conCls.pointee == uriRawKeptWithQuery
        let rawPath = rawKept ? HTTPRequest.RawPath(kept: RawPaths.take(connection: connection)) : nil
        let methodString = method.map(methodName) ?? ""
        let path = url.map { String(cString: $0) } ?? ""
        let line = RequestLine(method: methodString, path: path, remoteAddress: clientAddress(connection))
        let context = RequestContext.make(connection: CPointer(connection), rawURIIsBad: conCls.pointee == uriBad, line: line)
        conCls.pointee = Unmanaged.passRetained(context).toOpaque()
        server.inflight.add(1, ordering: .sequentiallyConsistent)
        let headers = headerFields(connection)
        let overLimit = liveui_socket_context(connection)
        let error: ServerError? =
            server.stopping.load(ordering: .relaxed)
            ? .unavailable("the server is stopping")
            : overLimit == overAddressLimit
            ? .tooManyConnections(limit: server.connections.perAddress)
            : overLimit == overTotalLimit
            ? .unavailable("the server is at its connection limit; try again later")
            : RequestValidation.check(
                method: methodString, path: path, rawURIIsBad: context.rawURIIsBad, headers: headers,
                maxBodyBytes: server.settings.maxBodyBytes, requiresHost: version.map { strcmp($0, "HTTP/1.1") == 0 } ?? false)
        let query = hasQuery ? queryArguments(connection) : []
        // Made where it is kept: a request made outside would be copied in (a retain per field).
        context.withLock {
            $0.request = HTTPRequest(
                method: methodString, path: path,
                query: query.isEmpty ? [:] : Dictionary(query.map { ($0.name, $0.value) }, uniquingKeysWith: { _, last in last }),
                fields: headers, remoteAddress: line.remoteAddress)
            $0.request?.queryItems = query
            $0.request?.rawPath = rawPath
        }
        if case .bodyTooLarge? = error, declaredLength(headers) <= server.discardLimit {
            // Read and drop the (bounded) body, then answer on the final call: the connection stays
            // usable and the client is not reset while still sending.
            context.withLock { $0.error = error }
        } else if let error {
            // Answering on the first call makes MHD close the connection, which is right for framing errors.
            context.withLock { $0.phase = .queued }
            return queue(error.response, server: server, context: context)
        }
        return .YES
    }

    guard let raw = conCls.pointee else { return .NO }
    let context = Unmanaged<RequestContext>.fromOpaque(raw).takeUnretainedValue()

    // Body chunk: count before keeping anything, never decode here.
    if uploadSize.pointee > 0 {
        let count = uploadSize.pointee
        uploadSize.pointee = 0
        let limit = server.settings.maxBodyBytes
        enum Outcome { case keep, discard, refuse }
        let outcome = context.withLock { s -> Outcome in
            guard case .reading = s.phase else { return .keep }
            s.discarded += count
            if s.error != nil || s.body.count + count > limit {
                if s.error == nil { s.error = .bodyTooLarge(limit: limit) }
                s.body = []
                if s.discarded > server.discardLimit {
                    s.phase = .queued
                    return .refuse
                }
                return .discard
            }
            if let uploadData {
                uploadData.withMemoryRebound(to: UInt8.self, capacity: count) { p in
                    s.body.append(contentsOf: UnsafeBufferPointer(start: p, count: count))
                }
            }
            return .keep
        }
        if outcome == .refuse {
            // Past the discard limit: answer now and let MHD close the connection.
            return queue(ServerError.bodyTooLarge(limit: limit).response, server: server, context: context)
        }
        return .YES
    }

    // Final call, or a call after resume.
    enum Step { case dispatch(HTTPRequest), answer(HTTPResponse), wait }
    let step = context.withLock { s -> Step in
        switch s.phase {
        case .reading:
            if let error = s.error {
                s.phase = .queued
                return .answer(error.response)
            }
            // Moved out, not copied (a retain per field): nothing reads it after this.
            var taken: HTTPRequest?
            swap(&taken, &s.request)
            guard var request = consume taken else { return .wait }
            // The request was made without a body: the state's is left empty.
            swap(&request.body, &s.body)
            s.phase = .dispatched
            return .dispatch(request)
        case .ready(let response):
            s.phase = .queued
            return .answer(response)
        case .dispatched, .suspended, .queued:
            return .wait
        }
    }
    switch consume step {
    case .wait:
        return .YES
    case .answer(let response):
        return queue(response, server: server, context: context)
    case .dispatch(let request):
        // The answer closure holds the context alone (which knows its connection): a closure of one
        // reference is that reference, where one of two would be a separate allocation per request.
        // `nonisolated(unsafe)`: a buffer class cannot be declared `Sendable`; the context guards its own
        // state with its lock (see `RequestContext`).
        nonisolated(unsafe) let answered = context
        server.handler(request) { response in answered.complete(response) }
        let ready = context.withLock { s -> HTTPResponse? in
            if case .ready(let response) = s.phase {
                s.phase = .queued
                return response
            }
            // A stopping server that already answered its suspended requests suspends no more: 503 now.
            guard server.suspended.insert(context) else {
                s.phase = .queued
                return ServerError.unavailable("the server is stopping").response
            }
            s.isSuspended = true
            s.phase = .suspended
            // Suspend while holding the lock so `complete` cannot resume before we have suspended.
            MHD_suspend_connection(connection)
            return nil
        }
        if let ready { return queue(ready, server: server, context: context) }
        return .YES
    }
}

/// Called when MHD is done with a request (answered, failed or the client went away).
let mhdRequestCompleted: MHD_RequestCompletedCallback = { cls, _, conCls, _ in
    guard let cls, let conCls, let raw = conCls.pointee, !isURISentinel(raw) else { return }
    conCls.pointee = nil
    let server = Unmanaged<HTTPServer>.fromOpaque(cls).takeUnretainedValue()
    let context = Unmanaged<RequestContext>.fromOpaque(raw).takeRetainedValue()
    if context.withLock({ $0.isSuspended }) { server.suspended.remove(context) }
    server.inflight.subtract(1, ordering: .sequentiallyConsistent)
}

/// Reads an event stream's pending bytes (see `SSEStream.read`).
let mhdStreamReader: MHD_ContentReaderCallback = { cls, _, buffer, max in
    guard let cls, let buffer else { return -2 }
    return Unmanaged<SSEStream>.fromOpaque(cls).takeUnretainedValue().read(into: buffer, max: max)
}

/// Releases an event stream when MHD is done with its response.
let mhdStreamFree: MHD_ContentReaderFreeCallback = { cls in
    guard let cls else { return }
    let stream = Unmanaged<SSEStream>.fromOpaque(cls).takeRetainedValue()
    stream.connectionClosed()
}

/// The declared Content-Length (already validated), or 0.
private func declaredLength(_ headers: HTTPHeaders) -> Int {
    guard let value = headers.first("content-length") else { return 0 }
    let first = value.split(separator: ",").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
    return first.count > 18 ? Int.max : Int(first) ?? Int.max
}

func clientAddress(_ connection: OpaquePointer) -> String {
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer in
        guard let base = buffer.baseAddress else { return "?" }
        liveui_client_address(connection, base, buffer.count)
        base[buffer.count - 1] = 0
        return String(decoding: UnsafeRawBufferPointer(start: base, count: strlen(base)), as: UTF8.self)
    }
}

/// Hands `response` to MHD. Returns .NO (close the connection) if MHD refuses it.
private func queue(_ response: HTTPResponse, server: HTTPServer, context: RequestContext) -> MHD_Result {
    let connection = context.connection
    let mhdResponse: OpaquePointer?
    // The body's size, for the request record (0 for a stream).
    var bodyBytes = 0
    switch response.body {
    case .bytes(let bytes):
        bodyBytes = bytes.count
        mhdResponse = bytes.withUnsafeBytes { raw in
            MHD_create_response_from_buffer(raw.count, UnsafeMutableRawPointer(mutating: raw.baseAddress), .RESPMEM_MUST_COPY)
        }
    case .text(var text):
        mhdResponse = text.withUTF8 { utf8 in
            bodyBytes = utf8.count
            return MHD_create_response_from_buffer(
                utf8.count, UnsafeMutableRawPointer(mutating: utf8.baseAddress), .RESPMEM_MUST_COPY)
        }
    case .eventAnswer(let answer):
        // Written into memory libmicrohttpd takes and frees, instead of into a string it would copy.
        guard let json = assembleUTF8Allocated({ answer.write(to: &$0) }) else { return .NO }
        bodyBytes = json.count
        mhdResponse = MHD_create_response_from_buffer(json.count, json.baseAddress, .RESPMEM_MUST_FREE)
        if mhdResponse == nil { free(json.baseAddress) }
    case .stream(let stream):
        stream.attach(connection)
        let retained = Unmanaged.passRetained(stream)
        mhdResponse = MHD_create_response_from_callback(UInt64.max, 4096, mhdStreamReader, retained.toOpaque(), mhdStreamFree)
        if mhdResponse == nil {
            retained.release()
            stream.connectionClosed()
        }
    }
    guard let mhdResponse else { return .NO }
    for (name, value) in response.headers {
        // Explicit withCString: the implicit String-to-pointer conversion heap-allocates a copy of
        // small (inline) strings such as most header names; withCString uses the stack for those.
        _ = name.withCString { n in value.withCString { v in MHD_add_response_header(mhdResponse, n, v) } }
    }
    // Every answer, errors of this layer included: browsers must not guess a type other than the one sent.
    // Added here rather than to each response's list, which a response shared by requests would copy.
    _ = MHD_add_response_header(mhdResponse, "X-Content-Type-Options", "nosniff")
    let result = MHD_queue_response(connection.pointer, UInt32(response.status), mhdResponse)
    MHD_destroy_response(mhdResponse)
    server.observer(
        RequestRecord(
            line: context.line, status: response.status, bytes: bodyBytes,
            seconds: Double(MonotonicClock.nanoseconds() &- context.started) / 1e9))
    return result
}
