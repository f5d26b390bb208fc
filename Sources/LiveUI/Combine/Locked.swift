import Foundation

/// Mutable state guarded by a lock; the closures given to `withLock` never escape it.
///
/// A pthread mutex rather than `Synchronization.Mutex`: ThreadSanitizer understands the former and
/// reports false races on the latter's futex on Linux. The mutex is allocated on its own (a pthread
/// mutex must not move) but without an `NSLock` object around it: one allocation fewer per lock, and
/// there is one per session, per graph host and per request. Shared with the server (package access).
package final class Locked<State>: @unchecked Sendable {
    // @unchecked: `state` is only touched while `mutex` is held.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var state: State

    package init(_ state: State) {
        self.state = state
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the state; `body` must not call back into this lock.
    package func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&state)
    }
}
