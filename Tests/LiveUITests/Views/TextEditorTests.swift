import Testing

@testable import LiveUI

private struct Notes: View {
    @State private var text = "a\nb"
    var body: some View {
        VStack {
            TextEditor(text: $text).accessibilityIdentifier("notes")
            Text("\(text.count) characters").accessibilityIdentifier("count")
            Button("Clear") { text = "" }.accessibilityIdentifier("clear")
        }
        .submitLabel(.done)
    }
}

@Suite("TextEditor")
struct TextEditorTests {
    @Test("a textarea whose text and value attribute follow the binding; input writes it, newlines kept")
    func editsText() async throws {
        var driver = try await ControlDriver(LiveSession(changeLog: .discard) { Notes() })
        let editor = try driver.element("data-aid", "notes")
        #expect(editor.tag == "textarea")
        #expect(editor.textContent == "a\nb")
        #expect(editor.attributes["value"] == "a\nb")
        #expect(editor.attributes["enterkeyhint"] == "done")
        #expect(editor.attributes["data-on"] == "input")
        try await driver.send(.input("notes", "line 1\nline 2 <&>"))
        #expect(try driver.element("data-aid", "count").textContent == "17 characters")
        #expect(try driver.element("data-aid", "notes").attributes["value"] == "line 1\nline 2 <&>")
        try await driver.send(.click("clear"))
        #expect(try driver.element("data-aid", "notes").textContent == "")
        await #expect(throws: LiveError.self) { try await driver.session.send(ClientEvent(target: "notes", type: "input")) }
    }
}
