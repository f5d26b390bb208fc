import Foundation
import Testing

@testable import LiveUI
@testable import LiveUIServer

/// What `stream` has queued for its client, read as libmicrohttpd's reader would.
private func queuedText(_ stream: SSEStream) -> String {
    var out: [UInt8] = []
    var buffer = [CChar](repeating: 0, count: 4096)
    while true {
        let count = buffer.withUnsafeMutableBufferPointer { raw -> Int in
            guard let base = raw.baseAddress else { return -2 }
            return stream.read(into: base, max: raw.count)
        }
        guard count > 0 else { break }
        out += buffer[0..<count].map { UInt8(bitPattern: $0) }
    }
    return String(decoding: out, as: UTF8.self)
}

/// A counter that records whether the host offered to run an event on the caller's thread (it declines).
private final class CallerRecordingGraph: HostedGraph {
    let counter = CounterGraph(closedCounter: Counter())
    let offers = Locked(0)
    var version: Int { counter.version }
    func html(completion: @escaping @Sendable (String) -> Void) { counter.html(completion: completion) }
    func send(_ event: ClientEvent, completion: @escaping @Sendable (Result<Update, LiveError>) -> Void) {
        counter.send(event, completion: completion)
    }
    func sendOnCallerIfIdle(
        _ event: ClientEvent, ifLastTookAtMostNanoseconds limit: UInt64, completion: (Result<Update, LiveError>) -> Void
    ) -> Bool {
        offers.withLock { $0 += 1 }
        return false
    }
    func subscribeUpdates(_ handler: @escaping @Sendable (Update) -> Void) -> @Sendable () -> Void {
        counter.subscribeUpdates(handler)
    }
    func close() async { await counter.close() }
    func treeJSON() async -> String { await counter.treeJSON() }
}

@Suite("Graph hosts")
struct GraphHostTests {
    @Test("events run on the server's threads only while a thread is left that no slow event holds")
    func callerThreadsAreKeptFree() async {
        func offers(serverThreads: Int) async -> Int {
            let graph = CallerRecordingGraph()
            let host = GraphHost(route: "/counter", graph: graph, logLength: 4, eventsOnCaller: true, serverThreads: serverThreads)
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                host.handle(.click("increment"), meter: Metrics.EventMeter(metrics: Metrics(), started: 0)) { _ in done.resume() }
            }
            await host.close(reason: "test")
            return graph.offers.withLock { $0 }
        }
        // One thread: it is the last one, and stays free. Many: far more than slow events hold.
        #expect(await offers(serverThreads: 1) == 0)
        #expect(await offers(serverThreads: 1_000) == 1)
    }

    @Test("a replay larger than the limit is a reset with the full HTML; a small one is replayed patch by patch")
    func largeReplayIsAReset() async {
        let graph = CounterGraph(closedCounter: Counter())
        let host = GraphHost(route: "/counter", graph: graph, logLength: 100, replayLimit: 1_000)
        for _ in 0..<20 { graph.push() }
        let small = SSEStream()
        host.attach(small, lastEventID: 18)
        let replayed = queuedText(small)
        #expect(replayed.contains("id: 19\nevent: patch\n") && replayed.contains("id: 20\nevent: patch\n"))
        #expect(!replayed.contains("event: reset"))
        let large = SSEStream()
        host.attach(large, lastEventID: 0)
        let reset = queuedText(large)
        #expect(reset.hasPrefix("id: 20\nevent: reset\n"))
        #expect(reset.contains("Count: 20"))
        #expect(!reset.contains("event: patch"))
        await host.close(reason: "test")
    }

    @Test("the default replay limit keeps a replay well inside what a stream may hold")
    func defaultReplayLimit() {
        let host = GraphHost(route: "/counter", graph: CounterGraph(closedCounter: Counter()), logLength: 1)
        #expect(host.replayLimit > 0 && host.replayLimit <= SSEStream.maxPendingBytes / 2)
    }
}
