import Testing

@testable import LiveUI

private struct HidesControls: View {
    @State private var count = 0
    @State private var isHidden = true
    @State private var text = ""
    var body: some View {
        VStack {
            Text("Count \(count) text \(text)")
            if isHidden {
                Button("Add") { count += 1 }.accessibilityIdentifier("add").hidden()
            } else {
                Button("Add") { count += 1 }.accessibilityIdentifier("add")
            }
            VStack {
                TextField("Name", text: $text).accessibilityIdentifier("name")
                Toggle("Flag", isOn: .constant(false))
            }
            .hidden()
            Button("Disabled") { count += 100 }.accessibilityIdentifier("disabled").disabled(true)
            Button("Show") { isHidden = false }.accessibilityIdentifier("show")
        }
    }
}

/// No view is hidden on the first render: the first `.hidden()` comes with a later update.
private struct HidesLater: View {
    @State private var count = 0
    @State private var isHidden = false
    var body: some View {
        VStack {
            Text("Count \(count)")
            if isHidden {
                Button("Add") { count += 1 }.accessibilityIdentifier("add").hidden()
            } else {
                Button("Add") { count += 1 }.accessibilityIdentifier("add")
            }
            Button("Hide") { isHidden = true }.accessibilityIdentifier("hide")
        }
    }
}

@Suite("hidden()")
struct HiddenTests {
    @Test("an event for a control in a hidden view is refused as unsupported and changes nothing; shown again, it acts")
    func hiddenControlsRefuseEvents() async throws {
        let session = LiveSession(changeLog: .discard) { HidesControls() }
        let before = await session.html()
        #expect(before.contains("visibility:hidden"))
        await #expect(throws: LiveError.unsupportedEvent(target: "add", type: "click")) {
            try await session.send(.click("add"))
        }
        await #expect(throws: LiveError.unsupportedEvent(target: "name", type: "input")) {
            try await session.send(ClientEvent(target: "name", type: "input", value: "typed"))
        }
        #expect(await session.html() == before)
        _ = try await session.send(.click("show"))
        _ = try await session.send(.click("add"))
        #expect(await session.html().contains("Count 1 text "))
    }

    @Test("an event for a hidden control addressed by its data-lid is refused too")
    func hiddenControlByLidIsRefused() async throws {
        let session = LiveSession(changeLog: .discard) { HidesControls() }
        let html = await session.html()
        // The text field comes before the toggle's checkbox.
        let lid = try #require(try HTMLTree(parsing: html).lids(of: "input").first)
        await #expect(throws: LiveError.unsupportedEvent(target: lid, type: "input")) {
            try await session.send(ClientEvent(target: lid, type: "input", value: "typed"))
        }
        #expect(await session.html() == html)
    }

    @Test("a control hidden by a later update, in a page that had no hidden view, refuses events from then on")
    func controlHiddenLaterRefusesEvents() async throws {
        let session = LiveSession(changeLog: .discard) { HidesLater() }
        _ = await session.html()
        _ = try await session.send(.click("add"))
        #expect(await session.html().contains("Count 1"))
        _ = try await session.send(.click("hide"))
        let hidden = await session.html()
        #expect(hidden.contains("visibility:hidden"))
        await #expect(throws: LiveError.unsupportedEvent(target: "add", type: "click")) {
            try await session.send(.click("add"))
        }
        #expect(await session.html() == hidden)
    }

    @Test("an event for a disabled control is refused as unsupported and changes nothing")
    func disabledControlsRefuseEvents() async throws {
        let session = LiveSession(changeLog: .discard) { HidesControls() }
        let before = await session.html()
        await #expect(throws: LiveError.unsupportedEvent(target: "disabled", type: "click")) {
            try await session.send(.click("disabled"))
        }
        #expect(await session.html() == before)
    }
}
