import Foundation
import Synchronization
import Testing

@testable import LiveUI

/// An app's model: its count, and the scene phases the app's `onChange(of: scenePhase)` saw.
private final class Store: ObservableObject {
    @Published var count = 0
    @Published var phases: [ScenePhase] = []
    init() { storesMade.add(1, ordering: .relaxed) }
}

/// How many stores were made, across the tests of this file.
private let storesMade = Atomic<Int>(0)

private struct CounterView: View {
    @EnvironmentObject var store: Store
    @Environment(\.scenePhase) private var scenePhase
    var body: some View {
        VStack {
            Text("Count: \(store.count)").accessibilityIdentifier("count")
            Button("Add") { store.count += 1 }.accessibilityIdentifier("add")
            Text("phase \(String(describing: scenePhase))").accessibilityIdentifier("phase")
            Text("seen \(store.phases.map { String(describing: $0) }.joined(separator: ","))")
        }
    }
}

nonisolated private struct CounterApp: App {
    @StateObject private var store = Store()
    @State private var title = "Counter"
    @Environment(\.scenePhase) private var scenePhase

    var body: some Scene {
        WindowGroup {
            VStack {
                Text(title)
                Button("Rename") { title = "Renamed" }.accessibilityIdentifier("rename")
                CounterView()
            }
        }
        .environmentObject(store)
        .onChange(of: scenePhase) { [store] phase in store.phases.append(phase) }
    }
}

nonisolated private struct TwoScenes: App {
    var body: some Scene {
        Settings { Text("settings") }
        WindowGroup("Main") { Text("main window") }
    }
}

nonisolated private struct NoWindow: App {
    var body: some Scene { Settings { Text("settings") } }
}

private func phase(_ value: String, tab: String? = nil) -> ClientEvent {
    ClientEvent(target: "root", type: "environment", value: #"{"scenePhase":"\#(value)"}"#, origin: tab)
}

@Suite("App entry point")
struct AppTests {
    @Test("each session gets its own app: its @StateObject and @State are not shared, and live once per session")
    func perSessionState() async throws {
        let before = storesMade.load(ordering: .relaxed)
        let first = LiveSession(app: CounterApp(), changeLog: .discard)
        let second = LiveSession(app: CounterApp(), changeLog: .discard)
        _ = try await first.send(.click("add"))
        _ = try await first.send(.click("add"))
        _ = try await first.send(.click("rename"))
        let one = await first.html()
        let two = await second.html()
        #expect(one.contains("Count: 2") && one.contains("Renamed"))
        #expect(two.contains("Count: 0") && two.contains(">Counter<"))
        // One store per session, however often the app's body was evaluated (each change of the store
        // evaluates it again, as SwiftUI evaluates an App whose @StateObject changed).
        #expect(storesMade.load(ordering: .relaxed) - before >= 2)
        #expect(first.statistics.bodyEvaluations["AppWindow<CounterApp>"] == 4)
    }

    @Test("the app's environment objects reach the window's views, and its state changes re-evaluate its body")
    func environmentObjects() async throws {
        let session = LiveSession(app: CounterApp(), changeLog: .discard)
        let update = try await session.send(.click("add"))
        #expect(update.patches.map(\.op) == ["text"])
        #expect(await session.html().contains("Count: 1"))
    }

    @Test("scenePhase follows the page's visibility: views update and the app's onChange runs")
    func scenePhaseChanges() async throws {
        let session = LiveSession(app: CounterApp(), changeLog: .discard)
        #expect(await session.html().contains("phase active"))
        let hidden = try await session.send(phase("background"))
        // The phase the view reads, and the journal the app's onChange wrote.
        #expect(hidden.patches.map(\.op) == ["text", "text"])
        #expect(await session.html().contains("phase background"))
        _ = try await session.send(phase("active"))
        #expect(await session.html().contains("phase active"))
        #expect(try await session.send(phase("active")).patches.isEmpty)
        #expect(await session.html().contains("seen background,active"))
    }

    @Test("with two tabs, the page is active while either shows it")
    func mostActiveTab() async throws {
        let session = LiveSession(app: CounterApp(), changeLog: .discard)
        _ = try await session.send(phase("active", tab: "a"))
        _ = try await session.send(phase("active", tab: "b"))
        _ = try await session.send(phase("background", tab: "a"))
        #expect(await session.html().contains("phase active"))
        _ = try await session.send(phase("background", tab: "b"))
        #expect(await session.html().contains("phase background"))
        _ = try await session.send(phase("active", tab: "a"))
        #expect(await session.html().contains("phase active"))
    }

    @Test("a scene phase that is not one is refused and changes nothing")
    func badPhase() async throws {
        let session = LiveSession(app: CounterApp(), changeLog: .discard)
        let before = await session.html()
        await #expect(throws: LiveError.self) { try await session.send(phase("asleep")) }
        await #expect(throws: LiveError.self) {
            try await session.send(ClientEvent(target: "root", type: "environment", value: #"{"scenePhase":3}"#))
        }
        #expect(await session.html() == before)
    }

    @Test("the window is the first WindowGroup among the scenes; an app without one shows an error box")
    func sceneLookup() async {
        #expect(await LiveSession(app: TwoScenes(), changeLog: .discard).html().contains("main window"))
        let none = await LiveSession(app: NoWindow(), changeLog: .discard).html()
        #expect(none.contains("lui-error") && none.contains("declares no WindowGroup"))
    }
}
