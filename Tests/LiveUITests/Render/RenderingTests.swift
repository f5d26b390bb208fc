import Foundation
import Testing

@testable import LiveUI

private struct Gallery: View {
    @State private var text = "a\"b<c>&'d"
    @State private var on = true
    @State private var level = 0.5
    var body: some View {
        NavigationStack {
            VStack(alignment: .leading, spacing: 8) {
                Text("<script>alert('x')</script> & more")
                TextField("Name", text: $text)
                SecureField("Password", text: $text)
                Toggle("Power", isOn: $on)
                Slider(value: $level, in: 0...10, step: 0.5)
                ProgressView(value: 0.3)
                Image(systemName: "star.fill")
                Link("Docs", destination: URL(string: "https://example.com/?a=1&b=2")!)
                Label("Settings", systemImage: "gear")
                HStack { Spacer(); Divider() }
                ZStack { Color.red; Text("on top") }
                Form { Section("General") { Text("row") } }
                Text("styled").padding().foregroundStyle(.blue).font(.title).opacity(0.5).cornerRadius(4)
                Text("escape hatch").htmlAttribute("title", "t\"x").htmlClass("custom").htmlAttribute("onclick", "evil()")
                Text("layered").background { Color.yellow }.overlay { Text("badge") }
            }
            .navigationTitle("Gallery")
        }
    }
}

@Suite("HTML rendering")
struct RenderingTests {
    @Test("text and attribute values are always escaped")
    func escaping() async {
        let html = await LiveSession(changeLog: .discard) { Gallery() }.html()
        #expect(html.contains("&lt;script&gt;alert('x')&lt;/script&gt; &amp; more"))
        #expect(!html.contains("<script>"))
        #expect(html.contains("value=\"a&quot;b&lt;c&gt;&amp;&#39;d\""))
        #expect(html.contains("href=\"https://example.com/?a=1&amp;b=2\""))
        #expect(html.contains("title=\"t&quot;x\""))
        #expect(!html.contains("onclick"))
    }

    @Test("primitives render semantic elements with lids and events")
    func semanticElements() async {
        let html = await LiveSession(changeLog: .discard) { Gallery() }.html()
        #expect(html.hasPrefix("<div data-lid=\"root\" class=\"lui-root\">"))
        #expect(html.contains("<input data-lid=") && html.contains("type=\"text\" aria-label=\"Name\""))
        #expect(html.contains("type=\"password\""))
        #expect(!html.contains("type=\"password\" aria-label=\"Password\" placeholder=\"Password\" value=\"a"))
        #expect(html.contains("role=\"switch\" checked=\"\""))
        #expect(html.contains("type=\"range\" min=\"0\" max=\"10\" step=\"0.5\" value=\"0.5\""))
        #expect(html.contains("<progress"))
        #expect(html.contains("class=\"lui-symbol\">★</span>"))
        #expect(html.contains("<hr"))
        #expect(html.contains("<section"))
        #expect(html.contains("<h1 data-lid=") && html.contains(">Gallery</h1>"))
        // Outer modifiers first, inner ones last (the innermost wins where they overlap, as in SwiftUI).
        #expect(html.contains("class=\"lui-text lui-font-title\" style=\"border-radius:4px;overflow:hidden;opacity:0.5;color:#007aff;padding:16px\""))
        #expect(html.contains("lui-font-title"))
        #expect(html.contains("class=\"lui-text custom\""))
        #expect(html.contains("lui-layer-back") && html.contains("lui-layer-front"))
        #expect(html.contains("data-on=\"input submit\""))
        #expect(html.contains("style=\"align-items:flex-start;gap:8px\""))
    }

    @Test("every data-lid is unique")
    func uniqueLids() async {
        let html = await LiveSession(changeLog: .discard) { Gallery() }.html()
        let lids = html.components(separatedBy: "data-lid=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(lids.count > 30)
        #expect(Set(lids).count == lids.count)
    }

    @Test("escaping helpers")
    func helpers() {
        #expect(escapedText("a<b>&c") == "a&lt;b&gt;&amp;c")
        var out = ""
        escapeAttribute("\"'<>&", into: &out)
        #expect(out == "&quot;&#39;&lt;&gt;&amp;")
        #expect(JSONString("a\"\\\n\u{1}") == "\"a\\\"\\\\\\n\\u0001\"")
    }
}
