import LiveUI

/// The phases a window went through, kept by ``SceneApp`` for its session.
public final class SceneJournal: ObservableObject {
    /// Each phase the app saw, oldest first.
    @Published public var phases: [ScenePhase] = []

    /// An empty journal.
    public init() {}
}

/// `/app`: an `App` served as a page. Its `@StateObject` journal lives once per browser session, reaches the
/// window as an environment object, and records every change of `\\.scenePhase` (hide the tab, come back).
public struct SceneApp: App {
    @StateObject private var journal = SceneJournal()
    @Environment(\.scenePhase) private var scenePhase

    /// The app, as `@main` would make it.
    public init() {}

    public var body: some Scene {
        WindowGroup("Scene phase") {
            ScenePhasePage()
        }
        .environmentObject(journal)
        .onChange(of: scenePhase) { [journal] phase in journal.phases.append(phase) }
    }
}

/// The window of ``SceneApp``: the current scene phase and the journal of the app's changes.
public struct ScenePhasePage: View {
    @Environment(\.scenePhase) private var scenePhase
    @EnvironmentObject private var journal: SceneJournal

    /// The page.
    public init() {}

    public var body: some View {
        NavigationStack {
            VStack(alignment: .leading, spacing: 12) {
                Text("Scene phase: \(Self.name(scenePhase))").accessibilityIdentifier("scene-phase")
                Text("Switch to another tab and back: the app's onChange(of: scenePhase) writes each change here.")
                Text("Seen: \(journal.phases.isEmpty ? "nothing yet" : journal.phases.map(Self.name).joined(separator: ", "))")
                    .accessibilityIdentifier("scene-journal")
                Link("Every PreviewProvider of this program", destination: URL(string: "/liveui/previews")!)
            }
            .padding()
            .navigationTitle("App and scene phase")
        }
    }

    static func name(_ phase: ScenePhase) -> String {
        switch phase {
        case .active: "active"
        case .inactive: "inactive"
        case .background: "background"
        }
    }
}
