import Foundation
import LiveUI
import Testing
@testable import LiveUIServer
import TestSupport

/// The name of the thread running the caller (`liveui-work-N` for LiveUI's workers).
private func currentThreadName() -> String {
    // Glibc's module does not export `pthread_getname_np`; looked up as `SessionWorkers` looks up its setter.
    typealias GetName = @convention(c) (pthread_t, UnsafeMutablePointer<CChar>, Int) -> Int32
    guard let symbol = dlsym(nil, "pthread_getname_np") else { return "" }
    var buffer = [CChar](repeating: 0, count: 64)
    _ = unsafeBitCast(symbol, to: GetName.self)(pthread_self(), &buffer, buffer.count)
    return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// The stack size of the thread running the caller, in bytes (0 if it cannot be read).
private func currentStackSize() -> Int {
    typealias GetAttr = @convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32
    guard let symbol = dlsym(nil, "pthread_getattr_np") else { return 0 }
    var attributes = pthread_attr_t()
    guard unsafeBitCast(symbol, to: GetAttr.self)(pthread_self(), &attributes) == 0 else { return 0 }
    defer { pthread_attr_destroy(&attributes) }
    var size = 0
    pthread_attr_getstacksize(&attributes, &size)
    return size
}

/// A button that records which thread ran its action, and one that does the same after 3 ms of work.
private struct WhereRuns: View, SendableMetatype {
    let threads: Locked<[String]>
    var stacks = Locked<[Int]>([])
    @State private var presses = 0
    var body: some View {
        VStack {
            Button("Pressed \(presses)") { record() }
                .accessibilityIdentifier("press")
            Button("Slowly") {
                usleep(3_000)
                record()
            }
            .accessibilityIdentifier("slow")
        }
    }

    private func record() {
        threads.withLock { $0.append(currentThreadName()) }
        stacks.withLock { $0.append(currentStackSize()) }
        presses += 1
    }
}

@Suite("Where events run in the server")
struct EventThreadTests {
    /// A server serving `/where`, whose actions record their thread in `threads` (and stack size in
    /// `stacks`), and a session on it.
    private func whereServer(
        eventsOnServerThreads: Bool, threads: Locked<[String]>, stacks: Locked<[Int]> = Locked([]),
        quickEventMicroseconds: Int = Configuration().quickEventMicroseconds
    ) async throws -> (TestServer, (id: String, token: String)) {
        let route = Route("/where", changeLog: .discard) { WhereRuns(threads: threads, stacks: stacks) }
        let t = try TestServer(routes: [route]) {
            $0.eventsOnServerThreads = eventsOnServerThreads
            $0.quickEventMicroseconds = quickEventMicroseconds
        }
        return (t, try await t.newSession(route: "/where"))
    }

    /// Presses the slow button `count` times through a server whose quick events take at most
    /// `quickEventMicroseconds`, and returns how many of the presses ran on a server thread.
    private func slowPressesOnServerThreads(_ count: Int, quickEventMicroseconds: Int) async throws -> Int {
        let threads = Locked<[String]>([])
        let (t, s) = try await whereServer(
            eventsOnServerThreads: true, threads: threads, quickEventMicroseconds: quickEventMicroseconds)
        for seq in 1...count {
            let r = try await t.event(s, #"{"target":"slow","type":"click","seq":\#(seq)}"#)
            #expect(r.status == 200)
            #expect(r.body.contains("Pressed \(seq)"))
        }
        await t.shutdown()
        #expect(threads.value.count == count)
        return threads.value.filter { !$0.hasPrefix("liveui-work") }.count
    }

    /// Presses the button `count` times through the server and returns the threads that ran the action.
    private func press(_ count: Int, eventsOnServerThreads: Bool) async throws -> [String] {
        let threads = Locked<[String]>([])
        let (t, s) = try await whereServer(eventsOnServerThreads: eventsOnServerThreads, threads: threads)
        for seq in 1...count {
            let r = try await t.event(s, #"{"target":"press","type":"click","seq":\#(seq)}"#)
            #expect(r.status == 200)
            #expect(r.body.contains("Pressed \(seq)"))
        }
        await t.shutdown()
        return threads.value
    }

    @Test("with eventsOnServerThreads off, every event runs on a LiveUI worker")
    func offRunsOnWorkers() async throws {
        let threads = try await press(5, eventsOnServerThreads: false)
        #expect(threads.count == 5)
        #expect(threads.allSatisfy { $0.hasPrefix("liveui-work") }, "\(threads)")
    }

    @Test("with eventsOnServerThreads on, a quiet session's events run on the server thread that read them")
    func onRunsOnServerThreads() async throws {
        let threads = try await press(5, eventsOnServerThreads: true)
        #expect(threads.count == 5)
        // The first event of a quiet session runs where it was read; later ones may go to a worker when
        // an event took over a millisecond (a slow machine, the thread sanitizer) or a worker was still
        // letting go of the session.
        #expect(threads.contains { !$0.hasPrefix("liveui-work") }, "\(threads)")
    }

    @Test("after an event slower than quickEventMicroseconds, the session's next event runs on a worker")
    func slowEventSendsTheNextToAWorker() async throws {
        // Each press takes 3 ms, over the default millisecond: only the first can run on a server thread.
        let onServer = try await slowPressesOnServerThreads(4, quickEventMicroseconds: 1_000)
        #expect(onServer <= 1)
    }

    @Test("with a longer quickEventMicroseconds, a session's slow events keep running on server threads")
    func longerQuickLimitKeepsSlowEventsOnServerThreads() async throws {
        // 3 ms presses under a 10 s limit: each runs where it was read (the first may meet the session still
        // busy with its first render, on a worker).
        let onServer = try await slowPressesOnServerThreads(4, quickEventMicroseconds: 10_000_000)
        #expect(onServer >= 3)
    }

    @Test("an event run on a server thread pushes its patch to the session's open stream")
    func eventOnServerThreadReachesStream() async throws {
        let threads = Locked<[String]>([])
        let (t, s) = try await whereServer(eventsOnServerThreads: true, threads: threads)
        let stream = try await openStream(t, session: s.id, route: "/where")
        let host = try #require(t.server.context.store.lookup(s.id)?.graph(route: "/where"))
        try await waitWhile { host.listenerCount < 1 }
        for seq in 1...3 {
            let r = try await t.event(s, #"{"target":"press","type":"click","seq":\#(seq)}"#)
            #expect(r.status == 200)
            let pushed = try #require(try await stream.nextEventAsync())
            #expect(pushed.event == "patch")
            #expect(pushed.data.contains("Pressed \(seq)"))
        }
        #expect(threads.value.contains { !$0.hasPrefix("liveui-work") }, "\(threads.value)")
        await t.shutdown()
    }

    @Test("an event without a seq runs on the server thread that read it too, and is answered")
    func eventWithoutSeqOnServerThread() async throws {
        let threads = Locked<[String]>([])
        let (t, s) = try await whereServer(eventsOnServerThreads: true, threads: threads)
        for presses in 1...3 {
            let r = try await t.event(s, #"{"target":"press","type":"click"}"#)
            #expect(r.status == 200)
            #expect(r.body.contains("Pressed \(presses)"))
        }
        await t.shutdown()
        #expect(threads.value.count == 3)
        #expect(threads.value.contains { !$0.hasPrefix("liveui-work") }, "\(threads.value)")
    }

    @Test("an answer made on a server thread is kept: the event's retry gets it again and is not applied twice")
    func serverThreadAnswerReplayedToRetry() async throws {
        let threads = Locked<[String]>([])
        let (t, s) = try await whereServer(eventsOnServerThreads: true, threads: threads)
        for seq in 1...3 {
            let json = #"{"target":"press","type":"click","seq":\#(seq)}"#
            let first = try await t.event(s, json)
            let retry = try await t.event(s, json)
            #expect(first.status == 200)
            #expect(first.body.contains("Pressed \(seq)"))
            #expect(retry.status == 200)
            #expect(retry.body == first.body)
        }
        await t.shutdown()
        #expect(threads.value.count == 3)
        #expect(threads.value.contains { !$0.hasPrefix("liveui-work") }, "\(threads.value)")
    }

    @Test("an event on a server thread has a stack as deep as a LiveUI worker's (8 MiB)")
    func serverThreadStack() async throws {
        let threads = Locked<[String]>([])
        let stacks = Locked<[Int]>([])
        let (t, s) = try await whereServer(eventsOnServerThreads: true, threads: threads, stacks: stacks)
        for seq in 1...3 {
            let r = try await t.event(s, #"{"target":"press","type":"click","seq":\#(seq)}"#)
            #expect(r.status == 200)
        }
        await t.shutdown()
        let onServer = zip(threads.value, stacks.value).filter { !$0.0.hasPrefix("liveui-work") }.map(\.1)
        #expect(!onServer.isEmpty, "\(threads.value)")
        #expect(onServer.allSatisfy { $0 >= 8 << 20 }, "\(onServer)")
    }
}
