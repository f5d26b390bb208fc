import Testing

@testable import LiveUI

@Suite("Section")
struct SectionTests {
    @Test("header and footer around the content, in every form SwiftUI has")
    func headersAndFooters() async throws {
        let driver = try await ControlDriver(
            LiveSession(changeLog: .discard) {
                Form {
                    Section {
                        Text("a")
                    } header: {
                        Text("H")
                    } footer: {
                        Text("F")
                    }
                    Section("Title") { Text("b") }
                    Section { Text("c") } footer: { Text("only footer") }
                    Section(header: Text("old"), footer: Text("style")) { Text("d") }
                    Section { Text("e") }
                }
            })
        let sections = driver.tree.allElements.filter { $0.tag == "section" }
        #expect(sections.map { $0.elementChildren.map(\.tag) } == [
            ["header", "div", "footer"], ["header", "div"], ["div", "footer"], ["header", "div", "footer"], ["div"],
        ])
        #expect(sections.map(\.textContent) == ["HaF", "Titleb", "conly footer", "olddstyle", "e"])
    }
}
