import Testing

@testable import LiveUI

private struct Shortcuts: View {
    @State private var saved = 0
    @State private var query = ""
    var body: some View {
        VStack {
            Button("Save") { saved += 1 }.keyboardShortcut("s").help("Save the file").accessibilityIdentifier("save")
            Button("OK") {}.keyboardShortcut(.defaultAction).accessibilityIdentifier("ok")
            Button("Cancel") {}.keyboardShortcut(.cancelAction).accessibilityIdentifier("cancel")
            Button("Up") {}.keyboardShortcut(.upArrow, modifiers: [.shift, .option]).accessibilityIdentifier("up")
            Button("Off") {}.keyboardShortcut(nil).accessibilityIdentifier("off")
            List(["apple", "banana", "cherry"].filter { query.isEmpty || $0.contains(query) }, id: \.self) { Text($0) }
                .searchable(text: $query, prompt: "Fruit")
            TextField("Message", text: $query).submitLabel(.send).accessibilityIdentifier("message")
        }
    }
}

@Suite("Control modifiers")
struct ControlModifiersTests {
    @Test("keyboardShortcut renders aria-keyshortcuts (⌘ as Control); help renders a title")
    func shortcutsAndHelp() async throws {
        let driver = try await ControlDriver(LiveSession(changeLog: .discard) { Shortcuts() })
        func shortcut(_ aid: String) throws -> String? { try driver.element("data-aid", aid).attributes["aria-keyshortcuts"] }
        #expect(try shortcut("save") == "Control+S")
        #expect(try shortcut("ok") == "Enter")
        #expect(try shortcut("cancel") == "Escape")
        #expect(try shortcut("up") == "Alt+Shift+ArrowUp")
        #expect(try shortcut("off") == nil)
        #expect(try driver.element("data-aid", "save").attributes["title"] == "Save the file")
    }

    @Test("searchable puts a search field above the view; typing filters it")
    func searchable() async throws {
        var driver = try await ControlDriver(LiveSession(changeLog: .discard) { Shortcuts() })
        let search = try driver.element("role", "search")
        let field = try #require(search.elementChildren.first)
        #expect(field.attributes["type"] == "search")
        #expect(field.attributes["placeholder"] == "Fruit")
        #expect(search.parent?.elementChildren.last?.attributes["role"] == "list")
        try await driver.send(.input(try #require(field.lid), "an"))
        #expect(driver.tree.elements(withAttribute: "role", "listitem").map(\.textContent) == ["banana"])
        #expect(try driver.element("type", "search").attributes["value"] == "an")
    }

    @Test("submitLabel sets the Return key's label of the fields below")
    func submitLabel() async throws {
        let driver = try await ControlDriver(LiveSession(changeLog: .discard) { Shortcuts() })
        #expect(try driver.element("data-aid", "message").attributes["enterkeyhint"] == "send")
    }
}
