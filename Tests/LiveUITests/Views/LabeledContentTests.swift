import Testing

@testable import LiveUI

@Suite("LabeledContent")
struct LabeledContentTests {
    @Test("a label beside a value: text, formatted or a view")
    func forms() async throws {
        let driver = try await ControlDriver(
            LiveSession(changeLog: .discard) {
                VStack {
                    LabeledContent("Name", value: "Ada")
                    LabeledContent("Price", value: 12.5, format: .number.precision(.fractionLength(2)))
                    LabeledContent {
                        Text("on")
                    } label: {
                        Text("Power")
                    }
                }
            })
        let rows = driver.tree.allElements.filter { $0.attributes["class"] == "lui-labeled" }
        #expect(rows.map { $0.elementChildren.map(\.textContent) } == [["Name", "Ada"], ["Price", "12.50"], ["Power", "on"]])
        #expect(rows.allSatisfy { $0.elementChildren.map { $0.attributes["class"] ?? "" } == ["lui-labeled-label", "lui-labeled-value"] })
    }
}
