import CMicroHTTPD

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
