nonisolated extension View {
    /// Prints why the view's body is being evaluated, as SwiftUI does:
    /// `ContentView: @self, @identity, _count changed.` on the first evaluation, then e.g.
    /// `ContentView: _count changed.` or `Row: @self changed.` Call it inside `body` (`let _ = Self._printChanges()`).
    /// The line goes to the session's ``ChangeLog``.
    public static func _printChanges() {
        let context = ThreadContext.current
        // A sleeping row's body that runs again as it wakes up changed nothing.
        guard let node = context.evaluating, !node.graph.isWaking else { return }
        let name = node.graph.typeName(node)
        let line: String
        if node.evaluations == 1 {
            // The identity's first evaluation.
            line = "\(name): \((["@self", "@identity"] + node.linkedPropertyNames).joined(separator: ", ")) changed."
        } else if context.reasons.isEmpty {
            line = "\(name): unchanged."
        } else {
            line = "\(name): \(context.reasons.joined(separator: ", ")) changed."
        }
        node.graph.changeLog.write(line)
        for observer in node.environment.printChangesObservers { observer(line) }
    }

    /// Also hands every `_printChanges()` line printed inside this view to `observer` (to show the log on a page).
    public consuming func onPrintChanges(_ observer: @escaping (String) -> Void) -> some View {
        modifier(
            EnvironmentWritingModifier(key: "onPrintChanges", value: observer) { environment in
                environment.printChangesObservers.append(observer)
            })
    }
}
