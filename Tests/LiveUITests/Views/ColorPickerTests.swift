import Testing

@testable import LiveUI

private struct Tint: View {
    @State private var tint = Color(red: 1, green: 0.5, blue: 0)
    var body: some View {
        VStack {
            ColorPicker("Tint", selection: $tint).accessibilityIdentifier("tint")
            Text(tint.cssValue).accessibilityIdentifier("css")
        }
    }
}

@Suite("ColorPicker")
struct ColorPickerTests {
    @Test("a colour input showing the colour as #rrggbb; a change sets the colour; a bad colour is refused")
    func picksColours() async throws {
        var driver = try await ControlDriver(LiveSession(changeLog: .discard) { Tint() })
        let input = try driver.element("aria-label", "Tint")
        #expect(input.attributes["type"] == "color")
        #expect(input.attributes["value"] == "#ff8000")
        try await driver.send(.change("tint", "#00AAFF"))
        #expect(try driver.element("data-aid", "css").textContent == "#00aaff")
        #expect(try driver.element("aria-label", "Tint").attributes["value"] == "#00aaff")
        for bad in ["blue", "#12345", "#1234567", "#gggggg", "rgb(1,2,3)"] {
            #expect(await driver.refuses(.change("tint", bad)), "\(bad)")
        }
    }

    @Test("CSS colours convert to #rrggbb where they can")
    func hex() {
        #expect(ColorText.hex(Color(css: "#0af")) == "#00aaff")
        #expect(ColorText.hex(.blue) == "#007aff")
        #expect(ColorText.hex(Color(red: 0, green: 1, blue: 0, opacity: 0.5)) == "#00ff00")
        #expect(ColorText.hex(Color(css: "rebeccapurple")) == nil)
    }
}
