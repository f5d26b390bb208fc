import Foundation

/// A value saved per browser, as SwiftUI's `@AppStorage` saves one per app: the server keeps it under a
/// long-lived cookie, so it outlives sessions; every session of the browser shares it. There is no `store:`
/// argument: the session's ``StoredValues`` container for the browser is the store.
///
/// ```swift
/// @AppStorage("fontSize") private var fontSize = 14.0
/// var body: some View { Stepper("Size \(fontSize)", value: $fontSize) }
/// ```
///
/// The value types are SwiftUI's: `Bool`, `Int`, `Double`, `String`, `URL`, `Data`, `RawRepresentable`
/// types with `Int` or `String` raw values, and optionals of them (`nil` removes the key).
@propertyWrapper
public struct AppStorage<Value>: StorageLinkable, ComparableProperty, AlwaysSameProperty {
    var core: StoredProperty<Value>

    private init(_ key: String, _ defaultValue: Value, _ coding: StoredValueCoding<Value>) {
        core = StoredProperty(key: key, defaultValue: defaultValue, coding: coding, scope: .app)
    }

    /// The stored value, or the default while nothing is stored; writing it re-evaluates every view that
    /// reads the key.
    public var wrappedValue: Value {
        get { core.value }
        nonmutating set { core.set(newValue) }
    }

    /// A binding to the stored value.
    public var projectedValue: Binding<Value> { core.binding }

    package mutating func link(to node: GraphNode, slot: Int, name: String) -> Bool {
        core.link(to: node, slot: slot, name: name)
    }

    /// The container decides what the view shows: the property never makes a view "changed" by itself.
    package func isSame(as other: Any) -> Bool { true }
}

extension AppStorage where Value == Bool {
    /// A `Bool` stored under `key`, `wrappedValue` while nothing is.
    public init(wrappedValue: Value, _ key: String) { self.init(key, wrappedValue, StoredValueCoding<Bool>.bool) }
}

extension AppStorage where Value == Bool? {
    /// An optional `Bool` stored under `key`, `nil` while nothing is.
    public init(_ key: String) { self.init(key, nil, .optional(StoredValueCoding<Bool>.bool)) }
}

extension AppStorage where Value == Int {
    /// A `Int` stored under `key`, `wrappedValue` while nothing is.
    public init(wrappedValue: Value, _ key: String) { self.init(key, wrappedValue, StoredValueCoding<Int>.int) }
}

extension AppStorage where Value == Int? {
    /// An optional `Int` stored under `key`, `nil` while nothing is.
    public init(_ key: String) { self.init(key, nil, .optional(StoredValueCoding<Int>.int)) }
}

extension AppStorage where Value == Double {
    /// A `Double` stored under `key`, `wrappedValue` while nothing is.
    public init(wrappedValue: Value, _ key: String) { self.init(key, wrappedValue, StoredValueCoding<Double>.double) }
}

extension AppStorage where Value == Double? {
    /// An optional `Double` stored under `key`, `nil` while nothing is.
    public init(_ key: String) { self.init(key, nil, .optional(StoredValueCoding<Double>.double)) }
}

extension AppStorage where Value == String {
    /// A `String` stored under `key`, `wrappedValue` while nothing is.
    public init(wrappedValue: Value, _ key: String) { self.init(key, wrappedValue, StoredValueCoding<String>.string) }
}

extension AppStorage where Value == String? {
    /// An optional `String` stored under `key`, `nil` while nothing is.
    public init(_ key: String) { self.init(key, nil, .optional(StoredValueCoding<String>.string)) }
}

extension AppStorage where Value == URL {
    /// A `URL` stored under `key`, `wrappedValue` while nothing is.
    public init(wrappedValue: Value, _ key: String) { self.init(key, wrappedValue, StoredValueCoding<URL>.url) }
}

extension AppStorage where Value == URL? {
    /// An optional `URL` stored under `key`, `nil` while nothing is.
    public init(_ key: String) { self.init(key, nil, .optional(StoredValueCoding<URL>.url)) }
}

extension AppStorage where Value == Data {
    /// A `Data` stored under `key`, `wrappedValue` while nothing is.
    public init(wrappedValue: Value, _ key: String) { self.init(key, wrappedValue, StoredValueCoding<Data>.data) }
}

extension AppStorage where Value == Data? {
    /// An optional `Data` stored under `key`, `nil` while nothing is.
    public init(_ key: String) { self.init(key, nil, .optional(StoredValueCoding<Data>.data)) }
}

extension AppStorage where Value: RawRepresentable, Value.RawValue == Int {
    /// A value stored as its `Int` raw value under `key`, `wrappedValue` while nothing (or no valid raw
    /// value) is.
    public init(wrappedValue: Value, _ key: String) { self.init(key, wrappedValue, StoredValueCoding<Value>.rawInt(Value.self)) }
}

extension AppStorage {
    /// An optional value stored as its `Int` raw value under `key`, `nil` while nothing is.
    public init<R: RawRepresentable>(_ key: String) where Value == R?, R.RawValue == Int {
        self.init(key, nil, .optional(StoredValueCoding<R>.rawInt(R.self)))
    }
}

extension AppStorage where Value: RawRepresentable, Value.RawValue == String {
    /// A value stored as its `String` raw value under `key`, `wrappedValue` while nothing (or no valid raw
    /// value) is.
    public init(wrappedValue: Value, _ key: String) { self.init(key, wrappedValue, StoredValueCoding<Value>.rawString(Value.self)) }
}

extension AppStorage {
    /// An optional value stored as its `String` raw value under `key`, `nil` while nothing is.
    public init<R: RawRepresentable>(_ key: String) where Value == R?, R.RawValue == String {
        self.init(key, nil, .optional(StoredValueCoding<R>.rawString(R.self)))
    }
}
