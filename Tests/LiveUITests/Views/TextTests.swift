import Foundation
import Testing

@testable import LiveUI

private struct Styled: View {
    @State private var bold = true
    var body: some View {
        VStack {
            (Text("Hello ").bold(bold) + Text("world").italic().foregroundColor(.red) + Text("!"))
                .accessibilityIdentifier("joined")
            Text("one").underline().strikethrough(color: .blue).font(.headline).accessibilityIdentifier("one")
            Text("plain") + Text(" text")
            Button("Toggle") { bold.toggle() }.accessibilityIdentifier("toggle")
        }
    }
}

@Suite("Text")
struct TextTests {
    @Test("+ joins texts, each run keeping its style; a styled single text styles its own span")
    func concatenation() async throws {
        var driver = try await ControlDriver(LiveSession(changeLog: .discard) { Styled() })
        let joined = try driver.element("data-aid", "joined")
        #expect(joined.textContent == "Hello world!")
        #expect(joined.elementChildren.map { $0.attributes["style"] ?? "" } == ["font-weight:700", "font-style:italic;color:#ff3b30", ""])
        let one = try driver.element("data-aid", "one")
        #expect(one.elementChildren.isEmpty)
        #expect(one.attributes["class"] == "lui-text lui-font-headline")
        #expect(one.attributes["style"] == "text-decoration-line:underline line-through;text-decoration-color:#007aff")
        #expect(driver.tree.allElements.contains { $0.tag == "span" && $0.textContent == "plain text" && $0.elementChildren.isEmpty })
        try await driver.send(.click("toggle"))
        #expect(try driver.element("data-aid", "joined").elementChildren.first?.attributes["style"] == nil)
    }

    @Test("Text-returning modifiers keep the type Text, so that styled texts join")
    func modifiersReturnText() {
        let text: Text = Text("a").bold().italic().fontWeight(.semibold).monospaced().kerning(1).tracking(2)
            .foregroundStyle(.secondary).font(.caption).underline(false)
        #expect(text.content == "a")
        let joined: Text = Text("x").bold() + Text("y").strikethrough()
        #expect(joined.runs?.count == 2)
        #expect(Text("a").bold(false) == Text("a"))
    }

    @Test("Text(_:format:) formats with Foundation")
    func formats() {
        #expect(Text(1234.5, format: .number).content == 1234.5.formatted(.number))
        #expect(Text(0.25, format: .percent).content == "25%")
        #expect(Text(12.5, format: .currency(code: "EUR")).content == 12.5.formatted(.currency(code: "EUR")))
        let date = Date(timeIntervalSince1970: 0)
        #expect(Text(date, format: .iso8601).content == "1970-01-01T00:00:00Z")
    }

    @Test("Text(_:style:) shows a date, a time, a duration, an offset or a timer")
    func dateStyles() {
        let now = Date(timeIntervalSince1970: 1_000_000)
        let later = now.addingTimeInterval(2 * 3600 + 10 * 60 + 5)
        #expect(Text.DateStyle.relative.format(later, now: now) == "2 hr, 10 min")
        #expect(Text.DateStyle.offset.format(later, now: now) == "+2 hours")
        #expect(Text.DateStyle.offset.format(now.addingTimeInterval(-180), now: now) == "-3 minutes")
        #expect(Text.DateStyle.timer.format(later, now: now) == "2:10:05")
        #expect(Text.DateStyle.timer.format(now.addingTimeInterval(-65), now: now) == "1:05")
        #expect(Text.DateStyle.date.format(now, now: now) == now.formatted(date: .long, time: .omitted))
        #expect(Text.DateStyle.time.format(now, now: now) == now.formatted(date: .omitted, time: .shortened))
        #expect(!Text(now, style: .date).content.isEmpty)
    }
}
