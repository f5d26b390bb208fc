/// Handlers of one kind of value, added and removed from any thread.
final class Listeners<Value>: Sendable {
    private let state = Locked<(next: Int, handlers: [(Int, @Sendable (Value) -> Void)])>((0, []))

    /// The handlers now (the stored array itself: reading it allocates nothing).
    var current: [(Int, @Sendable (Value) -> Void)] { state.withLock { $0.handlers } }

    /// Adds `handler` until the returned subscription is cancelled or released.
    func add(_ handler: @escaping @Sendable (Value) -> Void) -> UpdateSubscription {
        let id = state.withLock { state -> Int in
            state.next += 1
            state.handlers.append((state.next, handler))
            return state.next
        }
        return UpdateSubscription { [weak self] in
            self?.state.withLock { $0.handlers.removeAll { $0.0 == id } }
        }
    }
}
