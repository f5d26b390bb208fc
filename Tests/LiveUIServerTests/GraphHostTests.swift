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

@Suite("Graph hosts")
struct GraphHostTests {
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
