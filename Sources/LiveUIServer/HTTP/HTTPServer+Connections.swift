import CMicroHTTPD
import Foundation

// Unsafe pointers and `Unmanaged` here are C interop (libmicrohttpd's callbacks, their context pointers and
// C strings), not a speed claim.

// The daemon's callbacks that see a connection before its requests: the raw URI, the opening and
// closing of connections, the library's messages. C trampolines are globals, never in main.swift
// (docs/libmicrohttpd.md).

/// Sentinels returned by the URI log callback: the raw URI is acceptable (without or with a query) /
/// must be refused. They are never dereferenced, only compared.
private let uriOKBits = 0x1
private let uriBadBits = 0x2
private let uriOKWithQueryBits = 0x3
/// The path holds escapes or bytes over 0x7F: ``RawPaths`` keeps it as sent (without, with a query).
private let uriRawKeptBits = 0x4
private let uriRawKeptWithQueryBits = 0x5
var uriRawKept: UnsafeMutableRawPointer? { UnsafeMutableRawPointer(bitPattern: uriRawKeptBits) }
var uriRawKeptWithQuery: UnsafeMutableRawPointer? { UnsafeMutableRawPointer(bitPattern: uriRawKeptWithQueryBits) }
var uriOK: UnsafeMutableRawPointer? { UnsafeMutableRawPointer(bitPattern: uriOKBits) }
var uriBad: UnsafeMutableRawPointer? { UnsafeMutableRawPointer(bitPattern: uriBadBits) }
var uriOKWithQuery: UnsafeMutableRawPointer? { UnsafeMutableRawPointer(bitPattern: uriOKWithQueryBits) }

/// Socket contexts the connection-notify callback leaves on a connection over a limit (never dereferenced).
var overAddressLimit: UnsafeMutableRawPointer? { UnsafeMutableRawPointer(bitPattern: 0x1) }
var overTotalLimit: UnsafeMutableRawPointer? { UnsafeMutableRawPointer(bitPattern: 0x2) }

/// Whether `pointer` (a connection's `con_cls`) is one of the URI log's sentinels, not a request context.
func isURISentinel(_ pointer: UnsafeMutableRawPointer?) -> Bool {
    pointer == uriOK || pointer == uriBad || pointer == uriOKWithQuery || pointer == uriRawKept
        || pointer == uriRawKeptWithQuery
}

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

func clientAddress(_ connection: OpaquePointer) -> String {
    withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { buffer in
        guard let base = buffer.baseAddress else { return "?" }
        liveui_client_address(connection, base, buffer.count)
        base[buffer.count - 1] = 0
        return String(decoding: UnsafeRawBufferPointer(start: base, count: strlen(base)), as: UTF8.self)
    }
}
