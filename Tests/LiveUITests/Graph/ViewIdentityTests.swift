import Foundation
import Testing

@testable import LiveUI

struct IdentifiedRow: View {
    let id: Int
    @State private var taps = 0
    var body: some View { Text("\(id) \(taps)") }
}

private struct IdentifiedScreen: View {
    @State private var on = false
    var body: some View {
        VStack {
            Text("title")
            if on {
                Text("on")
            } else {
                ForEach([42, 7], id: \.self) { IdentifiedRow(id: $0) }
            }
            AnyView(IdentifiedRow(id: 1))
            Text("named").id("name")
        }
    }
}

@Suite("View identity")
struct ViewIdentityTests {
    private func graph() -> ViewGraph {
        let graph = ViewGraph(changeLog: .discard, scheduler: SessionExecutor(), root: IdentifiedScreen())
        _ = graph.flush()
        return graph
    }

    private func nodes(_ graph: ViewGraph) -> [GraphNode] {
        var all: [GraphNode] = []
        func walk(_ node: GraphNode) {
            all.append(node)
            node.children.forEach(walk)
        }
        graph.root.map(walk)
        return all
    }

    private func node(_ graph: ViewGraph, at path: String) throws -> GraphNode {
        try #require(nodes(graph).first { $0.identity.description == path }, "no node at \(path)")
    }

    @Test("the path reads as the inspector prints it: each step as its key spells it, space separated")
    func pathAsTheInspectorPrintsIt() throws {
        let graph = graph()
        let rows = nodes(graph).filter { $0.info.type == IdentifiedRow.self }.map(\.identity.description)
        #expect(rows == ["(0) .body (1) If(1) [42]", "(0) .body (1) If(1) [7]", "(0) .body (2) AnyView"])
        #expect(try node(graph, at: "(0) .body (3) #name").info.type == Text.self)
        #expect(graph.root?.identity.description == "", "the root's own step is part of no path")
    }

    @Test("an identity is its steps and its type: another type at the same path is another identity")
    func stepsAndType() throws {
        let graph = graph()
        let row = try node(graph, at: "(0) .body (1) If(1) [42]")
        let identity = row.identity
        #expect(identity == ViewIdentity(steps: [.index(0), .body, .index(1), .branch(1), .intID(42)], viewType: IdentifiedRow.self))
        #expect(identity.hashValue == ViewIdentity(steps: identity.steps, viewType: IdentifiedRow.self).hashValue)
        #expect(identity != ViewIdentity(steps: identity.steps, viewType: Text.self))
        #expect(identity != ViewIdentity(steps: identity.steps.dropLast() + [.intID(7)], viewType: IdentifiedRow.self))
        let wrapped = try node(graph, at: "(0) .body (2) AnyView")
        #expect(wrapped.identity.steps.last == .type(.init(IdentifiedRow.self)))
        #expect(wrapped.identity.steps.last != .type(.init(Text.self)))
    }

    @Test("an identity below a row matches the node at that place in every row, and no other")
    func belowARow() throws {
        let graph = graph()
        let first = try node(graph, at: "(0) .body (1) If(1) [42]")
        let second = try node(graph, at: "(0) .body (1) If(1) [7]")
        let text = try #require(first.children.first)
        let below = ViewIdentity(of: text, below: first)
        #expect(below == ViewIdentity(steps: [.body], viewType: Text.self))
        #expect(below.description == ".body")
        #expect(below.matches(text, below: first))
        #expect(below.matches(try #require(second.children.first), below: second))
        #expect(!below.matches(second, below: try #require(second.parent)), "another step and type")
        #expect(ViewIdentity(of: first, below: first).steps.isEmpty)
    }
}
