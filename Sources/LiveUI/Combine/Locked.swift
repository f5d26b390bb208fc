import Foundation

/// Mutable state guarded by a lock; the closures given to `withLock` never escape it.
final class Locked<State>: @unchecked Sendable {
    // @unchecked: `state` is only touched while `lock` is held.
    private let lock = NSLock()
    private var state: State

    init(_ state: State) { self.state = state }

    func withLock<R>(_ body: (inout State) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&state)
    }
}
