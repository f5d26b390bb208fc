/// Whether a scene is in use, as SwiftUI's `ScenePhase`: a page is `active` while a browser tab shows it and
/// `background` while every tab showing it is hidden (another tab in front, the window minimised). The client
/// reports `document.visibilitychange` in its `environment` event to the root (`{"scenePhase":"background"}`).
/// Ordered `background < inactive < active`.
public enum ScenePhase: Comparable, Hashable, Sendable {
    /// Not shown: every tab of the page is hidden.
    case background
    /// Shown but not in use (a client may report it; LiveUI's own client reports `active` and `background`).
    case inactive
    /// Shown: some tab of the page is visible.
    case active
}

private struct ScenePhaseKey: EnvironmentKey { static let defaultValue = ScenePhase.active }

extension EnvironmentValues {
    /// The page's phase: `.active` while a tab shows it (and until the browser has said otherwise),
    /// `.background` while every tab of it is hidden. Views and the app reading it are evaluated again when
    /// it changes, and `.onChange(of: scenePhase)` runs.
    public var scenePhase: ScenePhase {
        get { self[ScenePhaseKey.self] }
        set { self[ScenePhaseKey.self] = newValue }
    }
}

/// The phase each tab of a page last reported, kept on the root: the page's phase is the most active of them,
/// as SwiftUI's app-level phase is the most active of its scenes'.
final class ScenePhaseReports: NodeBehavior {
    /// Tabs remembered; beyond it the one that reported longest ago is forgotten (a tab closed without
    /// reporting, say).
    static let keptTabs = 16

    /// Reports by tab (`nil` for clients that name none), oldest first.
    private var reports: [(tab: String?, phase: ScenePhase)] = []

    /// Records `phase` for `tab`; the page's phase after it.
    func record(_ phase: ScenePhase, tab: String?) -> ScenePhase {
        reports.removeAll { $0.tab == tab }
        reports.append((tab, phase))
        if reports.count > Self.keptTabs { reports.removeFirst(reports.count - Self.keptTabs) }
        return reports.lazy.map(\.phase).max() ?? phase
    }

    func unmount(_ node: GraphNode) {}
}
