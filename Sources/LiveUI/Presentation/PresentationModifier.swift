/// The kinds of modal presentation, each an accessible dialog on the web.
enum PresentationKind: String {
    case sheet, cover, popover, alert, confirmation

    /// The dialog's accessible name when it has no title.
    var fallbackLabel: String {
        switch self {
        case .sheet: "Sheet"
        case .cover: "Full screen"
        case .popover: "Popover"
        case .alert: "Alert"
        case .confirmation: "Confirmation"
        }
    }
}

/// `.sheet`, `.fullScreenCover`, `.popover`, `.alert` and `.confirmationDialog`: while shown, a dialog
/// follows the modified view; dismissing it (Escape, a click outside, `dismiss`, an alert's button)
/// writes the binding, and `onDismiss` runs once it is gone, whatever closed it.
nonisolated struct PresentationModifier: PrimitiveModifier {
    let kind: PresentationKind
    /// Whether the dialog is shown now.
    let isShown: Bool
    /// The identity of what is shown (`sheet(item:)`'s id): another id is another dialog.
    let identity: AnyHashable?
    /// Closes it (the binding to `false`, the item to `nil`).
    let close: () -> Void
    let onDismiss: (() -> Void)?
    /// The title of an alert or confirmation dialog, shown when `showsTitle`.
    var title: String? = nil
    var showsTitle = true
    /// The dialog's content, built only while shown.
    let content: () -> any View
    /// An alert's message, below its title.
    var message: (() -> any View)? = nil

    func makeContent(content modified: ModifierContent, node: GraphNode) -> NodeContent {
        let presentation = node.behavior { Presentation() }
        presentation.close = close
        if presentation.isShown, !isShown || presentation.identity != identity, let onDismiss {
            node.graph.runAfterPass(onDismiss)
        }
        presentation.isShown = isShown
        presentation.identity = identity
        guard isShown else { return NodeContent(child: .index(0), modified) }
        let dialog = PresentationView(
            kind: kind, presentation: presentation, title: title, showsTitle: showsTitle, content: content(),
            message: message?())
        let key: ChildKey = identity.map { .id($0) } ?? .part(1)
        return NodeContent(children: [(.index(0), modified.view), (key, dialog)])
    }
}

/// What a presentation keeps while the modified view's identity lives; `dismiss` inside closes it.
final class Presentation: NodeBehavior, DismissTarget {
    var isShown = false
    var identity: AnyHashable?
    var close: () -> Void = {}
    /// The environment of the dialog's content, kept so that the same parent gives the same one.
    var environment = DerivedEnvironment<Presentation>()
    /// Navigation titles shown inside (a sheet's stack): the dialog's accessible name.
    private var titles = PreferenceList<String>()
    /// The dialog's node, named after ``title``.
    var dialogNode: NodeHandle?
    var title: String? { titles.value }

    /// A view inside declares (or, with `nil`, withdraws) the title it shows.
    func setTitle(_ title: String?, from source: GraphNode) {
        if titles.set(title, from: source) { dialogNode?.node?.invalidate("@title") }
    }

    func dismiss() throws {
        guard isShown else { throw DismissError.notPresented("nothing is presented") }
        close()
    }

    func unmount(_ node: GraphNode) {
        environment.reset()
        isShown = false
    }
}

/// The dialog element: `<dialog data-lui-dialog aria-modal="true">`, opened modally by the client, whose
/// `dismiss` event (Escape, a click outside) closes the presentation.
nonisolated struct PresentationView: ElementView {
    let kind: PresentationKind
    let presentation: Presentation
    let title: String?
    let showsTitle: Bool
    let content: any View
    let message: (any View)?

    func makeContent(_ node: GraphNode) -> NodeContent {
        let lid = node.lid ?? ""
        presentation.dialogNode = node.handle
        var spec = ElementSpec("dialog", classes: ["lui-dialog", "lui-" + kind.rawValue])
        spec.set("data-lui-dialog", kind.rawValue)
        spec.set("aria-modal", "true")
        if kind == .alert { spec.set("role", "alertdialog") }
        var parts: [SpecChild] = []
        if let title, showsTitle || kind == .alert {
            spec.set("aria-labelledby", "lui-\(lid)-title")
            var heading = ElementSpec("h2", classes: ["lui-dialog-title"], content: .text(title))
            heading.set("id", "lui-\(lid)-title")
            parts.append(.element(suffix: "t", heading))
        } else {
            spec.set("aria-label", title ?? presentation.title ?? kind.fallbackLabel)
        }
        var children: [(key: ChildKey, view: any View)] = []
        if let message {
            spec.set("aria-describedby", "lui-\(lid)-message")
            children.append((.part(2), PresentationMessage(id: "lui-\(lid)-message", content: message)))
            parts.append(.slot(0))
        }
        if kind == .alert || kind == .confirmation {
            children.append((.part(3), PresentationActions(presentation: presentation, content: content)))
        } else {
            children.append((.part(3), content))
        }
        parts.append(.slot(children.count - 1))
        spec.content = .children(parts)
        node.on("dismiss") { [presentation] node, _ in
            guard presentation.isShown else {
                throw LiveError.invalidValue(target: node.lid ?? "", value: nil, reason: "the \(kind.rawValue) is not shown")
            }
            presentation.close()
        }
        let environment = presentation.environment.derive(from: node.environment, writing: presentation) { environment in
            environment.dismissTarget = presentation
            environment.presentationTitles = presentation
            // A stack around the presenting view does not reach into the dialog.
            environment.navigationHost = nil
            environment.navigationLevel = nil
        }
        return NodeContent(children: children, element: spec, environment: environment)
    }
}

/// An alert's message: a paragraph the dialog names with `aria-describedby`.
nonisolated struct PresentationMessage: ElementView {
    let id: String
    let content: any View

    func makeContent(_ node: GraphNode) -> NodeContent {
        var spec = ElementSpec("div", classes: ["lui-dialog-message"])
        spec.set("id", id)
        return .element(spec, child: content)
    }
}

/// An alert's buttons, in a row; with none, an "OK" button that dismisses it.
nonisolated struct PresentationActions: ElementView {
    let presentation: Presentation
    let content: any View

    func makeContent(_ node: GraphNode) -> NodeContent {
        let spec = ElementSpec("div", classes: ["lui-dialog-actions"])
        let closes = ClosesPresentation(presentation: presentation)
        let actions: any View = content is EmptyView ? Button("OK") {} : content
        // A block of buttons gives its buttons directly, as an element's children do.
        var keyed: [(key: ChildKey, view: any View)] = []
        if let append = ViewTypeInfo.of(actions).appendTupleParts {
            actions.withValuePointer { append($0, &keyed) }
        } else {
            keyed = [(.index(0), actions)]
        }
        return NodeContent(children: keyed, element: spec, modifier: closes)
    }
}

/// Makes the buttons of an alert close it after their action (handed to the first elements below).
nonisolated struct ClosesPresentation: AttributeModifier {
    let presentation: Presentation

    func apply(to element: inout ElementSpec, node: GraphNode) {
        guard let action = node.handlers["click"] else { return }
        node.on("click") { [presentation] node, value in
            try action(node, value)
            try? presentation.dismiss()
        }
    }
}

private struct PresentationTitlesKey: EnvironmentKey { static var defaultValue: Presentation? { nil } }

extension EnvironmentValues {
    /// The presentation that takes the titles shown inside it as its name.
    var presentationTitles: Presentation? {
        get { self[PresentationTitlesKey.self] }
        set { self[PresentationTitlesKey.self] = newValue }
    }
}
