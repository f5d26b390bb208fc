import CMicroHTTPD
import Foundation
import LiveUI

// Unsafe pointers and `Unmanaged` here are C interop (libmicrohttpd's callbacks, their context pointers and
// C strings), not a speed claim.

// Handing an answer to libmicrohttpd: buffers, event answers written into memory it frees, and event
// streams read through a callback.

/// Hands `response` to MHD. Returns .NO (close the connection) if MHD refuses it.
func queueResponse(_ response: HTTPResponse, server: HTTPServer, context: RequestContext) -> MHD_Result {
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
