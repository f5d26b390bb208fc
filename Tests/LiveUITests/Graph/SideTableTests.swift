import Testing

@testable import LiveUI

/// Forty texts, each with lifecycle work that keeps its row awake: more nodes than a side table keeps
/// in its short list.
private struct Texts: View {
    var body: some View {
        VStack {
            ForEach(0..<40, id: \.self) { Text("\($0)").onAppear {} }
        }
    }
}

/// Every node of `graph`, parents first.
private func allNodes(_ graph: ViewGraph) -> [GraphNode] {
    var nodes: [GraphNode] = []
    var pending: [GraphNode] = [graph.root]
    while let node = pending.popLast() {
        nodes.append(node)
        pending.append(contentsOf: node.children)
    }
    return nodes
}

@Suite("Side table")
struct SideTableTests {
    @Test("each node keeps its own entry while the table grows past its short list and shrinks again")
    func entriesSurviveGrowingAndShrinking() throws {
        let graph = ViewGraph(changeLog: .discard, scheduler: SessionExecutor(), root: Texts())
        _ = graph.flush()
        let nodes = allNodes(graph)
        try #require(nodes.count > 30)
        var table = SideTable<String>()
        #expect(table.isEmpty && table[nodes[0]] == nil)
        for (index, node) in nodes.enumerated() {
            table[node] = "v\(index)"
            // Every entry so far reads back, whether the table is still short or has grown.
            #expect(nodes.prefix(index + 1).enumerated().allSatisfy { table[$1] == "v\($0)" })
            #expect(nodes.dropFirst(index + 1).allSatisfy { table[$0] == nil })
        }
        table[nodes[3]] = "replaced"
        #expect(table[nodes[3]] == "replaced" && table[nodes[4]] == "v4")
        #expect(table.withValue(for: nodes[5]) { $0.count } == 2)
        #expect(table.withValue(for: nodes[5]) { _ in true } == true)
        for node in nodes.dropFirst(2) { table[node] = nil }
        #expect(table[nodes[0]] == "v0" && table[nodes[1]] == "v1" && table[nodes[2]] == nil)
        #expect(table.removeValue(for: nodes[0]) == "v0")
        #expect(table.removeValue(for: nodes[0]) == nil)
        table[nodes[1]] = nil
        #expect(table.isEmpty)
        // Emptied, it starts short again, and a short table grows the same way.
        for node in nodes.prefix(9) { table[node] = "again" }
        #expect(nodes.prefix(9).allSatisfy { table[$0] == "again" } && table[nodes[9]] == nil)
    }

    @Test("removing from the short list keeps the other entries, whatever their order")
    func removalFromTheShortListKeepsTheRest() throws {
        let graph = ViewGraph(changeLog: .discard, scheduler: SessionExecutor(), root: Texts())
        _ = graph.flush()
        let nodes = Array(allNodes(graph).prefix(6))
        try #require(nodes.count == 6)
        var table = SideTable<Int>()
        for (index, node) in nodes.enumerated() { table[node] = index }
        #expect(table.removeValue(for: nodes[1]) == 1)
        table[nodes[4]] = nil
        #expect(table[nodes[0]] == 0 && table[nodes[2]] == 2 && table[nodes[3]] == 3 && table[nodes[5]] == 5)
        #expect(table[nodes[1]] == nil && table[nodes[4]] == nil)
        table.removeAll(keepingCapacity: true)
        #expect(table.isEmpty && nodes.allSatisfy { table[$0] == nil })
    }

    @Test("a table keyed by strings finds, changes and lists its entries, short or grown")
    func stringKeyedTableKeepsEveryEntry() {
        var table = ShortTable<String, Int>()
        let keys = (0..<20).map { "id-\($0)" }
        for (index, key) in keys.enumerated() {
            // `modify` adds an entry it does not find, and changes one it finds, where it is.
            table.modify(forKey: key, default: 100) { $0 += index }
            table.modify(forKey: key, default: 0) { $0 += 1 }
            #expect(keys.prefix(index + 1).enumerated().allSatisfy { table[$1] == 101 + $0 })
            #expect(table["id-\(index + 1)"] == nil)
        }
        var listed: [String: Int] = [:]
        table.forEach { listed[$0] = $1 }
        #expect(listed.count == 20 && listed["id-7"] == 108 && listed["id-19"] == 120)
        for key in keys.dropFirst(3) { table[key] = nil }
        #expect(table["id-0"] == 101 && table["id-2"] == 103 && table["id-3"] == nil)
        for key in keys.prefix(3) { #expect(table.removeValue(forKey: key) != nil) }
        #expect(table.isEmpty)
        table.forEach { _, _ in Issue.record("an emptied table lists nothing") }
    }
}
