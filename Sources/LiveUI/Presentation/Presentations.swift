/// Whether a title (a confirmation dialog's) is shown.
public enum Visibility: Hashable, CaseIterable, Sendable {
    /// As the platform decides (a confirmation dialog hides its title on the web, as on iPhone).
    case automatic
    /// Shown.
    case visible
    /// Hidden.
    case hidden
}

nonisolated extension View {
    /// Presents `content` in a sheet while `isPresented` is `true`; `onDismiss` runs after it closes.
    public consuming func sheet<Content: View>(
        isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping () -> Content
    ) -> some View {
        modifier(Self.presentation(.sheet, isPresented: isPresented, onDismiss: onDismiss, content: content))
    }

    /// Presents `content(item)` in a sheet while `item` is not `nil`; another item's id is another sheet.
    public consuming func sheet<Item: Identifiable, Content: View>(
        item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content
    ) -> some View {
        modifier(Self.presentation(.sheet, item: item, onDismiss: onDismiss, content: content))
    }

    /// Presents `content` covering the page while `isPresented` is `true`.
    public consuming func fullScreenCover<Content: View>(
        isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping () -> Content
    ) -> some View {
        modifier(Self.presentation(.cover, isPresented: isPresented, onDismiss: onDismiss, content: content))
    }

    /// Presents `content(item)` covering the page while `item` is not `nil`.
    public consuming func fullScreenCover<Item: Identifiable, Content: View>(
        item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content
    ) -> some View {
        modifier(Self.presentation(.cover, item: item, onDismiss: onDismiss, content: content))
    }

    /// Presents `content` in a popover (a sheet on the web) while `isPresented` is `true`.
    public consuming func popover<Content: View>(
        isPresented: Binding<Bool>, arrowEdge: Edge? = nil, @ViewBuilder content: @escaping () -> Content
    ) -> some View {
        modifier(Self.presentation(.popover, isPresented: isPresented, onDismiss: nil, content: content))
    }

    /// Presents `content(item)` in a popover (a sheet on the web) while `item` is not `nil`.
    public consuming func popover<Item: Identifiable, Content: View>(
        item: Binding<Item?>, arrowEdge: Edge? = nil, @ViewBuilder content: @escaping (Item) -> Content
    ) -> some View {
        modifier(Self.presentation(.popover, item: item, onDismiss: nil, content: content))
    }

    private static func presentation<Content: View>(
        _ kind: PresentationKind, isPresented: Binding<Bool>, onDismiss: (() -> Void)?, content: @escaping () -> Content
    ) -> PresentationModifier {
        PresentationModifier(
            kind: kind, isShown: isPresented.wrappedValue, identity: nil, close: { isPresented.wrappedValue = false },
            onDismiss: onDismiss, content: { content() })
    }

    private static func presentation<Item: Identifiable, Content: View>(
        _ kind: PresentationKind, item: Binding<Item?>, onDismiss: (() -> Void)?, content: @escaping (Item) -> Content
    ) -> PresentationModifier {
        let current = item.wrappedValue
        return PresentationModifier(
            kind: kind, isShown: current != nil, identity: current.map { AnyHashable($0.id) },
            close: { item.wrappedValue = nil }, onDismiss: onDismiss,
            content: { current.map { AnyView(content($0)) } ?? AnyView(EmptyView()) })
    }
}

// MARK: Alerts

