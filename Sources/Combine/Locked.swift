/// Mutable state guarded by a lock; the closures given to `withLock` never escape it.
///
/// Copies share one state and one lock: the value is a reference to them.
///
/// The lock is one word (`liveui_lock`): a free lock is taken with one compare-and-swap and given back
/// with one exchange, in user space, where ThreadSanitizer sees each hand-over. `Synchronization.Mutex`
/// is not used because a contended one is handed over inside the kernel (a priority-inheritance futex),
/// where ThreadSanitizer sees nothing and then reports races that are not there. A pthread mutex takes
/// about 57 instructions to take and give back where this takes 10, needs an initialisation, and is 40
/// bytes to this one's 4. The state and the lock word live in one object (``LockedBuffer``): one
/// allocation per lock, and there is one per session and per graph host (a request's context is a
/// ``LockedBuffer`` itself, with fixed facts beside its state). Shared with the server (package access).
package struct Locked<State>: @unchecked Sendable {
    // @unchecked: the state is only touched while the lock is held.

    /// The state and the lock word, in one allocation.
    private let storage: LockedBuffer<State>

    package init(_ state: consuming State) { storage = LockedBuffer.make(state) }

    /// Runs `body` with exclusive access to the state; `body` must not call back into this lock.
    package func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
        try storage.withLockedHeader(body)
    }
}
