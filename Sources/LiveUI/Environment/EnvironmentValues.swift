/// A key for a value in ``EnvironmentValues``.
///
/// ```swift
/// private struct AccentKey: EnvironmentKey { static let defaultValue = "blue" }
/// extension EnvironmentValues {
///     var accent: String { get { self[AccentKey.self] } set { self[AccentKey.self] = newValue } }
/// }
/// ```
public protocol EnvironmentKey {
    /// The type of the value.
    associatedtype Value
    /// The value when no ancestor set one.
    static var defaultValue: Value { get }
}

/// Values a view hands down to everything below it (`.environment(\.key, value)`, `.environmentObject`).
///
/// Two environments are equal when they hold the very same entries; a changed value makes a new entry.
public struct EnvironmentValues: Equatable {
    final class Entry {
        let key: ObjectIdentifier
        let value: Any
        let parent: Entry?
        init(key: ObjectIdentifier, value: Any, parent: Entry?) {
            self.key = key
            self.value = value
            self.parent = parent
        }
    }

    var head: Entry?

    /// An environment with every key at its default value.
    public init() {}

    /// The value for `key`, or its default.
    public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
        get {
            // Unset (the usual case) is answered without a dynamic cast, which costs about 250 instructions.
            guard let value = lookup(ObjectIdentifier(key)) else { return K.defaultValue }
            return (value as? K.Value) ?? K.defaultValue
        }
        set { head = Entry(key: ObjectIdentifier(key), value: newValue, parent: head) }
    }

    /// The value set for `key`, if any; noted as a dependency of the body being evaluated, if any.
    func lookup(_ key: ObjectIdentifier) -> Any? {
        let found = entry(for: key)
        ThreadContext.current.environmentReads?.record(key, found)
        return found?.value
    }

    /// The entry holding the value set for `key`, if an ancestor set one.
    func entry(for key: ObjectIdentifier) -> Entry? {
        var entry = head
        while let e = entry {
            if e.key == key { return e }
            entry = e.parent
        }
        return nil
    }

    mutating func set(_ key: ObjectIdentifier, _ value: Any) {
        head = Entry(key: key, value: value, parent: head)
    }

    /// Provides `object` under its own class, as `.environmentObject(_:)` and `.environment(_:)` do: read by
    /// `@EnvironmentObject` (an `ObservableObject`) and `@Environment(T.self)` (an `@Observable` one).
    package mutating func insertObject(_ object: AnyObject) {
        set(ObjectIdentifier(type(of: object)), object)
    }

    public static func == (lhs: EnvironmentValues, rhs: EnvironmentValues) -> Bool { lhs.head === rhs.head }
}

private struct IsEnabledKey: EnvironmentKey { static let defaultValue = true }
private struct SubmitActionsKey: EnvironmentKey { static var defaultValue: [SubmitAction] { [] } }
private struct PrintChangesObserversKey: EnvironmentKey { static var defaultValue: [(String) -> Void] { [] } }
private struct PickerContextKey: EnvironmentKey { static var defaultValue: PickerContext? { nil } }
private struct NavigationHostKey: EnvironmentKey { static var defaultValue: NavigationHost? { nil } }

extension EnvironmentValues {
    /// Whether controls below accept input; `.disabled(true)` turns it off for a whole subtree.
    public var isEnabled: Bool {
        get { self[IsEnabledKey.self] }
        set { self[IsEnabledKey.self] = newValue }
    }

    /// The `onSubmit` actions that apply to text fields below, innermost first.
    var submitActions: [SubmitAction] {
        get { self[SubmitActionsKey.self] }
        set { self[SubmitActionsKey.self] = newValue }
    }

    /// Observers of `_printChanges()` lines below (`.onPrintChanges`).
    var printChangesObservers: [(String) -> Void] {
        get { self[PrintChangesObserversKey.self] }
        set { self[PrintChangesObserversKey.self] = newValue }
    }

    /// The picker whose options are being rendered.
    var pickerContext: PickerContext? {
        get { self[PickerContextKey.self] }
        set { self[PickerContextKey.self] = newValue }
    }

    /// The navigation stack that collects titles and bar visibility from below.
    var navigationHost: NavigationHost? {
        get { self[NavigationHostKey.self] }
        set { self[NavigationHostKey.self] = newValue }
    }
}
