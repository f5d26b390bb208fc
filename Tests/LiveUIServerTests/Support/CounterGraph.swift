@testable import LiveUI
import Synchronization
@testable import LiveUIServer

/// A test double of the `HostedGraph` seam: a counter with an `increment` button, an ambiguous `dup`
/// identifier and a `push()` that stands for a `.task` changing state. Used until `LiveSession` lands.
final class CounterGraph: HostedGraph {
    private struct State {
        var count = 0
        var version = 0
        var applied = 0
        var subscribers: [Int: @Sendable (Update) -> Void] = [:]
        var nextSubscriber = 0
        var closed = false
    }

    private let state = Locked(State())
    /// Where events are answered: a serial line on LiveUI's own worker threads, as a `LiveSession`'s events
    /// are. (Not libdispatch's global queue: on Linux that is also Swift's cooperative pool, two threads
    /// here, which the other tests' synchronous bodies hold for seconds under the thread sanitizer.)
    private let executor = SessionExecutor()
    /// Counts graphs closed, shared with the test that made them.
    let closedCounter: Counter

    init(closedCounter: Counter) { self.closedCounter = closedCounter }

    var version: Int { state.withLock { $0.version } }
    var applied: Int { state.withLock { $0.applied } }
    var isClosed: Bool { state.withLock { $0.closed } }

    private func render(_ count: Int) -> String {
        "<div data-lid=\"root\"><span data-lid=\"k1\">Count: \(count)</span><button data-lid=\"k2\" data-on=\"click\">+</button></div>"
    }

    func html(completion: @escaping @Sendable (String) -> Void) {
        let count = state.withLock { $0.count }
        completion(render(count))
    }

    func send(_ event: ClientEvent, completion: @escaping @Sendable (Result<Update, LiveError>) -> Void) {
        if event.target == "dup" { return completion(.failure(.ambiguousTarget(["k3", "k4"]))) }
        guard event.target == "increment" || event.target == "k2" else { return completion(.failure(.unknownTarget(event.target))) }
        guard event.type == "click" else { return completion(.failure(.unsupportedEvent(target: event.target, type: event.type))) }
        // Answer from another thread, as LiveSession's serial line does.
        executor.enqueue { completion(.success(self.increment())) }
    }

    /// A state change no request asked for (what a `.task` does).
    @discardableResult
    func push() -> Update { increment() }

    private func increment() -> Update {
        let (update, subscribers) = state.withLock { s -> (Update, [@Sendable (Update) -> Void]) in
            s.count += 1
            s.version += 1
            s.applied += 1
            return (Update(version: s.version, patches: [.text(id: "k1", text: "Count: \(s.count)")]), Array(s.subscribers.values))
        }
        for subscriber in subscribers { subscriber(update) }
        return update
    }

    func subscribeUpdates(_ handler: @escaping @Sendable (Update) -> Void) -> @Sendable () -> Void {
        let id = state.withLock { s -> Int in
            s.nextSubscriber += 1
            s.subscribers[s.nextSubscriber] = handler
            return s.nextSubscriber
        }
        return { [weak self] in _ = self?.state.withLock { $0.subscribers.removeValue(forKey: id) } }
    }

    func close() async {
        state.withLock { $0.closed = true }
        closedCounter.increment()
    }

    func treeJSON() async -> String { "{\"type\":\"Counter\",\"count\":\(state.withLock { $0.count })}" }
}

/// A thread-safe counter.
final class Counter: Sendable {
    private let value = Locked(0)
    func increment() { value.withLock { $0 += 1 } }
    var count: Int { value.withLock { $0 } }
}

/// A clock tests move by hand.
final class ManualClock: Sendable {
    private let value = Locked(1000.0)
    func advance(by seconds: Double) { value.withLock { $0 += seconds } }
    var clock: ServerClock { ServerClock { self.value.withLock { $0 } } }
}

extension Locked {
    /// The current value (a copy), for assertions.
    var value: State { withLock { $0 } }
}
