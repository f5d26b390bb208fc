import Testing

@testable import LiveUI

private struct Login: View {
    enum Field: Hashable { case user, password }
    @FocusState private var field: Field?
    @FocusState private var searchFocused: Bool
    @State private var user = ""
    @State private var password = ""
    @State private var query = ""
    var body: some View {
        VStack {
            TextField("User", text: $user).focused($field, equals: .user).accessibilityIdentifier("user")
            SecureField("Password", text: $password).focused($field, equals: .password).accessibilityIdentifier("password")
            TextField("Search", text: $query).focused($searchFocused).accessibilityIdentifier("search")
            Text("field \(field.map { "\($0)" } ?? "none") search \(searchFocused)").accessibilityIdentifier("state")
            Button("Next") { field = .password }.accessibilityIdentifier("next")
            Button("Done") { field = nil }.accessibilityIdentifier("done")
            Button("Find") { searchFocused = true }.accessibilityIdentifier("find")
        }
    }
}

@Suite("FocusState")
struct FocusStateTests {
    @Test("the browser's focus and blur write the state; the focus stays unset by a blur of another field")
    func browserToServer() async throws {
        var driver = try await ControlDriver(LiveSession(changeLog: .discard) { Login() })
        #expect(try driver.element("data-aid", "user").attributes["data-on"] == "input submit focus")
        try await driver.send(ClientEvent(target: "user", type: "focus", value: "true"))
        #expect(try driver.element("data-aid", "state").textContent == "field user search false")
        #expect(try driver.element("data-aid", "user").attributes["data-focused"] != nil)
        // Tab to the password: the user field's blur, then the password's focus.
        try await driver.send(ClientEvent(target: "user", type: "focus", value: "false"))
        try await driver.send(ClientEvent(target: "password", type: "focus", value: "true"))
        try await driver.send(ClientEvent(target: "user", type: "focus", value: "false"))
        #expect(try driver.element("data-aid", "state").textContent.hasPrefix("field password"))
        #expect(driver.tree.elements(withAttribute: "data-focused", "").compactMap { $0.attributes["data-aid"] } == ["password"])
        try await driver.send(ClientEvent(target: "search", type: "focus", value: "true"))
        #expect(try driver.element("data-aid", "state").textContent.hasSuffix("search true"))
        #expect(await driver.refuses(ClientEvent(target: "search", type: "focus", value: "maybe")))
    }

    @Test("writing the state marks the element the client focuses (data-focused); nil unmarks every one")
    func serverToBrowser() async throws {
        var driver = try await ControlDriver(LiveSession(changeLog: .discard) { Login() })
        #expect(driver.tree.elements(withAttribute: "data-focused", "").isEmpty)
        try await driver.send(.click("next"))
        #expect(driver.tree.elements(withAttribute: "data-focused", "").compactMap { $0.attributes["data-aid"] } == ["password"])
        try await driver.send(.click("find"))
        #expect(driver.tree.elements(withAttribute: "data-focused", "").compactMap { $0.attributes["data-aid"] } == ["password", "search"])
        try await driver.send(.click("done"))
        #expect(driver.tree.elements(withAttribute: "data-focused", "").compactMap { $0.attributes["data-aid"] } == ["search"])
    }
}
