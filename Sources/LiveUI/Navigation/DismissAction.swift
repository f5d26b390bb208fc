/// Something `dismiss` can close: a pushed navigation level, a sheet, an alert.
protocol DismissTarget: AnyObject {
    /// Closes it; throws ``DismissError`` (changing nothing) when it is not shown.
    func dismiss() throws
}

/// Why a dismissal was refused.
enum DismissError: Error {
    case notPresented(String)
}

/// Closes the presentation or pops the navigation level the view is in (`@Environment(\.dismiss)`).
///
/// ```swift
/// @Environment(\.dismiss) private var dismiss
/// var body: some View { Button("Done") { dismiss() } }
/// ```
/// As in SwiftUI, calling it where nothing is presented does nothing.
public struct DismissAction {
    weak var target: (any DismissTarget)?

    /// Dismisses the nearest presentation: pops the pushed level, or closes the sheet or alert.
    public func callAsFunction() {
        try? target?.dismiss()
    }
}

private struct DismissTargetKey: EnvironmentKey { static var defaultValue: (any DismissTarget)? { nil } }
private struct NavigationLevelKey: EnvironmentKey { static var defaultValue: NavigationLevel? { nil } }
private struct IsPresentedKey: EnvironmentKey { static let defaultValue = false }

extension EnvironmentValues {
    /// Dismisses the nearest presentation (a pushed navigation level, a sheet, an alert).
    public var dismiss: DismissAction { DismissAction(target: dismissTarget) }

    /// Whether the view is inside a presentation (a pushed level, a sheet).
    public var isPresented: Bool {
        get { self[IsPresentedKey.self] }
        set { self[IsPresentedKey.self] = newValue }
    }

    var dismissTarget: (any DismissTarget)? {
        get { self[DismissTargetKey.self] }
        set {
            self[DismissTargetKey.self] = newValue
            isPresented = newValue != nil
        }
    }

    /// The navigation level whose views declare titles and bar settings.
    var navigationLevel: NavigationLevel? {
        get { self[NavigationLevelKey.self] }
        set { self[NavigationLevelKey.self] = newValue }
    }
}
