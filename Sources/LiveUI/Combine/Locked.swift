import CLiveUILock

/// Mutable state guarded by a lock; the closures given to `withLock` never escape it.
///
/// Copies share one state and one lock: the value is a reference to them.
///
/// The lock is one word (`liveui_lock`): a free lock is taken with one compare-and-swap and given back
/// with one exchange, in user space, where ThreadSanitizer sees each hand-over. `Synchronization.Mutex`
/// is not used because a contended one is handed over inside the kernel (a priority-inheritance futex),
/// where ThreadSanitizer sees nothing and then reports races that are not there. A pthread mutex takes
/// about 57 instructions to take and give back where this takes 10, needs an initialisation, and is 40
/// bytes to this one's 4. The state and the lock word live in one object (the word must not move, and
/// an object's tail storage does not): one allocation per lock, and there is one per session and per
/// graph host (a request's context keeps its state and lock word in itself the same way, with fixed
/// facts beside them). Shared with the server (package access).
package struct Locked<State>: @unchecked Sendable {
    // @unchecked: the state is only touched while the lock is held.

    /// The state (the header) and the lock word (the one element), in one allocation.
    private final class Storage: ManagedBuffer<State, UInt32> {}

    private let storage: Storage

    package init(_ state: consuming State) {
        // Moved into the buffer, not copied (a copy would retain every reference the state holds).
        var moving = Optional(state)
        let buffer = Storage.create(minimumCapacity: 1) { _ in moving.take().unsafelyUnwrapped }
        // `create` called on `Storage` makes a `Storage`; its declared type is the base class.
        storage = unsafeDowncast(buffer, to: Storage.self)
        storage.withUnsafeMutablePointerToElements { $0.initialize(to: 0) }
    }

    /// Runs `body` with exclusive access to the state; `body` must not call back into this lock.
    ///
    /// The state is reached through a pointer, so Swift's run-time exclusivity check is not made: the
    /// lock gives the exclusivity (a call back into the lock from `body` would deadlock, not overlap).
    package func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
        try storage.withUnsafeMutablePointers { state, word in
            liveui_lock(word)
            defer { liveui_unlock(word) }
            return try body(&state.pointee)
        }
    }
}
