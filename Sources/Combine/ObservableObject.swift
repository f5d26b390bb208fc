/// An object whose changes views observe: `objectWillChange` fires before any `@Published` property changes.
///
/// ```swift
/// final class Model: ObservableObject {
///     @Published var count = 0
/// }
/// ```
public protocol ObservableObject: AnyObject {
    /// The publisher that fires before the object changes.
    associatedtype ObjectWillChangePublisher: Publisher = ObservableObjectPublisher
    where ObjectWillChangePublisher.Failure == Never
    /// Fires before the object changes.
    var objectWillChange: ObjectWillChangePublisher { get }
}

/// The publisher of `objectWillChange`: sends `()` before each change.
public final class ObservableObjectPublisher: Publisher, Sendable {
    public typealias Output = Void
    public typealias Failure = Never
    let subscribers = SubscriberList<Void, Never>()

    /// Creates a publisher.
    public init() {}

    /// Announces that the object is about to change.
    public func send() { subscribers.send(()) }

    public func subscribe(
        receiveCompletion: @escaping (Subscribers.Completion<Never>) -> Void, receiveValue: @escaping (()) -> Void
    ) -> AnyCancellable {
        subscribers.add((receiveValue, receiveCompletion))
    }
}

extension ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
    /// The object's publisher, shared by all its `@Published` properties.
    public var objectWillChange: ObservableObjectPublisher { ObjectWillChangeRegistry.publisher(for: self) }
}

/// Finds or installs the default `objectWillChange` of an object, as Combine does: in its `@Published`
/// properties, or, for objects without any, in a side table keyed by the object.
enum ObjectWillChangeRegistry {
    private struct Entry {
        weak var object: AnyObject?
        let publisher: ObservableObjectPublisher
    }
    private static let table = Locked<[ObjectIdentifier: Entry]>([:])

    static func publisher(for object: AnyObject) -> ObservableObjectPublisher {
        var boxes: [any PublishedBoxProtocol] = []
        var mirror: Mirror? = Mirror(reflecting: object)
        while let m = mirror {
            for child in m.children {
                if let published = child.value as? any PublishedProperty { boxes.append(published.publishedBox) }
            }
            mirror = m.superclassMirror
        }
        if let first = boxes.first {
            if let existing = first.objectWillChange { return existing }
            let publisher = ObservableObjectPublisher()
            for box in boxes { box.objectWillChange = publisher }
            return publisher
        }
        return table.withLock { table in
            let id = ObjectIdentifier(object)
            if let entry = table[id], entry.object === object { return entry.publisher }
            if table.count > 64 { table = table.filter { $0.value.object != nil } }
            let publisher = ObservableObjectPublisher()
            table[id] = Entry(object: object, publisher: publisher)
            return publisher
        }
    }
}

/// Subscribes `handler` to `object.objectWillChange`, whatever its publisher type (package access: for
/// `@StateObject` and `@ObservedObject`).
package func subscribeWillChange(_ object: any ObservableObject, _ handler: @escaping () -> Void) -> AnyCancellable {
    func open<O: ObservableObject>(_ object: O) -> AnyCancellable {
        object.objectWillChange.sink { _ in handler() }
    }
    return open(object)
}
