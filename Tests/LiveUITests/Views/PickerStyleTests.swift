import Testing

@testable import LiveUI

private struct Flavours: View {
    @State private var choice = 1
    let style: PickerPresentation
    var body: some View {
        VStack {
            switch style {
            case .segmented:
                picker.pickerStyle(.segmented)
            case .inline:
                picker.pickerStyle(.inline)
            case .select:
                picker.pickerStyle(.menu)
            }
            Text("choice \(choice)").accessibilityIdentifier("choice")
        }
    }

    private var picker: some View {
        Picker("Flavour", selection: $choice) {
            Text("One").tag(1)
            Text("Two").tag(2)
        }
        .accessibilityIdentifier("picker")
    }
}

@Suite("Picker styles")
struct PickerStyleTests {
    @Test("segmented and inline pickers are radio groups of buttons; a click selects and moves aria-checked")
    func radioGroups() async throws {
        for style in [PickerPresentation.segmented, .inline] {
            var driver = try await ControlDriver(LiveSession(changeLog: .discard) { Flavours(style: style) })
            let group = try driver.element("role", "radiogroup")
            #expect(group.attributes["aria-label"] == "Flavour")
            #expect(group.attributes["class"] == (style == .segmented ? "lui-segmented" : "lui-picker-inline"))
            let radios = driver.tree.elements(withAttribute: "role", "radio")
            #expect(radios.map(\.tag) == ["button", "button"])
            #expect(radios.map { $0.attributes["aria-checked"] } == ["true", "false"])
            try await driver.send(.click(try #require(radios[1].lid)))
            #expect(try driver.element("data-aid", "choice").textContent == "choice 2")
            #expect(driver.tree.elements(withAttribute: "role", "radio").map { $0.attributes["aria-checked"] } == ["false", "true"])
        }
    }

    @Test("the menu style is a <select>; a change to a value that is not an option is refused")
    func menuStyle() async throws {
        var driver = try await ControlDriver(LiveSession(changeLog: .discard) { Flavours(style: .select) })
        #expect(try driver.element("data-aid", "picker").tag == "select")
        try await driver.send(.change("picker", "2"))
        #expect(try driver.element("data-aid", "choice").textContent == "choice 2")
        #expect(await driver.refuses(.change("picker", "3")))
    }
}
