/// The root view of a session hosting an app: the content of the app's first window.
///
/// The app value is a stored property of this view, so its `@State`, `@StateObject` and `@Environment`
/// properties are linked to this node, the root's only child: they live as long as the session's graph, and a
/// change to them evaluates the app's `body` again.
nonisolated package struct AppWindow<A: App>: View {
    var app: A

    /// The window of `app`.
    package init(app: A) { self.app = app }

    package var body: some View {
        if let window = onMainActor(app, { $0.body }).windowContent() {
            window
        } else {
            ErrorBox(message: "\(A.self) declares no WindowGroup: there is no window to show")
        }
    }
}

extension LiveSession {
    /// A session showing `app`'s window, as a browser session of a server serving `app` would: the app's state
    /// lives as long as this session. The other parameters are ``init(request:changeLog:sleepingRowMinimum:_:)``'s.
    public convenience init<A: App>(
        app: A, request: Request = Request(), changeLog: ChangeLog = .standardOutput,
        sleepingRowMinimum: Int = LiveSession.defaultSleepingRowMinimum
    ) {
        self.init(request: request, changeLog: changeLog, sleepingRowMinimum: sleepingRowMinimum) { AppWindow(app: app) }
    }
}
