import CMicroHTTPD
import Dispatch
import Synchronization

/// One open `text/event-stream` response.
///
/// Producers (session updates, the heartbeat, shutdown) append bytes under a lock; libmicrohttpd's
/// reader copies them out. With nothing to send the reader suspends the connection while holding
/// the lock, and a producer resumes it after releasing the lock (docs/libmicrohttpd.md, "Event streams").
final class SSEStream: Sendable {
    private struct State {
        var pending: [UInt8] = []
        var connection: CPointer?
        var suspended = false
        var finishing = false
        var closed = false
        var onClose: [@Sendable () -> Void] = []
    }

    /// Bytes a slow client may leave unread before the stream is dropped (it reconnects and replays).
    static let maxPendingBytes = 4 * 1024 * 1024
    private static let nextID = Atomic<Int>(0)

    /// Unique per process; used as a key by the graphs a stream listens to.
    let id: Int
    private let state = Locked(State())
    private let onBytes: @Sendable (Int) -> Void

    /// Creates a stream; `onBytes` is told how many bytes went out on each read.
    init(onBytes: @escaping @Sendable (Int) -> Void = { _ in }) {
        id = Self.nextID.add(1, ordering: .relaxed).newValue
        self.onBytes = onBytes
    }

    /// Runs `handler` once, off libmicrohttpd's threads, when the client's connection is gone
    /// (or soon if it already is). Several handlers may be registered.
    func onClose(_ handler: @escaping @Sendable () -> Void) {
        let runNow = state.withLock { s -> Bool in
            if s.closed { return true }
            s.onClose.append(handler)
            return false
        }
        if runNow { DispatchQueue.global().async(execute: handler) }
    }

    /// Whether the connection is gone.
    var isClosed: Bool { state.withLock { $0.closed } }

    /// Queues one event: `id:` (optional), `event:` (optional) and `data:` lines.
    func send(event: String?, id: String?, data: String) {
        var text = ""
        if let id { text += "id: \(id)\n" }
        if let event { text += "event: \(event)\n" }
        for line in data.split(separator: "\n", omittingEmptySubsequences: false) { text += "data: \(line)\n" }
        enqueue(text + "\n", finish: false)
    }

    /// Tells the client how long to wait before reconnecting (`retry:`).
    func retry(milliseconds: Int) { enqueue("retry: \(milliseconds)\n\n", finish: false) }

    /// Queues a comment line (`: text`), used as a heartbeat.
    func comment(_ text: String) { enqueue(": \(text)\n\n", finish: false) }

    /// Queues a last event and ends the stream once it is written.
    func finish(event: String, data: String) {
        enqueue("event: \(event)\ndata: \(data)\n\n", finish: true)
    }

    private func enqueue(_ text: String, finish: Bool) {
        let resume = state.withLock { s -> CPointer? in
            guard !s.closed, !s.finishing else { return nil }
            if s.pending.count + text.utf8.count > Self.maxPendingBytes {
                s.pending = []
                s.finishing = true
            } else {
                s.pending.append(contentsOf: text.utf8)
                if finish { s.finishing = true }
            }
            guard s.suspended, let connection = s.connection else { return nil }
            s.suspended = false
            return connection
        }
        if let resume { MHD_resume_connection(resume.pointer) }
    }

    // MARK: libmicrohttpd side

    /// Records the connection before the response is queued.
    func attach(_ connection: CPointer) { state.withLock { $0.connection = connection } }

    /// The content reader: copies pending bytes, ends the stream when finished, or suspends.
    func read(into buffer: UnsafeMutablePointer<CChar>, max: Int) -> Int {
        let count = state.withLock { s -> Int in
            if s.closed { return -2 }
            if !s.pending.isEmpty {
                let n = min(max, s.pending.count)
                s.pending.withUnsafeBytes { raw in
                    if let base = raw.baseAddress { UnsafeMutableRawPointer(buffer).copyMemory(from: base, byteCount: n) }
                }
                s.pending.removeFirst(n)
                return n
            }
            if s.finishing { return -1 }
            guard let connection = s.connection else { return -2 }
            s.suspended = true
            MHD_suspend_connection(connection.pointer)
            return 0
        }
        if count > 0 { onBytes(count) }
        return count
    }

    /// Called from MHD's free callback: the connection is done; nobody may resume it again.
    func connectionClosed() {
        let handlers = state.withLock { s -> [@Sendable () -> Void] in
            s.closed = true
            s.connection = nil
            s.pending = []
            defer { s.onClose = [] }
            return s.onClose
        }
        // Not on MHD's callback thread: the handlers take other locks that are held around MHD calls.
        for handler in handlers { DispatchQueue.global().async(execute: handler) }
    }
}
