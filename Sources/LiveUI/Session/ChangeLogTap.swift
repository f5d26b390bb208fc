/// Listeners to a session's change-log lines besides its sink (the development inspector shows them).
/// Without a listener a line costs one lock more.
final class ChangeLogTap: Sendable {
    private let listeners = Listeners<String>()

    /// `log`, also handing each line to the listeners.
    func wrapping(_ log: ChangeLog) -> ChangeLog {
        ChangeLog { [self] line in
            log.write(line)
            for (_, handler) in listeners.current { handler(line) }
        }
    }

    /// Adds `handler` until the returned subscription is cancelled or released.
    func add(_ handler: @escaping @Sendable (String) -> Void) -> UpdateSubscription { listeners.add(handler) }
}

extension LiveSession {
    /// Calls `handler` with every line the session writes to its change log (`Self._printChanges()`,
    /// warnings), on the thread that writes it, after its sink: it must not block.
    public func subscribeChanges(_ handler: @escaping @Sendable (String) -> Void) -> UpdateSubscription {
        changeTap.add(handler)
    }
}
