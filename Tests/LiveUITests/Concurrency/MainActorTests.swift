import Dispatch
import Testing

@testable import LiveUI
import TestSupport

/// Where main-actor code ran: on the session's line (its executor running on this thread), and for
/// which graph.
private struct Place: Equatable {
    let onLine: Bool
    let graph: ObjectIdentifier?

    static var here: Place {
        Place(
            onLine: MainActor.shared.executor.isRunningOnCurrentThread,
            graph: ThreadContext.current.graph.map(ObjectIdentifier.init))
    }
}

/// A model written the way modern SwiftUI code writes it: isolated to the main actor, made by a view.
@MainActor private final class Store: ObservableObject {
    @Published var count = 0
    @Published var items: [String] = []
    let log: LogRecorder
    private(set) var places: [String: Place] = [:]
    private var actorIdentity: ObjectIdentifier?

    init(log: LogRecorder) { self.log = log }

    func increment() { count += 1 }

    func load() async {
        note("before await")
        let items = await Catalog().items()
        note("after await")
        self.items = items
        log.append("loaded")
    }

    func bump() {
        note("bump")
        count += 10
        log.append("bumped")
    }

    private func note(_ step: String) {
        places[step] = .here
        let actor = ObjectIdentifier(MainActor.shared)
        if actorIdentity == nil { actorIdentity = actor }
        if actorIdentity != actor { log.append("another main actor at \(step)") }
    }
}

/// An actor of the app's own: awaiting it leaves the session's line.
private actor Catalog {
    func items() async -> [String] { ["alpha", "beta"] }
}

/// Nonisolated async code, which runs off the session's line, calling back into main-actor code.
private func bumpFromElsewhere(_ store: Store) async {
    await store.bump()
}

/// A nonisolated function an action calls, which asserts what it knows: it runs on the main actor.
nonisolated private func incrementAssumingIsolation(_ store: Store) {
    MainActor.assumeIsolated { store.increment() }
}

private struct StoreView: View {
    @StateObject private var store: Store
    let observe: (Store) -> Void

    init(log: LogRecorder, observe: @escaping (Store) -> Void) {
        _store = StateObject(wrappedValue: Store(log: log))
        self.observe = observe
    }

    var body: some View {
        let _ = observe(store)
        VStack {
            Button("Count: \(store.count)") { store.increment() }.accessibilityIdentifier("add")
            Button("Assume") { incrementAssumingIsolation(store) }.accessibilityIdentifier("assume")
            Button("Later") { Task { await bumpFromElsewhere(store) } }.accessibilityIdentifier("later")
            Text("Items: \(store.items.joined(separator: ","))")
        }
        .task { await store.load() }
    }
}

/// Blocks its session's main actor until the other session's main actor has run too.
private struct Rendezvous: View {
    let arrive: DispatchSemaphore
    let partner: DispatchSemaphore
    let log: LogRecorder
    let name: String

    var body: some View {
        Text(name).task {
            arrive.signal()
            let met = partner.wait(timeout: .now() + 30) == .success
            log.append("\(name) \(met ? "met" : "waited alone")")
        }
    }
}

@Suite("@MainActor models and views")
struct MainActorTests {
    /// A session whose root is `StoreView`, made where views are made: on the main actor; and the stores
    /// its view made (one, the first time its body runs).
    private func storeSession(log: LogRecorder) async -> (LiveSession, stores: Locked<[Store]>) {
        let stores = Locked<[Store]>([])
        let session = await MainActor.run {
            LiveSession(changeLog: .discard) { StoreView(log: log) { store in stores.withLock { $0.append(store) } } }
        }
        return (session, stores)
    }

    @Test("a @MainActor model made by @StateObject works: actions change it, a task's await comes back to the session")
    func mainActorModelInStateObject() async throws {
        let log = LogRecorder()
        let (session, stores) = await storeSession(log: log)
        let html = await session.html()
        #expect(html.contains("Count: 0"))
        _ = try await session.send(.click(try #require(lid(in: html, of: #"data-aid="add""#))))
        #expect(await session.html().contains("Count: 1"))
        try await waitWhile { !log.all.contains("loaded") } step: { await session.settle() }
        #expect(await session.html().contains("Items: alpha,beta"))

        let store = try #require(stores.withLock { $0.first })
        let graph = ObjectIdentifier(session.graph.value)
        let places = await MainActor.run { store.places }
        #expect(places["before await"] == Place(onLine: true, graph: graph))
        #expect(places["after await"] == Place(onLine: true, graph: graph))
        #expect(!log.all.contains { $0.hasPrefix("another main actor") })
    }

    @Test("MainActor.assumeIsolated holds inside a view's action")
    func assumeIsolatedInAction() async throws {
        let (session, _) = await storeSession(log: LogRecorder())
        let html = await session.html()
        _ = try await session.send(.click(try #require(lid(in: html, of: #"data-aid="assume""#))))
        #expect(await session.html().contains("Count: 1"))
    }

    @Test("a Task started in an action reaches main-actor code through nonisolated code, on its own session")
    func unstructuredTaskFindsItsSession() async throws {
        let log = LogRecorder()
        let (session, stores) = await storeSession(log: log)
        let html = await session.html()
        _ = try await session.send(.click(try #require(lid(in: html, of: #"data-aid="later""#))))
        try await waitWhile { !log.all.contains("bumped") } step: { await session.settle() }
        #expect(await session.html().contains("Count: 10"))
        let store = try #require(stores.withLock { $0.first })
        let place = await MainActor.run { store.places["bump"] }
        #expect(place == Place(onLine: true, graph: ObjectIdentifier(session.graph.value)))
    }

    @Test("two sessions' main actors run at the same time")
    func sessionsRunInParallel() async throws {
        let log = LogRecorder()
        let first = DispatchSemaphore(value: 0)
        let second = DispatchSemaphore(value: 0)
        let one = LiveSession(changeLog: .discard) { Rendezvous(arrive: first, partner: second, log: log, name: "one") }
        let two = LiveSession(changeLog: .discard) { Rendezvous(arrive: second, partner: first, log: log, name: "two") }
        // Each task holds its session's main actor until it has seen the other's: one shared main
        // actor would run them one after the other, and each would wait alone.
        async let a = one.html()
        async let b = two.html()
        _ = await (a, b)
        try await waitWhile { log.all.count < 2 } step: { await one.settle(); await two.settle() }
        #expect(Set(log.all) == ["one met", "two met"])
    }

    @Test("main-actor code outside every session runs on the process-wide main actor, off every session's line")
    func processWideMainActor() async {
        let isProcessWide = await MainActor.run { MainActor.shared === MainActor.processWide }
        #expect(isProcessWide)
        let graph = await MainActor.run { ThreadContext.current.graph == nil }
        #expect(graph)
    }
}
