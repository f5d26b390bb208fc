import Foundation
import Testing

@testable import LiveUI

private struct Row: View {
    let id: Int
    @State private var taps = 0
    var body: some View {
        HStack {
            Text("Row \(id)")
            Button("Taps \(taps)") { taps += 1 }.accessibilityIdentifier("row-\(id)")
        }
    }
}

private struct Table: View {
    @State private var ids = Array(0..<1000)
    @State private var title = "Rows"
    var body: some View {
        VStack {
            Button("Retitle") { title += "!" }.accessibilityIdentifier("retitle")
            Text(title)
            ForEach(ids, id: \.self) { Row(id: $0) }
        }
    }
}

/// Counts the jobs a graph queues instead of running them.
private final class CountingScheduler: GraphScheduler, TaskExecutor, @unchecked Sendable {
    let jobs = Locked(0)
    func enqueue(_ job: @escaping @Sendable () -> Void) { jobs.withLock { $0 += 1 } }
    func enqueue(_ job: consuming ExecutorJob) { jobs.withLock { $0 += 1 } }
    var taskExecutor: any TaskExecutor { self }
}

@Suite("Minimal re-evaluation")
struct MinimalityTests {
    @Test("in a 1,000-row ForEach, one row's @State change evaluates one body and patches that row only")
    func oneRowOneBody() async throws {
        let session = LiveSession(changeLog: .discard) { Table() }
        let html = await session.html()
        let button = try #require(lid(in: html, of: "data-aid=\"row-500\""))
        #expect(session.statistics.bodyEvaluations["Row"] == 1000)
        let update = try await session.send(.click("row-500"))
        #expect(session.statistics.bodyEvaluations["Row"] == 1001)
        #expect(session.statistics.bodyEvaluations["Table"] == 1)
        #expect(update.patches == [.text(id: button, text: "Taps 1")])
        #expect(update.patchBytes < 100)
    }

    @Test("a parent change that leaves row inputs equal evaluates no row")
    func parentChangeSkipsRows() async throws {
        let session = LiveSession(changeLog: .discard) { Table() }
        _ = await session.html()
        let update = try await session.send(.click("retitle"))
        #expect(session.statistics.bodyEvaluations["Table"] == 2)
        #expect(session.statistics.bodyEvaluations["Row"] == 1000)
        #expect(update.patches.count == 1)
    }

    @Test("an event's handler writes are flushed with the event: no second flush is queued")
    func eventQueuesNoFlushOfItsOwn() throws {
        let scheduler = CountingScheduler()
        let graph = ViewGraph(changeLog: .discard, scheduler: scheduler, root: Table())
        _ = graph.flush()
        let update = try graph.handle(.click("retitle"))
        #expect(update.patches.count == 1)
        #expect(scheduler.jobs.withLock { $0 } == 0)
        #expect(!graph.hasPendingWork)
    }
}
