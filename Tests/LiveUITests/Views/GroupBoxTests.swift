import Testing

@testable import LiveUI

@Suite("GroupBox")
struct GroupBoxTests {
    @Test("a group with its label above its content, or its content alone")
    func forms() async throws {
        let driver = try await ControlDriver(
            LiveSession(changeLog: .discard) {
                VStack {
                    GroupBox("Title") { Text("A") }
                    GroupBox { Text("B") } label: { Label("Custom", systemImage: "star") }
                    GroupBox { Text("C") }
                }
            })
        let boxes = driver.tree.allElements.filter { $0.attributes["class"] == "lui-groupbox" }
        #expect(boxes.allSatisfy { $0.attributes["role"] == "group" })
        #expect(boxes.map { $0.elementChildren.map { $0.attributes["class"] ?? "" } } == [
            ["lui-groupbox-label", "lui-groupbox-content"], ["lui-groupbox-label", "lui-groupbox-content"], ["lui-groupbox-content"],
        ])
        #expect(boxes[0].textContent == "TitleA")
        #expect(boxes[1].textContent.contains("Custom"))
    }
}
