/// The small part of Combine that SwiftUI code uses, under Combine's names (Combine does not exist on Linux).
///
/// A publisher delivers values synchronously, on the thread that sends them, to each subscriber
/// until the subscriber's ``AnyCancellable`` is cancelled or released.
public protocol Publisher<Output, Failure> {
    /// The values it publishes.
    associatedtype Output
    /// The error it can finish with.
    associatedtype Failure: Error

    /// Delivers values and completion to the closures until the returned cancellable ends.
    func subscribe(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable
}

/// Namespace for subscriber types, as in Combine.
public enum Subscribers {
    /// How a publisher finished.
    public enum Completion<Failure: Error> {
        /// Normally.
        case finished
        /// With an error.
        case failure(Failure)
    }
}

extension Publisher {
    /// Subscribes with closures for completion and values.
    public func sink(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        subscribe(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
    }

    /// A publisher of `transform` applied to each value.
    public func map<T>(_ transform: @escaping (Output) -> T) -> AnyPublisher<T, Failure> {
        AnyPublisher(identity: publisherIdentity(self)) { completion, value in
            self.subscribe(receiveCompletion: completion, receiveValue: { value(transform($0)) })
        }
    }

    /// This publisher, type-erased.
    public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> {
        if let any = self as? AnyPublisher<Output, Failure> { return any }
        return AnyPublisher(identity: publisherIdentity(self)) { completion, value in
            self.subscribe(receiveCompletion: completion, receiveValue: value)
        }
    }
}

extension Publisher where Failure == Never {
    /// Subscribes with a closure for values.
    public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        subscribe(receiveCompletion: { _ in }, receiveValue: receiveValue)
    }
}

/// A type-erased publisher.
public struct AnyPublisher<Output, Failure: Error>: Publisher {
    let identity: ObjectIdentifier?
    let subscribeBody:
        (@escaping (Subscribers.Completion<Failure>) -> Void, @escaping (Output) -> Void) -> AnyCancellable

    /// A publisher whose subscriptions `subscribe` makes; `identity` is the object behind its values, if
    /// one is (package access: LiveUI's storage publishes through it).
    package init(
        identity: ObjectIdentifier?,
        subscribe: @escaping (@escaping (Subscribers.Completion<Failure>) -> Void, @escaping (Output) -> Void) ->
            AnyCancellable
    ) {
        self.identity = identity
        self.subscribeBody = subscribe
    }

    /// Wraps `publisher`.
    public init<P: Publisher>(_ publisher: P) where P.Output == Output, P.Failure == Failure {
        self = publisher.eraseToAnyPublisher()
    }

    public func subscribe(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        subscribeBody(receiveCompletion, receiveValue)
    }
}

/// The object behind a publisher value, when it has one: the same object means the same stream of values
/// (package access: `onReceive` resubscribes only when it changes).
package func publisherIdentity(_ publisher: Any) -> ObjectIdentifier? {
    if let any = publisher as? AnyPublisherIdentity { return any.publisherObjectIdentity }
    if type(of: publisher) is AnyClass { return ObjectIdentifier(publisher as AnyObject) }
    return nil
}

protocol AnyPublisherIdentity {
    var publisherObjectIdentity: ObjectIdentifier? { get }
}

extension AnyPublisher: AnyPublisherIdentity {
    var publisherObjectIdentity: ObjectIdentifier? { identity }
}

/// Cancels a subscription when `cancel()` is called or when it is released.
public final class AnyCancellable: Hashable {
    private var onCancel: (() -> Void)?

    /// Runs `cancel` once, when cancelled or released.
    public init(_ cancel: @escaping () -> Void) { onCancel = cancel }

    /// Ends the subscription.
    public func cancel() {
        let action = onCancel
        onCancel = nil
        action?()
    }

    deinit { cancel() }

    /// Keeps the cancellable alive in `set`.
    public func store(in set: inout Set<AnyCancellable>) { set.insert(self) }
    /// Keeps the cancellable alive in `array`.
    public func store(in array: inout [AnyCancellable]) { array.append(self) }

    public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
