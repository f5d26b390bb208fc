/// Which control has the browser's focus, as a value a view owns: `Bool` for one control, an optional
/// `Hashable` for several (`.focused($field, equals: .name)`).
///
/// Both ways, as in SwiftUI: the browser's focus and blur write the value, and writing the value moves
/// the browser's focus (the client focuses the control after the patch; `nil`/`false` blurs it).
///
/// ```swift
/// struct Login: View {
///     enum Field { case user, password }
///     @FocusState private var field: Field?
///     @State private var user = ""
///     var body: some View {
///         TextField("User", text: $user).focused($field, equals: .user)
///         Button("Edit") { field = .user }
///     }
/// }
/// ```
@propertyWrapper
public struct FocusState<Value: Hashable>: StorageLinkable, ComparableProperty, AlwaysSameProperty {
    let initial: Value
    private var storage: StateStorage<Value>?

    /// Focus state for one control: `true` while it has the focus.
    public init() where Value == Bool { initial = false }

    /// Focus state for several controls: the value of the one that has the focus, `nil` for none.
    public init<T: Hashable>() where Value == T? { initial = nil }

    /// The focused control's value.
    public var wrappedValue: Value {
        get { storage?.value ?? initial }
        nonmutating set { storage?.set(newValue) }
    }

    /// A binding for `.focused(_:)` and `.focused(_:equals:)`.
    public var projectedValue: Binding {
        Binding(location: storage.map { $0 as BindingLocation<Value> } ?? ConstantLocation(initial), none: initial)
    }

    package mutating func link(to node: GraphNode, slot: Int, name: String) -> Bool {
        linkStateStorage(&storage, initial: initial, to: node, slot: slot)
    }

    /// The initial value only matters on the identity's first evaluation.
    package func isSame(as other: Any) -> Bool { true }

    /// A reference to a view's focus state.
    @propertyWrapper
    public struct Binding: ComparableProperty {
        let location: BindingLocation<Value>
        /// The value when the binding was made: a changed value makes the holding view "changed".
        let snapshot: Value
        /// The value when no control has the focus (`false`, `nil`: every focus state starts with it).
        let none: Value

        init(location: BindingLocation<Value>, none: Value) {
            self.location = location
            self.none = none
            snapshot = location.get()
        }

        /// The focused control's value.
        public var wrappedValue: Value {
            get { location.get() }
            nonmutating set { location.set(newValue) }
        }

        /// The binding itself.
        public var projectedValue: Binding { self }

        package func isSame(as other: Any) -> Bool {
            guard let other = other as? Binding, let a = location.identity, let b = other.location.identity, a == b
            else { return false }
            return snapshot == other.snapshot
        }
    }
}

extension FocusState.Binding: DynamicProperty {}
