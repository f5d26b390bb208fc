import Testing
@testable import LiveUIServer

@Suite("Inspector tree")
struct InspectorNodeTests {
    private func tree(_ outer: Int, _ inner: Int) -> String {
        #"{"type":"A","identity":"(0)","bodyEvaluations":\#(outer),"state":{"b":"2","a":"1"},"children":["#
            + #"{"type":"B","identity":"(0).body","lid":"k1","bodyEvaluations":\#(inner),"children":[]}]}"#
    }

    @Test("a tree reads with sorted state, and only nodes whose count grew are marked changed")
    func marksGrownCounts() throws {
        let first = try #require(InspectorNode.parse(tree(1, 1), previous: nil))
        #expect(first.state == ["a = 1", "b = 2"] && first.children.first?.lid == "k1")
        #expect(!first.changed && first.children.first?.changed == false)
        let second = try #require(InspectorNode.parse(tree(1, 2), previous: first))
        #expect(!second.changed && second.children.first?.changed == true)
        #expect(second.children.first?.evaluations == 2)
    }

    @Test("state that is not saved reads as its own list")
    func readsUnsavedState() throws {
        let json = #"{"type":"A","identity":"(0)","state":{"_clock":"Clock"},"unsaved":["_clock: App.Clock"],"children":[]}"#
        let node = try #require(InspectorNode.parse(json, previous: nil))
        #expect(node.unsaved == ["_clock: App.Clock"])
    }

    @Test("text that is not a tree reads as none")
    func rejectsOtherText() {
        #expect(InspectorNode.parse("null", previous: nil) == nil)
        #expect(InspectorNode.parse(#"{"type":"Counter","count":0}"#, previous: nil) == nil)
        #expect(InspectorNode.parse("{", previous: nil) == nil)
    }
}
