import Foundation
import LiveUI

/// The demo's pages, in the order the index lists them.
enum DemoPage: String, CaseIterable, Identifiable {
    case counter, todos, rows, plain, scroll, identity, observer, clock
    case navigation, presentations, shapes
    case controls, lazy, grid, editing, appearance
    case app

    var id: String { rawValue }
    var path: String { "/" + rawValue }

    var title: String {
        switch self {
        case .counter: "Counter"
        case .todos: "Todo list"
        case .rows: "1,000 keyed rows"
        case .plain: "1,000 plain rows"
        case .scroll: "@ViewStorage scrolling"
        case .identity: "Identity lab"
        case .observer: "Observer (StateObject stand-in)"
        case .clock: "Clock pushed by .task"
        case .navigation: "Navigation on the browser's history"
        case .presentations: "Sheets, alerts and dialogs"
        case .shapes: "Shapes & accessibility"
        case .controls: "Controls and text"
        case .lazy: "Lazy list"
        case .grid: "Grid"
        case .editing: "Editing a list over a binding"
        case .appearance: "Animation & appearance"
        case .app: "An App and its scene phase"
        }
    }

    var summary: String {
        switch self {
        case .counter: "@State and one text patch per click."
        case .todos: "A keyed ForEach: add, toggle, delete, reorder and filter without re-creating rows."
        case .rows: "Each row keeps its own @State, asleep or awake: a tap patches one row, whatever the list's length."
        case .plain: "Rows of primitive views sleep while idle: the session keeps their lids, not their nodes."
        case .scroll: "Scroll offsets written to @ViewStorage re-render nothing until the threshold is crossed."
        case .identity: "Structural and explicit identity, with the _printChanges() and init/deinit log."
        case .observer: "The seed's Observer view: a model created once and released with the view."
        case .clock: "Server push: a task updates state and every open tab receives the patch."
        case .navigation: "NavigationStack(path:): each push is a history entry; Back, Forward and reload work."
        case .presentations: "sheet, alert, confirmationDialog: accessible dialogs, Escape and focus as expected."
        case .shapes: "Shapes as SVG, a progress ring patched per step, ARIA from accessibility modifiers, named colours."
        case .controls: "Stepper, TextEditor, DatePicker, Menu, DisclosureGroup, @FocusState and styled Text."
        case .lazy: "100,000 rows in a LazyVStack: only those near the viewport are sent; rows keep their state."
        case .grid: "Grid, GridRow and an adaptive LazyVGrid as CSS grids."
        case .editing: "List($items) with onDelete, onMove and EditButton: rows edited, deleted and moved from the keyboard."
        case .appearance: "withAnimation and transitions played by the browser; its color scheme, language and time zone."
        case .app: "An App's @StateObject per session, its environment objects, \\.scenePhase as the tab hides and shows."
        }
    }

    var symbol: String {
        switch self {
        case .counter: "plus.circle"
        case .todos: "list.bullet"
        case .rows: "list.number"
        case .plain: "moon"
        case .scroll: "scroll"
        case .identity: "person"
        case .observer: "eye"
        case .clock: "clock"
        case .navigation: "arrow.right.circle"
        case .presentations: "rectangle.on.rectangle"
        case .shapes: "circle"
        case .controls: "gear"
        case .lazy: "list.bullet.rectangle"
        case .grid: "square.grid.2x2"
        case .editing: "pencil"
        case .appearance: "circle.lefthalf.filled"
        case .app: "sun.max"
        }
    }
}

/// `/`: the index of the gallery.
public struct Gallery: View {
    /// The page, in its initial state.
    public init() {}

    public var body: some View {
        NavigationStack {
            VStack(alignment: .leading, spacing: 12) {
                Text("SwiftUI's state and identity model, served as live HTML.").foregroundStyle(.secondary)
                List(DemoPage.allCases) { page in
                    VStack(alignment: .leading, spacing: 4) {
                        Link(destination: URL(string: page.path)!) {
                            Label(page.title, systemImage: page.symbol)
                        }
                        .accessibilityIdentifier("link-\(page.rawValue)")
                        Text(page.summary).font(.footnote).foregroundStyle(.secondary)
                    }
                }
            }
            .padding()
            .navigationTitle("LiveUI gallery")
        }
    }
}

/// A link back to the index, shown on every page.
struct BackLink: View {
    var body: some View {
        Link("← Gallery", destination: URL(string: "/")!).accessibilityIdentifier("back")
    }
}
