import Observation

/// Bindings to the properties of an `@Observable` object: `$model.name` is a `Binding<String>`.
///
/// ```swift
/// struct NameEditor: View {
///     @Bindable var model: Profile
///     var body: some View { TextField("Name", text: $model.name) }
/// }
/// ```
@propertyWrapper
@dynamicMemberLookup
public struct Bindable<Value: AnyObject & Observable> {
    /// The object.
    public var wrappedValue: Value

    /// Makes bindings to `wrappedValue`'s properties.
    public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
    /// Makes bindings to `object`'s properties.
    public init(_ object: Value) { self.wrappedValue = object }

    /// The wrapper itself (`$model`).
    public var projectedValue: Bindable<Value> { self }

    /// A binding to `wrappedValue[keyPath:]`.
    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject> {
        Binding(location: ObjectKeyPathLocation(object: wrappedValue, keyPath: keyPath))
    }
}