nonisolated extension View {
    /// Shows an alert titled `title` with `actions` (an "OK" button when empty) while `isPresented` is
    /// `true`; any of its buttons closes it after its action.
    public consuming func alert<S: StringProtocol, A: View>(
        _ title: S, isPresented: Binding<Bool>, @ViewBuilder actions: @escaping () -> A
    ) -> some View {
        modifier(Self.dialog(.alert, String(title), isPresented: isPresented, actions: actions, message: nil as (() -> EmptyView)?))
    }

    /// Shows an alert with a title, `actions` and a `message` while `isPresented` is `true`.
    public consuming func alert<S: StringProtocol, A: View, M: View>(
        _ title: S, isPresented: Binding<Bool>, @ViewBuilder actions: @escaping () -> A,
        @ViewBuilder message: @escaping () -> M
    ) -> some View {
        modifier(Self.dialog(.alert, String(title), isPresented: isPresented, actions: actions, message: message))
    }

    /// Shows an alert titled by a `Text` while `isPresented` is `true`.
    public consuming func alert<A: View>(
        _ title: Text, isPresented: Binding<Bool>, @ViewBuilder actions: @escaping () -> A
    ) -> some View {
        modifier(Self.dialog(.alert, title.content, isPresented: isPresented, actions: actions, message: nil as (() -> EmptyView)?))
    }

    /// Shows an alert titled by a `Text`, with a message, while `isPresented` is `true`.
    public consuming func alert<A: View, M: View>(
        _ title: Text, isPresented: Binding<Bool>, @ViewBuilder actions: @escaping () -> A,
        @ViewBuilder message: @escaping () -> M
    ) -> some View {
        modifier(Self.dialog(.alert, title.content, isPresented: isPresented, actions: actions, message: message))
    }

    /// Shows an alert about `data` while `isPresented` is `true` and `data` is not `nil`.
    public consuming func alert<S: StringProtocol, A: View, T>(
        _ title: S, isPresented: Binding<Bool>, presenting data: T?, @ViewBuilder actions: @escaping (T) -> A
    ) -> some View {
        modifier(
            Self.dialog(.alert, String(title), isPresented: isPresented, data: data, actions: actions, message: nil as ((T) -> EmptyView)?))
    }

    /// Shows an alert about `data`, with a message, while `isPresented` is `true` and `data` is not `nil`.
    public consuming func alert<S: StringProtocol, A: View, M: View, T>(
        _ title: S, isPresented: Binding<Bool>, presenting data: T?, @ViewBuilder actions: @escaping (T) -> A,
        @ViewBuilder message: @escaping (T) -> M
    ) -> some View {
        modifier(Self.dialog(.alert, String(title), isPresented: isPresented, data: data, actions: actions, message: message))
    }

    /// Shows a confirmation dialog (choices about an action) while `isPresented` is `true`.
    public consuming func confirmationDialog<S: StringProtocol, A: View>(
        _ title: S, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
        @ViewBuilder actions: @escaping () -> A
    ) -> some View {
        modifier(
            Self.dialog(
                .confirmation, String(title), isPresented: isPresented, actions: actions, message: nil as (() -> EmptyView)?,
                showsTitle: titleVisibility == .visible))
    }

    /// Shows a confirmation dialog with a message while `isPresented` is `true`.
    public consuming func confirmationDialog<S: StringProtocol, A: View, M: View>(
        _ title: S, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic,
        @ViewBuilder actions: @escaping () -> A, @ViewBuilder message: @escaping () -> M
    ) -> some View {
        modifier(
            Self.dialog(
                .confirmation, String(title), isPresented: isPresented, actions: actions, message: message,
                showsTitle: titleVisibility == .visible))
    }

    /// Shows a confirmation dialog about `data` while `isPresented` is `true` and `data` is not `nil`.
    public consuming func confirmationDialog<S: StringProtocol, A: View, T>(
        _ title: S, isPresented: Binding<Bool>, titleVisibility: Visibility = .automatic, presenting data: T?,
        @ViewBuilder actions: @escaping (T) -> A
    ) -> some View {
        modifier(
            Self.dialog(
                .confirmation, String(title), isPresented: isPresented, data: data, actions: actions,
                message: nil as ((T) -> EmptyView)?, showsTitle: titleVisibility == .visible))
    }

    private static func dialog<A: View, M: View>(
        _ kind: PresentationKind, _ title: String, isPresented: Binding<Bool>, actions: @escaping () -> A,
        message: (() -> M)?, showsTitle: Bool = true
    ) -> PresentationModifier {
        PresentationModifier(
            kind: kind, isShown: isPresented.wrappedValue, identity: nil, close: { isPresented.wrappedValue = false },
            onDismiss: nil, title: title, showsTitle: showsTitle, content: { actions() }, message: message.map { make in { make() } })
    }

    private static func dialog<A: View, M: View, T>(
        _ kind: PresentationKind, _ title: String, isPresented: Binding<Bool>, data: T?, actions: @escaping (T) -> A,
        message: ((T) -> M)?, showsTitle: Bool = true
    ) -> PresentationModifier {
        PresentationModifier(
            kind: kind, isShown: isPresented.wrappedValue && data != nil, identity: nil,
            close: { isPresented.wrappedValue = false }, onDismiss: nil, title: title, showsTitle: showsTitle,
            content: { data.map { AnyView(actions($0)) } ?? AnyView(EmptyView()) },
            message: message.flatMap { make in data.map { value in { make(value) } } })
    }
}
