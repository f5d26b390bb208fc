import Testing

@testable import LiveUI

private func render<V: View>(_ view: V) async -> String {
    await LiveSession(changeLog: .discard) { view }.html()
}

@Suite("Modifiers SwiftUI apps use on lists and progress views")
struct PortedModifiersTests {
    @Test("tint colours the controls below (accent-color) and Color.accentColor within them; nil sets nothing")
    func tint() async {
        let red = Color(red: 1, green: 0, blue: 0)
        let html = await render(ProgressView(value: 0.5).tint(red))
        #expect(html.contains("accent-color:\(red.cssValue)"))
        #expect(html.contains("--lui-accent:\(red.cssValue)"))
        let untinted = await render(ProgressView(value: 0.5).tint(nil))
        let plain = await render(ProgressView(value: 0.5))
        #expect(!untinted.contains("accent-color") && untinted == plain)
    }

    @Test("listRowBackground layers its view behind the row's content; nil layers nothing")
    func rowBackground() async {
        let html = await render(List { Text("Row").listRowBackground(Color.yellow) })
        #expect(html.contains("lui-layer-back"))
        #expect(html.contains(Color.yellow.cssValue))
        let plain = await render(List { Text("Row").listRowBackground(Color?.none) })
        #expect(!plain.contains(Color.yellow.cssValue))
    }
}
