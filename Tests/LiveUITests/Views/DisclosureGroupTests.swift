import Testing

@testable import LiveUI

private struct Inner: View {
    @State private var taps = 0
    var body: some View { Button("taps \(taps)") { taps += 1 }.accessibilityIdentifier("inner") }
}

private struct Own: View {
    var body: some View {
        DisclosureGroup("Details") { Inner() }.accessibilityIdentifier("details")
    }
}

private struct Bound: View {
    @State private var open = true
    var body: some View {
        VStack {
            DisclosureGroup(isExpanded: $open) {
                Text("Body").accessibilityIdentifier("body")
            } label: {
                Text("Label")
            }
            .accessibilityIdentifier("group")
            Button("Toggle") { open.toggle() }.accessibilityIdentifier("toggle")
            Text(open ? "open" : "closed").accessibilityIdentifier("state")
        }
    }
}

@Suite("DisclosureGroup")
struct DisclosureGroupTests {
    @Test("without a binding: collapsed at first; a click expands it; its content's state ends when it collapses")
    func ownState() async throws {
        var driver = try await ControlDriver(LiveSession(changeLog: .discard) { Own() })
        let toggle = try driver.element("aria-expanded", "false")
        #expect(toggle.tag == "button")
        #expect(!driver.tree.root.textContent.contains("taps"))
        let lid = try #require(toggle.lid)
        try await driver.send(.click(lid))
        #expect(try driver.lid("aria-expanded", "true") == lid)
        try await driver.send(.click("inner"))
        #expect(try driver.element("data-aid", "inner").textContent == "taps 1")
        try await driver.send(.click(lid))
        #expect(!driver.tree.root.textContent.contains("taps"))
        try await driver.send(.click(lid))
        #expect(try driver.element("data-aid", "inner").textContent == "taps 0")
    }

    @Test("with isExpanded: the binding decides, both ways")
    func bound() async throws {
        var driver = try await ControlDriver(LiveSession(changeLog: .discard) { Bound() })
        #expect(try driver.element("data-aid", "body").textContent == "Body")
        try await driver.send(.click(try driver.lid("aria-expanded", "true")))
        #expect(try driver.element("data-aid", "state").textContent == "closed")
        #expect(driver.tree.elements(withAttribute: "data-aid", "body").isEmpty)
        try await driver.send(.click("toggle"))
        #expect(try driver.element("aria-expanded", "true").textContent == "Label")
        #expect(try driver.element("data-aid", "body").textContent == "Body")
    }
}
