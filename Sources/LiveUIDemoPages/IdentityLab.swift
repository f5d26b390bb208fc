import Foundation
import LiveUI

/// The lab's log: `_printChanges()` lines and `ButtonState` init/deinit, in order.
final class LabLog: ObservableObject {
    @Published private(set) var lines: [String] = []
    func append(_ line: String) { lines.append(line) }
    func clear() { lines.removeAll() }
}

final class ButtonState: ObservableObject {
    let log: LabLog
    let variant: String
    init(log: LabLog, variant: String) {
        self.log = log
        self.variant = variant
        log.append("[\(variant)] ButtonState init")
    }
    deinit {
        let log = self.log
        let variant = self.variant
        log.append("[\(variant)] ButtonState deinit")
    }
}

struct ButtonWrapperView: View {
    @StateObject var internalState: ButtonState
    let title: String
    let variant: String
    let action: () -> Void

    init(title: String, variant: String, log: LabLog, action: @escaping () -> Void) {
        log.append("[\(variant)] ButtonWrapperView init")
        _internalState = StateObject(wrappedValue: ButtonState(log: log, variant: variant))
        self.title = title
        self.variant = variant
        self.action = action
    }

    var body: some View {
        let _ = Self._printChanges()
        Button(title, action: action).accessibilityIdentifier("click-\(variant)")
    }
}

/// Variant 1: a stable structure; the wrapper keeps its identity and its ButtonState.
struct StableVariant: View {
    let log: LabLog
    @State private var clickedCount = 0
    var body: some View {
        let _ = Self._printChanges()
        VStack(alignment: .leading) {
            Text("Stable: clicked \(clickedCount) times")
            ButtonWrapperView(title: "Click me", variant: "stable", log: log) { clickedCount += 1 }
        }
    }
}

/// Variant 2: `if/else` gives the two wrappers different structural identities (`If(0)`, `If(1)`).
struct BranchVariant: View {
    let log: LabLog
    @State private var clickedCount = 0
    var body: some View {
        let _ = Self._printChanges()
        VStack(alignment: .leading) {
            Text("if/else: clicked \(clickedCount) times")
            if clickedCount % 2 == 0 {
                ButtonWrapperView(title: "Click me (even)", variant: "branch", log: log) { clickedCount += 1 }
            } else {
                ButtonWrapperView(title: "Click me (odd)", variant: "branch", log: log) { clickedCount += 1 }
            }
        }
    }
}

/// Variant 3: `.id(UUID())` forces a new explicit identity on every render.
struct ExplicitIDVariant: View {
    let log: LabLog
    @State private var clickedCount = 0
    var body: some View {
        let _ = Self._printChanges()
        VStack(alignment: .leading) {
            Text(".id(UUID()): clicked \(clickedCount) times")
            ButtonWrapperView(title: "Click me", variant: "id", log: log) { clickedCount += 1 }
                .id(UUID())
        }
    }
}

/// `/identity`: the seed's three variants with their log on the page.
public struct IdentityLab: View {
    @StateObject private var log = LabLog()

    /// The page, in its initial state.
    public init() {}

    public var body: some View {
        NavigationStack {
            VStack(alignment: .leading, spacing: 16) {
                HStack(alignment: .top, spacing: 24) {
                    StableVariant(log: log)
                    BranchVariant(log: log)
                    ExplicitIDVariant(log: log)
                }
                .onPrintChanges { line in log.append(line) }
                HStack {
                    Text("Log").font(.headline)
                    Button("Clear") { log.clear() }.accessibilityIdentifier("clear-log")
                }
                LogView(log: log)
                BackLink()
            }
            .padding()
            .navigationTitle("Identity lab")
        }
    }
}

struct LogView: View {
    @ObservedObject var log: LabLog
    var body: some View {
        VStack(alignment: .leading, spacing: 2) {
            ForEach(Array(log.lines.enumerated()), id: \.offset) { entry in
                Text(entry.element).font(.system(size: 13).monospaced())
            }
        }
        .accessibilityIdentifier("log")
    }
}
