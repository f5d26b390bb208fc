import Foundation
import Observation
import Synchronization
import Testing

@testable import LiveUI

private struct EquatableStateView: View {
    @State private var value = 0
    var body: some View {
        VStack {
            Text("Value \(value)")
            Button("Same") { value = value }.accessibilityIdentifier("same")
            Button("Next") { value += 1 }.accessibilityIdentifier("next")
        }
    }
}

/// A value that is not `Equatable`: no write of it can be recognised as "the same".
private struct Opaque {
    var number: Int
}

private struct NonEquatableStateView: View {
    @State private var value = Opaque(number: 0)
    var body: some View {
        VStack {
            Text("Value \(value.number)")
            Button("Same") { value = value }.accessibilityIdentifier("same")
        }
    }
}

private struct Parent: View {
    @State private var name = "Ada"
    var body: some View {
        VStack {
            Text("Hello \(name)")
            NameEditor(name: $name)
            Unrelated()
        }
    }
}

private struct NameEditor: View {
    @Binding var name: String
    var body: some View { TextField("Name", text: $name).accessibilityIdentifier("name") }
}

private struct Unrelated: View {
    var body: some View { Text("static") }
}

final class Counter: ObservableObject {
    @Published var count = 0
}

private struct OwnsCounter: View {
    @StateObject private var counter = Counter()
    var body: some View {
        Button("Count \(counter.count)") { counter.count += 1 }.accessibilityIdentifier("inc")
    }
}

private struct ReadsEnvironmentObject: View {
    @EnvironmentObject var counter: Counter
    var body: some View { Text("Shared \(counter.count)") }
}

private struct ProvidesEnvironmentObject: View {
    @StateObject private var counter = Counter()
    var body: some View {
        VStack {
            Button("Add") { counter.count += 1 }.accessibilityIdentifier("add")
            ReadsEnvironmentObject()
        }
        .environmentObject(counter)
    }
}

private struct AccentKey: EnvironmentKey { static let defaultValue = "blue" }
extension EnvironmentValues {
    fileprivate var accent: String {
        get { self[AccentKey.self] }
        set { self[AccentKey.self] = newValue }
    }
}

private struct ShowsAccent: View {
    @Environment(\.accent) private var accent
    var body: some View { Text("Accent \(accent)") }
}

private struct SetsAccent: View {
    @State private var accent = "red"
    var body: some View {
        VStack {
            Button("Green") { accent = "green" }.accessibilityIdentifier("green")
            ShowsAccent().environment(\.accent, accent)
            ShowsAccent()
        }
    }
}

/// Environment readers below views that add to the environment themselves (a navigation stack, a picker).
private struct ReadersBelowContainers: View {
    @State private var count = 0
    @State private var choice = 0
    var body: some View {
        NavigationStack {
            VStack {
                Button("Count \(count)") { count += 1 }.accessibilityIdentifier("count")
                ShowsAccent()
                Picker("Choice", selection: $choice) {
                    ShowsAccent().tag(0)
                }
            }
        }
    }
}

private struct ShowsEnabled: View {
    @Environment(\.isEnabled) private var isEnabled
    var body: some View { Text(isEnabled ? "Enabled" : "Disabled") }
}

/// Two environment readers below a `.disabled(_:)` that a button toggles: one reads `isEnabled`, one
/// reads a key the toggle does not touch.
private struct TogglesDisabled: View {
    @State private var locked = false
    var body: some View {
        VStack {
            Button("Lock") { locked.toggle() }.accessibilityIdentifier("lock")
            VStack {
                ShowsAccent()
                ShowsEnabled()
            }
            .disabled(locked)
        }
        .environment(\.accent, "red")
    }
}

/// A form whose submit action captures the draft of its body, with an environment reader below it.
private struct SubmittingForm: View {
    @State private var draft = ""
    @State private var submitted = ""
    var body: some View {
        let current = draft
        VStack {
            TextField("Name", text: $draft).accessibilityIdentifier("name")
            Text("Submitted \(submitted)")
            ShowsAccent()
        }
        .onSubmit { submitted = current }
    }
}

