import Foundation

/// Mutable state guarded by a lock.
///
/// Used instead of `Synchronization.Mutex`, whose Linux futex implementation ThreadSanitizer cannot see
/// (every access then reports as a race). `NSLock` is a pthread mutex, which TSan understands.
/// `@unchecked Sendable`: `value` is only touched while `lock` is held.
final class Protected<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    /// Runs `body` with exclusive access to the value. `body` must not call back into this lock.
    func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
