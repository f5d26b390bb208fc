import CMicroHTTPD
import Foundation

// Unsafe pointers and `Unmanaged` here are C interop (libmicrohttpd's callbacks, their context pointers and
// C strings), not a speed claim.

// The daemon's request callbacks: the access handler that validates, reads and dispatches a request,
// and the completion notice that releases it. A C trampoline is a global, never in main.swift
// (docs/libmicrohttpd.md).

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
            return queueResponse(error.response, server: server, context: context)
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
            return queueResponse(ServerError.bodyTooLarge(limit: limit).response, server: server, context: context)
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
        return queueResponse(response, server: server, context: context)
    case .dispatch(let request):
        // The answer closure holds the context alone (which knows its connection): a closure of one
        // reference is that reference, where one of two would be a separate allocation per request.
        let answered = UncheckedSendable(context)
        server.handler(request) { response in answered.value.complete(response) }
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
        if let ready { return queueResponse(ready, server: server, context: context) }
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

/// The declared Content-Length (already validated), or 0.
private func declaredLength(_ headers: HTTPHeaders) -> Int {
    guard let value = headers.first("content-length") else { return 0 }
    let first = value.split(separator: ",").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
    return first.count > 18 ? Int.max : Int(first) ?? Int.max
}
