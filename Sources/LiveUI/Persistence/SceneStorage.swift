import Foundation

/// A value saved per scene, as SwiftUI's `@SceneStorage`: here a scene is a browser session, so every
/// page (route) of the session reads and writes the same value, and a write re-renders the readers on
/// every page. The session's ``StoredValues`` container holds it (a server saves it with the session).
///
/// ```swift
/// @SceneStorage("selectedTab") private var selectedTab = 0
/// var body: some View { Picker("Tab", selection: $selectedTab) { … } }
/// ```
///
/// The value types are SwiftUI's: `Bool`, `Int`, `Double`, `String`, `URL`, `Data`, `RawRepresentable`
/// types with `Int` or `String` raw values, and optionals of them (`nil` removes the key).
@propertyWrapper
public struct SceneStorage<Value>: StorageLinkable, ComparableProperty, AlwaysSameProperty {
    var core: StoredProperty<Value>

    private init(_ key: String, _ defaultValue: Value, _ coding: StoredValueCoding<Value>) {
        core = StoredProperty(key: key, defaultValue: defaultValue, coding: coding, scope: .scene)
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

extension SceneStorage where Value == Bool {
    /// A `Bool` stored under `key`, `wrappedValue` while nothing is.
    public init(wrappedValue: Value, _ key: String) { self.init(key, wrappedValue, StoredValueCoding<Bool>.bool) }
}

extension SceneStorage where Value == Bool? {
    /// An optional `Bool` stored under `key`, `nil` while nothing is.
    public init(_ key: String) { self.init(key, nil, .optional(StoredValueCoding<Bool>.bool)) }
}

extension SceneStorage where Value == Int {
    /// A `Int` stored under `key`, `wrappedValue` while nothing is.
    public init(wrappedValue: Value, _ key: String) { self.init(key, wrappedValue, StoredValueCoding<Int>.int) }
}

extension SceneStorage where Value == Int? {
    /// An optional `Int` stored under `key`, `nil` while nothing is.
    public init(_ key: String) { self.init(key, nil, .optional(StoredValueCoding<Int>.int)) }
}

extension SceneStorage where Value == Double {
    /// A `Double` stored under `key`, `wrappedValue` while nothing is.
    public init(wrappedValue: Value, _ key: String) { self.init(key, wrappedValue, StoredValueCoding<Double>.double) }
}

extension SceneStorage where Value == Double? {
    /// An optional `Double` stored under `key`, `nil` while nothing is.
    public init(_ key: String) { self.init(key, nil, .optional(StoredValueCoding<Double>.double)) }
}

extension SceneStorage where Value == String {
    /// A `String` stored under `key`, `wrappedValue` while nothing is.
    public init(wrappedValue: Value, _ key: String) { self.init(key, wrappedValue, StoredValueCoding<String>.string) }
}

extension SceneStorage where Value == String? {
    /// An optional `String` stored under `key`, `nil` while nothing is.
    public init(_ key: String) { self.init(key, nil, .optional(StoredValueCoding<String>.string)) }
}

extension SceneStorage where Value == URL {
    /// A `URL` stored under `key`, `wrappedValue` while nothing is.
    public init(wrappedValue: Value, _ key: String) { self.init(key, wrappedValue, StoredValueCoding<URL>.url) }
}

extension SceneStorage where Value == URL? {
    /// An optional `URL` stored under `key`, `nil` while nothing is.
    public init(_ key: String) { self.init(key, nil, .optional(StoredValueCoding<URL>.url)) }
}

extension SceneStorage where Value == Data {
    /// A `Data` stored under `key`, `wrappedValue` while nothing is.
    public init(wrappedValue: Value, _ key: String) { self.init(key, wrappedValue, StoredValueCoding<Data>.data) }
}

extension SceneStorage where Value == Data? {
    /// An optional `Data` stored under `key`, `nil` while nothing is.
    public init(_ key: String) { self.init(key, nil, .optional(StoredValueCoding<Data>.data)) }
}

extension SceneStorage where Value: RawRepresentable, Value.RawValue == Int {
    /// A value stored as its `Int` raw value under `key`, `wrappedValue` while nothing (or no valid raw
    /// value) is.
    public init(wrappedValue: Value, _ key: String) { self.init(key, wrappedValue, StoredValueCoding<Value>.rawInt(Value.self)) }
}

extension SceneStorage {
    /// An optional value stored as its `Int` raw value under `key`, `nil` while nothing is.
    public init<R: RawRepresentable>(_ key: String) where Value == R?, R.RawValue == Int {
        self.init(key, nil, .optional(StoredValueCoding<R>.rawInt(R.self)))
    }
}

extension SceneStorage where Value: RawRepresentable, Value.RawValue == String {
    /// A value stored as its `String` raw value under `key`, `wrappedValue` while nothing (or no valid raw
    /// value) is.
    public init(wrappedValue: Value, _ key: String) { self.init(key, wrappedValue, StoredValueCoding<Value>.rawString(Value.self)) }
}

extension SceneStorage {
    /// An optional value stored as its `String` raw value under `key`, `nil` while nothing is.
    public init<R: RawRepresentable>(_ key: String) where Value == R?, R.RawValue == String {
        self.init(key, nil, .optional(StoredValueCoding<R>.rawString(R.self)))
    }
}
