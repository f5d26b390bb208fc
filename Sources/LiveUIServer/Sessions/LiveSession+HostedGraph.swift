import LiveUI

/// `LiveSession` is the graph the server hosts.
extension LiveSession: HostedGraph {
    func subscribeUpdates(_ handler: @escaping @Sendable (Update) -> Void) -> @Sendable () -> Void {
        let subscription = subscribe(handler)
        return { subscription.cancel() }
    }

    func takeStateChangesIfSaved() -> StateChanges? {
        takeStateChangesInsideJob()
    }

    func takeStateChangesIfSaved<R>(_ body: (PendingStateChanges?) -> R) -> R {
        takeStateChangesInsideJob(body)
    }

    func subscribeChangeLines(_ handler: @escaping @Sendable (String) -> Void) -> @Sendable () -> Void {
        let subscription = subscribeChanges(handler)
        return { subscription.cancel() }
    }
}
