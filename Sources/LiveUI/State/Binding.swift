/// A reference to a value someone else owns (a parent's `@State`, an object's property).
///
/// Writing through a binding writes the owner's storage, which re-evaluates the owner when the
/// storage is `@State` and changes nothing on screen when it is `@ViewStorage`.
///
/// ```swift
/// struct NameField: View {
///     @Binding var name: String
///     var body: some View { TextField("Name", text: $name) }
/// }
/// ```
@propertyWrapper
@dynamicMemberLookup
public struct Binding<Value>: ComparableProperty {
    let location: BindingLocation<Value>
    /// The value when the binding was made: a changed value makes the holding view "changed".
    let snapshot: Value

    init(location: BindingLocation<Value>) {
        self.location = location
        self.snapshot = location.get()
    }

    /// A binding that reads and writes through closures.
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        self.init(location: ClosureLocation(get: get, set: set))
    }

    /// A binding to the same location as `projectedValue` (what `@Binding var x` is initialised with).
    public init(projectedValue: Binding<Value>) { self = projectedValue }

    /// A binding that always reads `value` and ignores writes.
    public static func constant(_ value: Value) -> Binding<Value> {
        Binding(location: ConstantLocation(value))
    }

    /// The current value of the referenced storage.
    public var wrappedValue: Value {
        get { location.get() }
        nonmutating set { location.set(newValue) }
    }

    /// The binding itself (`$value`).
    public var projectedValue: Binding<Value> { self }

    /// A binding to a property of the value.
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        Binding<Subject>(location: KeyPathLocation(base: location, keyPath: keyPath))
    }

    package func isSame(as other: Any) -> Bool {
        guard let other = other as? Binding<Value>, let a = location.identity, let b = other.location.identity,
            a == b
        else { return false }
        return !location.comparesValue || isEqualValue(snapshot, other.snapshot)
    }
}

extension Binding: DynamicProperty {}

extension Binding {
    /// Unwraps a binding to an optional, or `nil` when the value is `nil`.
    public init?(_ base: Binding<Value?>) {
        guard let value = base.wrappedValue else { return nil }
        self.init(location: ClosureLocation(get: { base.wrappedValue ?? value }, set: { base.wrappedValue = $0 }))
    }
}

/// Where a binding reads and writes; subclasses are the kinds of storage.
class BindingLocation<Value> {
    func get() -> Value { fatalError("BindingLocation.get is abstract") }
    func set(_ newValue: Value) { fatalError("BindingLocation.set is abstract") }
    /// The same non-nil identity means the same storage; `nil` never compares equal.
    var identity: AnyHashable? { nil }
    /// Whether a binding whose value changed makes its holder "changed" (not for `@ViewStorage`).
    var comparesValue: Bool { true }
    /// The view storage (a `@State` or `@ViewStorage` box) this location reads from, if it reads from one:
    /// what the inspector redacts when the binding is a `SecureField`'s.
    var storageObject: AnyObject? { nil }
}

final class ClosureLocation<Value>: BindingLocation<Value> {
    let getter: () -> Value
    let setter: (Value) -> Void
    init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        getter = get
        setter = set
    }
    override func get() -> Value { getter() }
    override func set(_ newValue: Value) { setter(newValue) }
}

final class ConstantLocation<Value>: BindingLocation<Value> {
    let value: Value
    init(_ value: Value) { self.value = value }
    override func get() -> Value { value }
    override func set(_ newValue: Value) {}
    override var identity: AnyHashable? { "constant" }
}

final class KeyPathLocation<Base, Value>: BindingLocation<Value> {
    let base: BindingLocation<Base>
    let keyPath: WritableKeyPath<Base, Value>
    init(base: BindingLocation<Base>, keyPath: WritableKeyPath<Base, Value>) {
        self.base = base
        self.keyPath = keyPath
    }
    override func get() -> Value { base.get()[keyPath: keyPath] }
    override func set(_ newValue: Value) {
        var value = base.get()
        value[keyPath: keyPath] = newValue
        base.set(value)
    }
    override var identity: AnyHashable? {
        guard let parent = base.identity else { return nil }
        return [parent, AnyHashable(keyPath)]
    }
    override var comparesValue: Bool { base.comparesValue }
    override var storageObject: AnyObject? { base.storageObject }
}

final class ObjectKeyPathLocation<Root: AnyObject, Value>: BindingLocation<Value> {
    let object: Root
    let keyPath: ReferenceWritableKeyPath<Root, Value>
    init(object: Root, keyPath: ReferenceWritableKeyPath<Root, Value>) {
        self.object = object
        self.keyPath = keyPath
    }
    override func get() -> Value { object[keyPath: keyPath] }
    override func set(_ newValue: Value) { object[keyPath: keyPath] = newValue }
    override var identity: AnyHashable? { [AnyHashable(ObjectIdentifier(object)), AnyHashable(keyPath)] }
}
