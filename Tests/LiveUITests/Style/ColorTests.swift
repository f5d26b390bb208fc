import Testing

@testable import LiveUI

@Suite("Color(css:)")
struct ColorTests {
    private struct Swatch: View {
        var body: some View { Color(css: "red; position: fixed") }
    }

    @Test("ordinary CSS colour values are kept as written")
    func kept() {
        for value in ["#ff8800", "rgb(1 2 3 / 50%)", "rebeccapurple", "var(--lui-accent, #007aff)", "hsl(120deg 50% 50%)"] {
            #expect(Color(css: value).cssValue == value)
        }
    }

    @Test("a value that could add declarations or leave the attribute is transparent, with a warning")
    func rejected() async {
        let values = [
            "red; background-image: url(https://evil.example/x)", "red}body{display:none", "red\"", "red'", "red\\3b",
            "red\nposition: fixed", "red /* rest", "red<", String(repeating: "a", count: 2000),
        ]
        for value in values { #expect(Color(css: value).cssValue == "transparent", "\(value.prefix(40))") }
        let log = LogRecorder()
        let html = await LiveSession(changeLog: log.changeLog) { Swatch() }.html()
        #expect(html.contains("transparent") && !html.contains("position"), "\(html)")
        #expect(log.all.contains { $0.contains("Color(css:") }, "\(log.all)")
    }
}
