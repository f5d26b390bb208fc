import Foundation
import LiveUI

/// Other work between two events, as a server's core does it between two requests of one session: the
/// kernel's network code and other connections' requests pass through the core's caches, and the next
/// event finds its code and data in the shared cache or in memory instead of the core's own.
///
/// `run()` writes one byte of every 64-byte line of a buffer of its own and makes one system call. With a
/// buffer at least as large as the core's L2 (1 MiB on this machine), an event that follows runs as a
/// request's graph work runs under HTTP load; with 256 KiB it runs as fast as with none (docs/performance.md).
final class CacheFlush {
    /// Bytes written by each `run()`.
    let bytes: Int
    private let buffer: UnsafeMutablePointer<UInt8>

    /// A flush writing `kibibytes` KiB (at least one) on each run.
    init(kibibytes: Int) {
        bytes = max(1, kibibytes) * 1024
        buffer = .allocate(capacity: bytes)
        buffer.initialize(repeating: 0, count: bytes)
    }

    deinit { buffer.deallocate() }

    /// Writes one byte of every cache line of the buffer, then enters the kernel once.
    func run() {
        var offset = 0
        while offset < bytes {
            buffer[offset] &+= 1
            offset += 64
        }
        _ = getppid()
    }
}

/// Sends `event` to `session` on this thread as the HTTP server does
/// (`send(_:onCallerIfIdle:ifLastTookAtMost:completion:)`): an idle session whose last event took at most
/// `quickLimit` (the server's default unless given) runs it here; otherwise it runs on a worker and this waits.
func sendOnCaller(
    _ session: LiveSession, _ event: ClientEvent, quickLimit: Duration = LiveSession.quickEventLimit
) throws -> Update {
    let answer = Locked<Swift.Result<Update, LiveError>?>(nil)
    let done = DispatchSemaphore(value: 0)
    session.send(event, onCallerIfIdle: true, ifLastTookAtMost: quickLimit) { result in
        answer.withLock { $0 = result }
        done.signal()
    }
    done.wait()
    guard let result = answer.withLock({ $0 }) else { throw LiveError.sessionClosed }
    return try result.get()
}

/// Latencies (µs) of `pairs` × 2 clicks on `increment` sent with `sendOnCaller`, alternately right after the
/// last click (`warm`) and after `flush` ran on this thread (`cold`): both halves see the same seconds of
/// this shared machine.
func clicksOnCaller(
    _ session: LiveSession, pairs: Int, flush: CacheFlush
) throws -> (warm: Samples, cold: Samples) {
    var warm = Samples(), cold = Samples()
    for i in 0..<(2 * pairs) {
        let isCold = i % 2 == 1
        if isCold { flush.run() }
        let start = now()
        _ = try sendOnCaller(session, .click("increment"))
        let elapsed = Double(now() - start) / 1000
        if isCold { cold.add(elapsed) } else { warm.add(elapsed) }
    }
    return (warm, cold)
}
