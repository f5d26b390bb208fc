import Foundation
import Synchronization
import Testing

@testable import LiveUI
import TestSupport

private struct Appearing: View {
    let log: LogRecorder
    let name: String
    var body: some View {
        Text(name)
            .onAppear { log.append("appear \(name)") }
            .onDisappear { log.append("disappear \(name)") }
    }
}

private struct Toggler: View {
    let log: LogRecorder
    @State private var showsA = true
    var body: some View {
        VStack {
            Button("Flip") { showsA.toggle() }.accessibilityIdentifier("flip")
            if showsA { Appearing(log: log, name: "A") } else { Appearing(log: log, name: "B") }
        }
    }
}

/// A task that counts up, one step per `advance` signal, so that the test controls its pace.
private struct Ticker: View {
    let gate: AsyncStream<Void>
    let log: LogRecorder
    @State private var ticks = 0
    var body: some View {
        Text("Ticks \(ticks)")
            .task {
                for await _ in gate {
                    ticks += 1
                }
                log.append(Task.isCancelled ? "cancelled" : "finished")
            }
    }
}

private struct TickerHost: View {
    let gate: AsyncStream<Void>
    let log: LogRecorder
    @State private var shows = true
    var body: some View {
        VStack {
            Button("Hide") { shows = false }.accessibilityIdentifier("hide")
            if shows { Ticker(gate: gate, log: log) }
        }
    }
}

private struct Loader: View {
    let log: LogRecorder
    @State private var query = "a"
    @State private var result = ""
    var body: some View {
        VStack {
            Button("Next query") { query += "a" }.accessibilityIdentifier("next")
            Text("Result \(result)")
        }
        .task(id: query) {
            log.append("load \(query)")
            result = query.uppercased()
        }
    }
}

private struct ChangeWatcher: View {
    let log: LogRecorder
    @State private var value = 0
    @State private var unrelated = 0
    var body: some View {
        VStack {
            Button("Inc") { value += 1 }.accessibilityIdentifier("inc")
            Button("Other") { unrelated += 1 }.accessibilityIdentifier("other")
            Text("\(value) \(unrelated)")
        }
        .onChange(of: value) { old, new in log.append("changed \(old) -> \(new)") }
    }
}

private final class Feed: Sendable {
    let subject = PassthroughSubject<String, Never>()
}

private struct Receiver: View {
    let feed: Feed
    @State private var last = "none"
    var body: some View {
        Text("Last \(last)").onReceive(feed.subject) { last = $0 }
    }
}


@Suite("Lifecycle: onAppear, onDisappear, task, onChange, onReceive")
struct LifecycleTests {
    @Test("onAppear runs when an identity enters, onDisappear when it ends")
    func appearAndDisappearFollowIdentity() async throws {
        let log = LogRecorder()
        let session = LiveSession(changeLog: .discard) { Toggler(log: log) }
        _ = await session.html()
        #expect(log.take() == ["appear A"])
        _ = try await session.send(.click("flip"))
        #expect(log.take() == ["appear B", "disappear A"])
        await session.close()
        #expect(log.take() == ["disappear B"])
    }

    @Test("a task's state writes are pushed to subscribers, and the task is cancelled with its identity")
    func taskPushesAndIsCancelled() async throws {
        let log = LogRecorder()
        let (gate, advance) = AsyncStream<Void>.makeStream()
        let session = LiveSession(changeLog: .discard) { TickerHost(gate: gate, log: log) }
        let (updates, continuation) = AsyncStream<Update>.makeStream()
        let subscription = session.subscribe { continuation.yield($0) }
        _ = await session.html()
        var iterator = updates.makeAsyncIterator()
        advance.yield()
        let pushed = await iterator.next()
        #expect(pushed?.patches.map(\.op) == ["text"])
        #expect(await session.html().contains("Ticks 1"))
        advance.yield()
        _ = await iterator.next()
        #expect(await session.html().contains("Ticks 2"))
        _ = try await session.send(.click("hide"))
        await session.settle()
        // The cancelled task leaves its loop once the stream is finished.
        advance.finish()
        try await waitWhile { !log.all.contains("cancelled") } step: { await session.settle() }
        #expect(log.all == ["cancelled"])
        subscription.cancel()
    }

    @Test("task(id:) restarts when the id changes")
    func taskIDRestarts() async throws {
        let log = LogRecorder()
        let session = LiveSession(changeLog: .discard) { Loader(log: log) }
        _ = await session.html()
        await session.settle()
        #expect(await session.html().contains("Result A"))
        _ = try await session.send(.click("next"))
        await session.settle()
        #expect(await session.html().contains("Result AA"))
        #expect(log.all == ["load a", "load aa"])
    }

    @Test("onChange runs only when its value changed, with old and new values")
    func onChangeSeesOldAndNew() async throws {
        let log = LogRecorder()
        let session = LiveSession(changeLog: .discard) { ChangeWatcher(log: log) }
        _ = await session.html()
        _ = try await session.send(.click("other"))
        _ = try await session.send(.click("inc"))
        _ = try await session.send(.click("inc"))
        #expect(log.all == ["changed 0 -> 1", "changed 1 -> 2"])
    }

    @Test("onReceive delivers values sent from another thread on the session's queue, pushed as updates")
    func onReceiveFromOtherThread() async throws {
        let feed = Feed()
        let session = LiveSession(changeLog: .discard) { Receiver(feed: feed) }
        let (updates, continuation) = AsyncStream<Update>.makeStream()
        let subscription = session.subscribe { continuation.yield($0) }
        _ = await session.html()
        await Task.detached { feed.subject.send("hello <world>") }.value
        var iterator = updates.makeAsyncIterator()
        let update = await iterator.next()
        #expect(update?.patches.count == 1)
        #expect(await session.html().contains("Last hello &lt;world&gt;"))
        subscription.cancel()
    }
}