@Observable
final class ObservableModel {
    var shown = 0
    var unread = 0
}

private struct ReadsShown: View {
    let model: ObservableModel
    var body: some View { Text("Shown \(model.shown)") }
}

private struct ReadsUnread: View {
    let model: ObservableModel
    var body: some View { Text("Unread \(model.unread)") }
}

private struct ObservationRoot: View {
    @State private var model = ObservableModel()
    var body: some View {
        VStack {
            Button("Bump shown") { model.shown += 1 }.accessibilityIdentifier("shown")
            Button("Bump unread") { model.unread += 1 }.accessibilityIdentifier("unread")
            ReadsShown(model: model)
            ReadsUnread(model: model)
        }
    }
}

@Suite("State and storage wrappers")
struct StateTests {
    @Test("setting an Equatable @State to an equal value invalidates nothing")
    func equalStateWriteIsFree() async throws {
        let session = LiveSession(changeLog: .discard) { EquatableStateView() }
        _ = await session.html()
        let before = session.statistics.totalBodyEvaluations
        let update = try await session.send(.click("same"))
        #expect(update.patches.isEmpty)
        #expect(session.statistics.totalBodyEvaluations == before)
        let next = try await session.send(.click("next"))
        #expect(next.patches.count == 1)
        #expect(session.statistics.bodyEvaluations["EquatableStateView"] == 2)
    }

    @Test("setting a non-Equatable @State evaluates the body again, even to the value it holds")
    func nonEquatableStateWriteEvaluates() async throws {
        let session = LiveSession(changeLog: .discard) { NonEquatableStateView() }
        _ = await session.html()
        let update = try await session.send(.click("same"))
        #expect(update.patches.isEmpty)
        #expect(session.statistics.bodyEvaluations["NonEquatableStateView"] == 2)
    }

    @Test("a @Binding write invalidates the storage's owner; views with unchanged inputs are skipped")
    func bindingInvalidatesOwner() async throws {
        let session = LiveSession(changeLog: .discard) { Parent() }
        _ = await session.html()
        let update = try await session.send(.input("name", "Grace"))
        #expect(await session.html().contains("Hello Grace"))
        #expect(await session.html().contains("value=\"Grace\""))
        #expect(session.statistics.bodyEvaluations["Parent"] == 2)
        #expect(session.statistics.bodyEvaluations["NameEditor"] == 2)
        #expect(session.statistics.bodyEvaluations["Unrelated"] == 1)
        #expect(update.patches.contains(.text(id: "k2", text: "Hello Grace")))
    }

    @Test("@StateObject is created once per identity and its changes re-render the owner")
    func stateObjectSurvivesRenders() async throws {
        let session = LiveSession(changeLog: .discard) { OwnsCounter() }
        _ = await session.html()
        _ = try await session.send(.click("inc"))
        let update = try await session.send(.click("inc"))
        #expect(await session.html().contains("Count 2"))
        #expect(update.patches.map(\.op) == ["text"])
    }

    @Test("@EnvironmentObject reads the ancestor's object and follows its changes")
    func environmentObjectFollowsChanges() async throws {
        let session = LiveSession(changeLog: .discard) { ProvidesEnvironmentObject() }
        #expect(await session.html().contains("Shared 0"))
        _ = try await session.send(.click("add"))
        #expect(await session.html().contains("Shared 1"))
    }

    @Test("a missing environment object renders a visible error box and the session goes on")
    func missingEnvironmentObjectIsAnErrorBox() async throws {
        let log = LogRecorder()
        let session = LiveSession(changeLog: log.changeLog) { VStack { ReadsEnvironmentObject(); EquatableStateView() } }
        let html = await session.html()
        #expect(html.contains("class=\"lui-error\""))
        #expect(html.contains("role=\"alert\""))
        #expect(html.contains("Counter"))
        #expect(log.all.contains { $0.contains("Missing environment object") })
        let update = try await session.send(.click("next"))
        #expect(update.patches.count == 1)
    }

