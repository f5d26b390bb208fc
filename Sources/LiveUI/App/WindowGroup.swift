/// The scene of an app's window, as SwiftUI's `WindowGroup`: its content is the page served at `/`, one
/// window (one view graph) per browser session.
nonisolated public struct WindowGroup<Content: View>: PrimitiveScene {
    let content: Content
    /// The window's title, as given; the page's `<title>` comes from the views' `navigationTitle`.
    let title: String?
    /// The window group's identifier, as given.
    let id: String?

    /// A window showing `content`.
    public init(@ViewBuilder content: () -> Content) {
        self.content = content()
        title = nil
        id = nil
    }

    /// A window showing `content`, identified by `id`.
    public init(id: String, @ViewBuilder content: () -> Content) {
        self.content = content()
        title = nil
        self.id = id
    }

    /// A window titled `title` showing `content`.
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        self.content = content()
        self.title = String(title)
        id = nil
    }

    /// A window titled `title`, identified by `id`, showing `content`.
    public init<S: StringProtocol>(_ title: S, id: String, @ViewBuilder content: () -> Content) {
        self.content = content()
        self.title = String(title)
        self.id = id
    }

    package func primitiveWindow() -> AnyView? { AnyView(content) }
}

/// A macOS settings window, as SwiftUI's `Settings`: it compiles so that apps declaring one port unchanged,
/// and has no window on the web.
nonisolated public struct Settings<Content: View>: PrimitiveScene {
    /// A settings scene of `content` (not shown on the web).
    public init(@ViewBuilder content: () -> Content) {}

    package func primitiveWindow() -> AnyView? { nil }
}
