import Testing

@testable import LiveUI

@Suite("A node's view read in place")
struct ViewReadInPlaceTests {
    @Test("withView hands over the node's current view")
    func withViewReadsTheCurrentView() throws {
        let graph = ViewGraph(changeLog: .discard, scheduler: SessionExecutor(), root: Text("first"))
        _ = graph.flush()
        let node = try #require(graph.root.children.first)
        #expect(node.withView { ($0 as? Text)?.content } == "first")
        node.view = Text("second")
        #expect(node.withView { ($0 as? Text)?.content } == "second")
    }

    #if DEBUG
    @Test("debug builds stop at a view assigned while it is read in place, which would leave the read dangling")
    func assigningDuringAReadIsCaught() async {
        await #expect(processExitsWith: .failure) {
            let graph = ViewGraph(changeLog: .discard, scheduler: SessionExecutor(), root: Text("first"))
            _ = graph.flush()
            guard let node = graph.root.children.first else { return }
            node.withView { _ in node.view = Text("second") }
        }
    }
    #endif
}
