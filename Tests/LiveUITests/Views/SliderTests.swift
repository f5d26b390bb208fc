import Testing

@testable import LiveUI

@Suite("Slider")
struct SliderTests {
    @Test("a Text label given as a view names the slider (aria-label) and is not shown; the step is kept")
    func viewLabel() async {
        struct Length: View {
            @State var minutes = 5.0
            var body: some View {
                Slider(value: $minutes, in: 5...30, step: 1) { Text("Length") }
            }
        }
        let html = await LiveSession(changeLog: .discard) { Length() }.html()
        #expect(html.contains("aria-label=\"Length\""))
        #expect(html.contains("step=\"1\"") && html.contains("min=\"5\"") && html.contains("max=\"30\""))
        #expect(!html.contains(">Length<"))
    }
}
