/// The label of the Return key while a text field below is edited: the `enterkeyhint` attribute, which
/// on-screen keyboards show.
public struct SubmitLabel: Hashable, Sendable {
    let enterKeyHint: String

    /// "Done".
    public static let done = SubmitLabel(enterKeyHint: "done")
    /// "Go".
    public static let go = SubmitLabel(enterKeyHint: "go")
    /// "Send".
    public static let send = SubmitLabel(enterKeyHint: "send")
    /// "Join" ("Go" on the web).
    public static let join = SubmitLabel(enterKeyHint: "go")
    /// "Route" ("Go" on the web).
    public static let route = SubmitLabel(enterKeyHint: "go")
    /// "Search".
    public static let search = SubmitLabel(enterKeyHint: "search")
    /// "Return".
    public static let `return` = SubmitLabel(enterKeyHint: "enter")
    /// "Next".
    public static let next = SubmitLabel(enterKeyHint: "next")
    /// "Continue" ("Next" on the web).
    public static let `continue` = SubmitLabel(enterKeyHint: "next")
}

private struct SubmitLabelKey: EnvironmentKey { static var defaultValue: SubmitLabel? { nil } }

extension EnvironmentValues {
    /// The Return key's label for text fields below (`.submitLabel(_:)`); `nil`: the browser's default.
    var submitLabel: SubmitLabel? {
        get { self[SubmitLabelKey.self] }
        set { self[SubmitLabelKey.self] = newValue }
    }
}

nonisolated extension View {
    /// Sets the label of the Return key for the text fields in this view.
    public consuming func submitLabel(_ submitLabel: SubmitLabel) -> some View {
        environment(\.submitLabel, submitLabel)
    }
}
