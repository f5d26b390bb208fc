/// The subscriber list shared by the subjects: thread-safe; values are delivered outside the lock.
final class SubscriberList<Output, Failure: Error>: @unchecked Sendable {
    // @unchecked: all mutable state is inside the lock.
    typealias Entry = (value: (Output) -> Void, completion: (Subscribers.Completion<Failure>) -> Void)
    private let state = Locked<(next: UInt64, entries: [(UInt64, Entry)], finished: Bool)>((0, [], false))

    func add(_ entry: Entry) -> AnyCancellable {
        let id: UInt64? = state.withLock { state in
            if state.finished { return nil }
            state.next += 1
            state.entries.append((state.next, entry))
            return state.next
        }
        guard let id else {
            entry.completion(.finished)
            return AnyCancellable {}
        }
        return AnyCancellable { [weak self] in
            self?.state.withLock { $0.entries.removeAll { $0.0 == id } }
        }
    }

    func send(_ value: Output) {
        // The list itself, not a mapped copy: sending allocates nothing.
        let entries = state.withLock { $0.finished ? [] : $0.entries }
        for (_, entry) in entries { entry.value(value) }
    }

    func finish(_ completion: Subscribers.Completion<Failure>) {
        let entries = state.withLock { state in
            let entries = state.entries.map(\.1)
            state.finished = true
            state.entries.removeAll()
            return entries
        }
        for entry in entries { entry.completion(completion) }
    }

    var isEmpty: Bool { state.withLock { $0.entries.isEmpty } }
}

/// A publisher you send values into; subscribers receive only what is sent after they subscribed.
/// Thread-safe: values may be sent from any thread; subscribers are called on the sending thread.
public final class PassthroughSubject<Output, Failure: Error>: Publisher, Sendable {
    let subscribers = SubscriberList<Output, Failure>()

    /// Creates a subject.
    public init() {}

    /// Delivers `value` to every subscriber.
    public func send(_ value: Output) { subscribers.send(value) }
    /// Finishes the subject; later subscribers get the completion at once.
    public func send(completion: Subscribers.Completion<Failure>) { subscribers.finish(completion) }

    public func subscribe(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        subscribers.add((receiveValue, receiveCompletion))
    }
}

extension PassthroughSubject where Output == Void {
    /// Sends `()`.
    public func send() { send(()) }
}

/// A subject holding a current value; new subscribers receive it at once.
/// Thread-safe: values may be sent from any thread; subscribers are called on the sending thread.
public final class CurrentValueSubject<Output, Failure: Error>: Publisher, Sendable {
    let subscribers = SubscriberList<Output, Failure>()
    private let current: Locked<Output>

    /// Creates a subject with an initial value.
    public init(_ value: Output) { current = Locked(value) }

    /// The current value; setting it sends it.
    public var value: Output {
        get { current.withLock { $0 } }
        set { send(newValue) }
    }

    /// Stores and delivers `value`.
    public func send(_ value: Output) {
        current.withLock { $0 = value }
        subscribers.send(value)
    }

    /// Finishes the subject.
    public func send(completion: Subscribers.Completion<Failure>) { subscribers.finish(completion) }

    public func subscribe(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        let cancellable = subscribers.add((receiveValue, receiveCompletion))
        receiveValue(value)
        return cancellable
    }
}
