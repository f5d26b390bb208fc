import Observation
import Testing

@testable import LiveUI

@Observable
private final class Ticker {
    var tick = 0
}

/// A row whose body reads the shared model: one write to it invalidates every row.
nonisolated private struct Reader: View {
    let model: Ticker
    let id: Int
    var body: some View { Text("\(id): \(model.tick)") }
}

nonisolated private struct Readers: View {
    let model: Ticker
    @State private var count = 300
    var body: some View {
        VStack {
            Button("Tick") { model.tick += 1 }.accessibilityIdentifier("tick")
            Button("Shrink") { count = 3 }.accessibilityIdentifier("shrink")
            ForEach(0..<count, id: \.self) { Reader(model: model, id: $0) }
        }
    }
}

@Suite("Per-node side tables of the graph")
struct GraphSideTablesTests {
    @Test("the change names of an update that invalidated hundreds of nodes are gone once it is flushed")
    func changeNamesLeaveNothingBehind() throws {
        let model = Ticker()
        let graph = ViewGraph(changeLog: .discard, scheduler: SessionExecutor(), root: Readers(model: model))
        _ = graph.flush()
        let update = try ThreadContext.run(on: graph) { try graph.handle(.click("tick")) }
        #expect(update.patches.count == 300)
        #expect(graph.changes.isEmpty)
    }

    @Test("nodes that end while invalidated leave no change names behind")
    func endedNodesLeaveNothing() throws {
        let model = Ticker()
        let graph = ViewGraph(changeLog: .discard, scheduler: SessionExecutor(), root: Readers(model: model))
        _ = graph.flush()
        try ThreadContext.run(on: graph) {
            graph.runEventHandler { model.tick += 1 }  // every row is invalidated, not yet evaluated
            _ = try graph.handle(.click("shrink"))
        }
        #expect(graph.changes.isEmpty)
        #expect(graph.statistics.liveNodes < 20)
    }
}
