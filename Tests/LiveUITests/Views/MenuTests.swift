import Testing

@testable import LiveUI

private struct Actions: View {
    @State private var last = "none"
    var body: some View {
        VStack {
            Menu("Actions") {
                Button("Copy") { last = "copy" }.accessibilityIdentifier("copy")
                Divider()
                Button("Delete") { last = "delete" }.accessibilityIdentifier("delete")
            }
            Menu {
                Button("Share") { last = "share" }.accessibilityIdentifier("share")
            } label: {
                Label("More", systemImage: "gear")
            }
            Text("last \(last)").accessibilityIdentifier("last")
        }
    }
}

@Suite("Menu")
struct MenuTests {
    @Test("a <details> disclosure: the summary is the label, the items are the content, and items run their actions")
    func menu() async throws {
        var driver = try await ControlDriver(LiveSession(changeLog: .discard) { Actions() })
        let menus = driver.tree.allElements.filter { $0.tag == "details" }
        #expect(menus.count == 2)
        #expect(menus[0].elementChildren.first?.tag == "summary")
        #expect(menus[0].elementChildren.first?.textContent == "Actions")
        #expect(menus[0].attributes["open"] == nil)
        #expect(menus[1].elementChildren.first?.textContent.contains("More") == true)
        try await driver.send(.click("delete"))
        #expect(try driver.element("data-aid", "last").textContent == "last delete")
        try await driver.send(.click("share"))
        #expect(try driver.element("data-aid", "last").textContent == "last share")
    }
}
