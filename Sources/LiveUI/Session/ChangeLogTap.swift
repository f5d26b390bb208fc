/// Listeners to a session's change-log lines besides its sink (the development inspector shows them).
/// Without a listener a line costs one lock more.
final class ChangeLogTap: Sendable {
    private let listeners = Locked<(next: Int, handlers: [(Int, @Sendable (String) -> Void)])>((0, []))

    /// `log`, also handing each line to the listeners.
    func wrapping(_ log: ChangeLog) -> ChangeLog {
        ChangeLog { [self] line in
            log.write(line)
            for (_, handler) in listeners.withLock({ $0.handlers }) { handler(line) }
        }
    }

    /// Adds `handler` until the returned subscription is cancelled or released.
    func add(_ handler: @escaping @Sendable (String) -> Void) -> UpdateSubscription {
        let id = listeners.withLock { state -> Int in
            state.next += 1
            state.handlers.append((state.next, handler))
            return state.next
        }
        return UpdateSubscription { [weak self] in
            self?.listeners.withLock { $0.handlers.removeAll { $0.0 == id } }
        }
    }
}

extension LiveSession {
    /// Calls `handler` with every line the session writes to its change log (`Self._printChanges()`,
    /// warnings), on the thread that writes it, after its sink: it must not block.
    public func subscribeChanges(_ handler: @escaping @Sendable (String) -> Void) -> UpdateSubscription {
        changeTap.add(handler)
    }
}
