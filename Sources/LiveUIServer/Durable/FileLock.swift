import Foundation

/// An exclusive `flock` on a lock file beside an SQLite store (`<path>.lock`), held for the life of the
/// process: one server process per store file. The kernel drops it when the process dies, even by `kill -9`,
/// so a restarted server takes it at once, and without leases its sessions resume at once.
final class FileLock: Sendable {
    /// The lock file's path.
    let path: String
    private let descriptor: Int32

    /// Takes the lock, creating the file (and nothing else) if needed.
    /// - Throws: ``DurableStartError`` when another process holds it or the file cannot be opened.
    init(path: String) throws(DurableStartError) {
        self.path = path
        let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw DurableStartError("cannot open the lock file \(path): \(String(cString: strerror(errno)))")
        }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            let reason = errno == EWOULDBLOCK ? "another LiveUI process uses this store" : String(cString: strerror(errno))
            close(fd)
            throw DurableStartError(
                "cannot lock \(path): \(reason) (one server process per SQLite file; use redis://… for several)")
        }
        descriptor = fd
    }

    /// Gives the lock up (the process exiting does too).
    func release() {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}

/// Why the durable store cannot be used at start-up; the server refuses to start with this message.
struct DurableStartError: Error, Sendable, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
