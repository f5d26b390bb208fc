import Foundation

/// Mutable state guarded by a lock; the closures given to `withLock` never escape it.
///
/// An `NSLock` (a pthread mutex) rather than `Synchronization.Mutex`: ThreadSanitizer understands the
/// former and reports false races on the latter's futex on Linux. Shared with the server (package access).
package final class Locked<State>: @unchecked Sendable {
    // @unchecked: `state` is only touched while `lock` is held.
    private let lock = NSLock()
    private var state: State

    package init(_ state: State) { self.state = state }

    /// Runs `body` with exclusive access to the state; `body` must not call back into this lock.
    package func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
