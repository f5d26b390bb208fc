/// A property of an ``ObservableObject`` that announces changes through `objectWillChange` and `$property`.
///
/// ```swift
/// final class Model: ObservableObject {
///     @Published var name = ""
/// }
/// ```
@propertyWrapper
public struct Published<Value> {
    let box: PublishedBox<Value>

    /// Creates the property with an initial value.
    public init(wrappedValue: Value) { box = PublishedBox(wrappedValue) }
    /// Creates the property with an initial value.
    public init(initialValue: Value) { self.init(wrappedValue: initialValue) }

    @available(*, unavailable, message: "@Published is only available on properties of classes")
    public var wrappedValue: Value {
        get { fatalError() }
        set { fatalError() }  // swiftlint:disable:this unused_setter_value
    }

    /// Reads and writes the value through the enclosing object, sending `objectWillChange` first.
    public static subscript<EnclosingSelf: AnyObject>(
        _enclosingInstance object: EnclosingSelf,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Published<Value>>
    ) -> Value {
        get { object[keyPath: storageKeyPath].box.value }
        set {
            let box = object[keyPath: storageKeyPath].box
            if let publisher = box.objectWillChange {
                publisher.send()
            } else if let observable = object as? any ObservableObject {
                sendWillChange(observable)
            }
            box.subject.send(newValue)
            box.value = newValue
        }
    }

    /// A publisher of the property's values: the current one at subscription, then each new one before it is stored.
    public var projectedValue: Publisher {
        get { Publisher(box: box) }
        // Combine allows `$x = …` to re-point; here the publisher always follows the box.
        set {}  // swiftlint:disable:this unused_setter_value
    }

    /// The publisher of a `@Published` property.
    public struct Publisher: Combine.Publisher, AnyPublisherIdentity {
        public typealias Output = Value
        public typealias Failure = Never
        let box: PublishedBox<Value>

        public func subscribe(
            receiveCompletion: @escaping (Subscribers.Completion<Never>) -> Void,
            receiveValue: @escaping (Value) -> Void
        ) -> AnyCancellable {
            box.subject.subscribe(receiveCompletion: receiveCompletion, receiveValue: receiveValue)
        }

        var publisherObjectIdentity: ObjectIdentifier? { ObjectIdentifier(box) }
    }
}

private func sendWillChange(_ object: any ObservableObject) {
    func open<O: ObservableObject>(_ object: O) {
        (object.objectWillChange as? ObservableObjectPublisher)?.send()
    }
    open(object)
}

protocol PublishedBoxProtocol: AnyObject {
    var objectWillChange: ObservableObjectPublisher? { get set }
}

protocol PublishedProperty {
    var publishedBox: any PublishedBoxProtocol { get }
}

extension Published: PublishedProperty {
    var publishedBox: any PublishedBoxProtocol { box }
}

final class PublishedBox<Value>: PublishedBoxProtocol {
    var value: Value
    let subject: CurrentValueSubject<Value, Never>
    var objectWillChange: ObservableObjectPublisher?

    init(_ value: Value) {
        self.value = value
        self.subject = CurrentValueSubject(value)
    }
}
