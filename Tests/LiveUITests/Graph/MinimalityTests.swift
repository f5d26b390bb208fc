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

/// Buttons whose actions capture a value of their parent's body, and whose labels never change: two
/// behind `.accessibilityIdentifier`, two without modifiers (one titled, one with a label view of its own,
/// a child node).
private struct CapturedActions: View {
    @State private var count = 0
    @State private var recorded = -1
    var body: some View {
        let snapshot = count
        VStack {
            Text("Recorded \(recorded)")
            Button("Bump") { count += 1 }.accessibilityIdentifier("bump")
            Button("Record") { recorded = snapshot }.accessibilityIdentifier("record")
            Button("Record a hundred times") { recorded = snapshot * 100 }
            Button { recorded = snapshot * 10 } label: { Text("Record ten times") }
        }
    }
}

/// How many times each `CountedPrimitive` was expanded.
private final class ExpansionCount: @unchecked Sendable {
    var value = 0
}

/// A primitive that binds its action late, as `Button` does, and counts its expansions.
private struct CountedPrimitive: ElementView, LateBoundActions {
    let count: ExpansionCount
    let label: String
    let action: () -> Void
    func makeContent(_ node: GraphNode) -> NodeContent {
        count.value += 1
        var spec = ElementSpec("button")
        spec.content = .text(label)
        spec.listen(.click)
        node.on("click") { node, _ in node.view.withAssumed(as: Self.self) { $0.pointee.action() } }
        return .element(spec)
    }
}

private struct CountedParent: View {
    let count: ExpansionCount
    @State private var taps = 0
    var body: some View {
        VStack {
            Text("Taps \(taps)")
            CountedPrimitive(count: count, label: "Tap") { taps += 1 }.accessibilityIdentifier("tap")
        }
    }
}

/// An element tapped through `onTapGesture`, whose action captures a value of its parent's body.
private struct TappedWithCapture: View {
    let count: ExpansionCount
    @State private var generation = 0
    @State private var picked = -1
    var body: some View {
        let current = generation
        VStack {
            Button("Next") { generation += 1 }.accessibilityIdentifier("next")
            Text("Picked \(picked)")
            CountedPrimitive(count: count, label: "Row") {}
                .onTapGesture { picked = current }
                .accessibilityIdentifier("row")
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

    @Test("a button whose label did not change runs the action of the newest body")
    func buttonRunsNewestAction() async throws {
        let session = LiveSession(changeLog: .discard) { CapturedActions() }
        _ = await session.html()
        _ = try await session.send(.click("bump"))
        _ = try await session.send(.click("bump"))
        let update = try await session.send(.click("record"))
        #expect(update.patches.count == 1)
        #expect(await session.html().contains("Recorded 2"))
    }

    @Test("buttons without modifiers, titled or with a label view, run the actions of the newest body")
    func plainButtonsRunNewestActions() async throws {
        let session = LiveSession(changeLog: .discard) { CapturedActions() }
        let lids = try HTMLTree(parsing: await session.html()).lids(of: "button")
        try #require(lids.count == 4)
        let (recordHundred, recordTen) = (lids[2], lids[3])
        _ = try await session.send(.click("bump"))
        _ = try await session.send(.click("bump"))
        let recorded = try await session.send(.click(recordHundred))
        #expect(recorded.patches.count == 1)
        #expect(await session.html().contains("Recorded 200"))
        _ = try await session.send(.click("bump"))
        _ = try await session.send(.click(recordTen))
        let html = await session.html()
        #expect(html.contains("Recorded 30"))
        // The buttons kept their elements (and so their lids) through every evaluation.
        #expect(try HTMLTree(parsing: html).lids(of: "button") == lids)
    }

    @Test("a late-bound primitive whose new value differs only in its closures is not expanded again")
    func closureOnlyChangeSkipsExpansion() async throws {
        let count = ExpansionCount()
        let session = LiveSession(changeLog: .discard) { CountedParent(count: count) }
        _ = await session.html()
        #expect(count.value == 1)
        let update = try await session.send(.click("tap"))
        _ = try await session.send(.click("tap"))
        #expect(update.patches.count == 1)
        #expect(session.statistics.bodyEvaluations["CountedParent"] == 3)
        #expect(count.value == 1)
        #expect(await session.html().contains("Taps 2"))
    }

    @Test("an element whose onTapGesture only got a new closure is not expanded again, and a tap runs the newest")
    func tapGestureBindsLate() async throws {
        let count = ExpansionCount()
        let session = LiveSession(changeLog: .discard) { TappedWithCapture(count: count) }
        _ = await session.html()
        _ = try await session.send(.click("next"))
        _ = try await session.send(.click("next"))
        #expect(session.statistics.bodyEvaluations["TappedWithCapture"] == 3)
        #expect(count.value == 1)
        let update = try await session.send(.click("row"))
        #expect(update.patches.count == 1)
        #expect(await session.html().contains("Picked 2"))
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
