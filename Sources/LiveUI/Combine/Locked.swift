import Foundation

/// Mutable state guarded by a lock; the closures given to `withLock` never escape it.
///
/// Copies share one state and one lock: the value is a reference to them.
///
/// A pthread mutex rather than `Synchronization.Mutex`: ThreadSanitizer understands the former and
/// reports false races on the latter's futex on Linux. The state and the mutex live in one object (a
/// pthread mutex must not move, and an object's tail storage does not), without an `NSLock` or a
/// separate allocation for the mutex: one allocation per lock, and there is one per session, per graph
/// host and per request. Shared with the server (package access).
package struct Locked<State>: @unchecked Sendable {
    // @unchecked: the state is only touched while the mutex is held.

    /// The state (the header) and the mutex (the one element), in one allocation.
    private final class Storage: ManagedBuffer<State, pthread_mutex_t> {
        deinit {
            // The header (the state) is deinitialized by `ManagedBuffer`; the element is ours.
            _ = withUnsafeMutablePointerToElements { mutex in
                pthread_mutex_destroy(mutex)
                mutex.deinitialize(count: 1)
            }
        }
    }

    private let storage: Storage

    package init(_ state: consuming State) {
        // Moved into the buffer, not copied (a copy would retain every reference the state holds).
        var moving = Optional(state)
        let buffer = Storage.create(minimumCapacity: 1) { _ in moving.take().unsafelyUnwrapped }
        // `create` called on `Storage` makes a `Storage`; its declared type is the base class.
        storage = unsafeDowncast(buffer, to: Storage.self)
        storage.withUnsafeMutablePointerToElements { mutex in
            mutex.initialize(to: pthread_mutex_t())
            pthread_mutex_init(mutex, nil)
        }
    }

    /// Runs `body` with exclusive access to the state; `body` must not call back into this lock.
    ///
    /// The state is reached through a pointer, so Swift's run-time exclusivity check is not made: the
    /// mutex gives the exclusivity (a call back into the lock from `body` would deadlock, not overlap).
    package func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
        try storage.withUnsafeMutablePointers { state, mutex in
            pthread_mutex_lock(mutex)
            defer { pthread_mutex_unlock(mutex) }
            return try body(&state.pointee)
        }
    }
}
