/// Whether the user can edit a view's content (delete and move a list's rows).
public enum EditMode: Hashable, Sendable {
    /// Not editing.
    case inactive
    /// Editing for a moment (kept for SwiftUI's sake; shows the controls as `.active` does).
    case transient
    /// Editing: rows show their move buttons.
    case active

    /// Whether the mode is `.active` or `.transient`.
    public var isEditing: Bool { self != .inactive }
}

private struct EditModeKey: EnvironmentKey {
    static var defaultValue: Binding<EditMode>? { nil }
}

extension EnvironmentValues {
    /// The edit mode of the views below, as a binding (`.environment(\.editMode, $mode)`); `nil` when no
    /// ancestor provides one, and then an ``EditButton`` is disabled.
    public var editMode: Binding<EditMode>? {
        get { self[EditModeKey.self] }
        set { self[EditModeKey.self] = newValue }
    }
}

/// A button that toggles the environment's ``EnvironmentValues/editMode`` between `.active` and
/// `.inactive`, titled "Edit" or "Done".
nonisolated public struct EditButton: View {
    @Environment(\.editMode) private var editMode

    /// An edit button for the environment's edit mode.
    public init() {}

    public var body: some View {
        let editing = editMode?.wrappedValue.isEditing == true
        Button(editing ? "Done" : "Edit") {
            guard let mode = editMode else { return }
            mode.wrappedValue = mode.wrappedValue.isEditing ? .inactive : .active
        }
        .disabled(editMode == nil)
    }
}
