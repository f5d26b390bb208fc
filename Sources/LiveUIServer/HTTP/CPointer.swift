import CMicroHTTPD
import LiveUI

/// A C pointer libmicrohttpd hands us: a daemon or connection handle, safe to use from any thread for
/// the calls we make on it (suspend, resume and queue are thread-safe with MHD_ALLOW_SUSPEND_RESUME);
/// Swift never dereferences it. Sendable through ``UncheckedSendable``, where that claim is listed.
struct CPointer: Sendable, Equatable {
    private let handle: UncheckedSendable<OpaquePointer>
    var pointer: OpaquePointer { handle.value }
    init(_ pointer: OpaquePointer) { handle = UncheckedSendable(pointer) }
    static func == (a: CPointer, b: CPointer) -> Bool { a.pointer == b.pointer }
}

/// The C logger record libmicrohttpd holds for the daemon's lifetime: written once in `start()` before
/// the daemon exists, then only read by MHD; freed when the server is deallocated, which cannot happen
/// while a daemon holds the server. Sendable through ``UncheckedSendable``, where that claim is listed.
final class LoggerBox: Sendable {
    private let record = UncheckedSendable(UnsafeMutablePointer<liveui_logger>.allocate(capacity: 1))
    var pointer: UnsafeMutablePointer<liveui_logger> { record.value }
    init() { record.value.initialize(to: liveui_logger(sink: nil, ctx: nil)) }
    deinit { record.value.deallocate() }
}
