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

    @Test("every row of a List is a listitem, whether its element has attributes of its own or not")
    func listRowsAreListItems() async {
        let session = LiveSession(changeLog: .discard) { ListRows(rows: [1, 2, 3]) }
        let html = await session.html()
        #expect(html.contains("role=\"list\""))
        // The stacks have no attribute of their own; the buttons have `type` and their identifier.
        for n in 1...3 {
            #expect(html.contains("role=\"listitem\" class=\"lui-hstack\"><span"), "stack row \(n)")
            #expect(html.contains("type=\"button\" role=\"listitem\" data-aid=\"button-\(n)\""), "button row \(n)")
        }
        #expect(html.components(separatedBy: "role=\"listitem\"").count - 1 == 6)
        // A row added later is a listitem too; the rows before it keep their attributes.
        let update = try? await session.send(.click("add"))
        let after = await session.html()
        #expect(update?.patches.isEmpty == false)
        #expect(after.components(separatedBy: "role=\"listitem\"").count - 1 == 8)
        #expect(after.contains("type=\"button\" role=\"listitem\" data-aid=\"button-4\""))
    }
}

/// A list with two kinds of row: a stack (no attribute of its own) and a button (attributes of its own).
private struct ListRows: View {
    @State var rows: [Int]
    var body: some View {
        VStack {
            Button("Add") { rows.append(rows.count + 1) }.accessibilityIdentifier("add")
            List(rows, id: \.self) { n in
                HStack { Text("Row \(n)") }
                Button("Button \(n)") {}.accessibilityIdentifier("button-\(n)")
            }
        }
    }
}