    @Test("@Environment reads the nearest value and re-renders when it changes")
    func environmentValuesFlowDown() async throws {
        let session = LiveSession(changeLog: .discard) { SetsAccent() }
        let html = await session.html()
        #expect(html.contains("Accent red"))
        #expect(html.contains("Accent blue"))
        _ = try await session.send(.click("green"))
        let after = await session.html()
        #expect(after.contains("Accent green"))
        #expect(after.contains("Accent blue"))
        #expect(session.statistics.bodyEvaluations["ShowsAccent"] == 3)
    }

    @Test("below a NavigationStack or a Picker, a parent's re-render leaves @Environment readers alone")
    func containersKeepTheirEnvironment() async throws {
        let session = LiveSession(changeLog: .discard) { ReadersBelowContainers() }
        _ = await session.html()
        #expect(session.statistics.bodyEvaluations["ShowsAccent"] == 2)
        _ = try await session.send(.click("count"))
        _ = try await session.send(.click("count"))
        #expect(session.statistics.bodyEvaluations["ReadersBelowContainers"] == 3)
        #expect(session.statistics.bodyEvaluations["ShowsAccent"] == 2)
        #expect(await session.html().contains("Count 2"))
    }

    @Test("an environment change re-evaluates only the readers of the values that changed")
    func environmentReadersDependOnTheirKeys() async throws {
        let session = LiveSession(changeLog: .discard) { TogglesDisabled() }
        #expect(await session.html().contains("Accent red"))
        let update = try await session.send(.click("lock"))
        #expect(update.patches.count >= 1)
        #expect(session.statistics.bodyEvaluations["ShowsEnabled"] == 2)
        #expect(session.statistics.bodyEvaluations["ShowsAccent"] == 1)
        _ = try await session.send(.click("lock"))
        #expect(session.statistics.bodyEvaluations["ShowsEnabled"] == 3)
        #expect(session.statistics.bodyEvaluations["ShowsAccent"] == 1)
        let html = await session.html()
        #expect(html.contains("Enabled") && html.contains("Accent red"))
    }

    @Test("typing below an onSubmit leaves @Environment readers alone; a submit runs the newest action")
    func onSubmitKeepsTheEnvironment() async throws {
        let session = LiveSession(changeLog: .discard) { SubmittingForm() }
        _ = await session.html()
        _ = try await session.send(.input("name", "A"))
        _ = try await session.send(.input("name", "Ada"))
        #expect(session.statistics.bodyEvaluations["SubmittingForm"] == 3)
        #expect(session.statistics.bodyEvaluations["ShowsAccent"] == 1)
        let update = try await session.send(.submit("name"))
        #expect(update.patches.count == 1)
        #expect(await session.html().contains("Submitted Ada"))
    }

    @Test("@Observable: only views whose body read the changed property re-evaluate")
    func observationIsPrecise() async throws {
        let session = LiveSession(changeLog: .discard) { ObservationRoot() }
        _ = await session.html()
        let update = try await session.send(.click("shown"))
        #expect(await session.html().contains("Shown 1"))
        #expect(update.patches.count == 1)
        #expect(session.statistics.bodyEvaluations["ReadsShown"] == 2)
        #expect(session.statistics.bodyEvaluations["ReadsUnread"] == 1)
        #expect(session.statistics.bodyEvaluations["ObservationRoot"] == 1)
    }

    @Test("@State outside a graph reads its initial value and ignores writes")
    func stateOutsideGraph() {
        let state = State(wrappedValue: 3)
        state.wrappedValue = 4
        #expect(state.wrappedValue == 3)
        #expect(state.projectedValue.wrappedValue == 3)
    }

    @Test("Binding dynamic member lookup reads and writes a property of the value")
    func bindingKeyPaths() {
        var point = CGPoint(x: 1, y: 2)
        let binding = Binding(get: { point }, set: { point = $0 })
        binding.y.wrappedValue = 5
        #expect(point.y == 5)
        #expect(Binding.constant(3).wrappedValue == 3)
    }
}
