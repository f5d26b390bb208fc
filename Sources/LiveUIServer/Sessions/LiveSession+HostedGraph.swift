import LiveUI

/// `LiveSession` is the graph the server hosts.
extension LiveSession: HostedGraph {
    func subscribeUpdates(_ handler: @escaping @Sendable (Update) -> Void) -> @Sendable () -> Void {
        let subscription = subscribe(handler)
        return { subscription.cancel() }
    }
}
