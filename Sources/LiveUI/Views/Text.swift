import Foundation

/// A run of text: `<span class="lui-text">`, escaped.
///
/// Text-returning modifiers (`bold()`, `italic()`, `font(_:)`, `foregroundColor(_:)` …) style the text
/// itself, so that styled texts join with `+`: `Text("a").bold() + Text("b")` is one
/// `<span class="lui-text">` holding a `<span>` per styled run.
public struct Text: ElementView, Equatable {
    /// The whole text, every run's text joined.
    let content: String
    /// The runs and their styles; `nil` for one run without style (most texts).
    let runs: [TextRun]?

    /// Text showing `content`.
    public init<S: StringProtocol>(_ content: S) {
        self.content = String(content)
        runs = nil
    }

    /// Text showing `content` exactly.
    public init(verbatim content: String) {
        self.content = content
        runs = nil
    }

    /// Text showing an image's symbol inline (`Text(Image(systemName: "star"))`).
    public init(_ image: Image) {
        content = image.isSymbol ? Image.glyph(for: image.name) : image.name
        runs = nil
    }

    init(content: String, runs: [TextRun]?) {
        self.content = content
        // Runs without style render as the plain text.
        self.runs = runs.flatMap { $0.allSatisfy(\.style.isEmpty) ? nil : $0 }
    }

    package func makeContent(_ node: GraphNode) -> NodeContent {
        // The shared description copied once, into the content, and given its text there.
        var made = NodeContent.element(Self.element)
        guard let runs else {
            made.element?.content = .text(content)
            return made
        }
        if runs.count == 1 {
            runs[0].style.apply(to: &made.element!)
            made.element?.content = .text(content)
            return made
        }
        made.element?.content = .children(
            runs.enumerated().map { index, run in
                var span = ElementSpec("span", content: .text(run.text))
                run.style.apply(to: &span)
                return .element(suffix: "r\(index)", span)
            })
        return made
    }

    /// `<span class="lui-text">`, made once (an immutable value): each text shares its tag and class.
    nonisolated(unsafe) private static let element = ElementSpec("span", classes: ["lui-text"], content: .void)

    /// The text's runs, a plain text as one run without style.
    private var allRuns: [TextRun] { runs ?? [TextRun(text: content, style: TextStyle())] }

    /// This text with `change` applied to the style of every run.
    private func styled(_ change: (inout TextStyle) -> Void) -> Text {
        var runs = allRuns
        for index in runs.indices { change(&runs[index].style) }
        return Text(content: content, runs: runs)
    }

    /// Both texts, one after the other, each keeping its style.
    public static func + (lhs: Text, rhs: Text) -> Text {
        if lhs.runs == nil, rhs.runs == nil { return Text(verbatim: lhs.content + rhs.content) }
        return Text(content: lhs.content + rhs.content, runs: lhs.allRuns + rhs.allRuns)
    }
}

/// One piece of a ``Text`` with its style.
struct TextRun: Equatable {
    var text: String
    var style: TextStyle
}

/// The style of a run of text: CSS properties and a font.
struct TextStyle: Equatable {
    /// `name:value` pairs, in the order set; a later one of the same name replaces an earlier one.
    var properties: [String] = []
    var font: Font?

    var isEmpty: Bool { properties.isEmpty && font == nil }

    mutating func set(_ name: String, _ value: String?) {
        properties.removeAll { $0.hasPrefix(name + ":") }
        if let value { properties.append(name + ":" + value) }
    }

    func apply(to element: inout ElementSpec) {
        font?.apply(to: &element)
        for property in properties {
            guard let colon = property.firstIndex(of: ":") else { continue }
            element.style(String(property[..<colon]), String(property[property.index(after: colon)...]))
        }
    }

    /// Adds or removes `line` (`underline`, `line-through`) from `text-decoration-line`.
    mutating func decoration(_ line: String, _ isActive: Bool, color: Color?) {
        let current = properties.first { $0.hasPrefix("text-decoration-line:") }.map { String($0.dropFirst(21)) } ?? ""
        var lines = current.split(separator: " ").map(String.init).filter { $0 != line }
        if isActive { lines.append(line) }
        set("text-decoration-line", lines.isEmpty ? nil : lines.joined(separator: " "))
        if isActive, let color { set("text-decoration-color", color.cssValue) }
    }
}

extension Text {
    /// This text in bold (or not).
    public func bold(_ isActive: Bool = true) -> Text { styled { $0.set("font-weight", isActive ? "700" : nil) } }

    /// This text in italics (or not).
    public func italic(_ isActive: Bool = true) -> Text { styled { $0.set("font-style", isActive ? "italic" : nil) } }

    /// This text with a weight.
    public func fontWeight(_ weight: Font.Weight?) -> Text { styled { $0.set("font-weight", weight?.css) } }

    /// This text in a font.
    public func font(_ font: Font?) -> Text { styled { $0.font = font } }

    /// This text in a colour.
    public func foregroundColor(_ color: Color?) -> Text { styled { $0.set("color", color?.cssValue) } }

    /// This text in a colour or style.
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> Text { styled { $0.set("color", style.cssValue) } }

    /// This text underlined (or not), optionally in a colour.
    public func underline(_ isActive: Bool = true, color: Color? = nil) -> Text {
        styled { $0.decoration("underline", isActive, color: color) }
    }

    /// This text struck through (or not), optionally in a colour.
    public func strikethrough(_ isActive: Bool = true, color: Color? = nil) -> Text {
        styled { $0.decoration("line-through", isActive, color: color) }
    }

    /// This text in a fixed-width font (or not).
    public func monospaced(_ isActive: Bool = true) -> Text {
        styled { $0.set("font-family", isActive ? "ui-monospace,monospace" : nil) }
    }

    /// This text with digits of equal width.
    public func monospacedDigit() -> Text { styled { $0.set("font-variant-numeric", "tabular-nums") } }

    /// This text in a font design.
    public func fontDesign(_ design: Font.Design?) -> Text {
        styled { $0.set("font-family", design.flatMap(Font.family(for:))) }
    }

    /// This text with extra space between characters (points).
    public func kerning(_ kerning: CGFloat) -> Text { styled { $0.set("letter-spacing", px(kerning)) } }

    /// This text with extra space between characters (points).
    public func tracking(_ tracking: CGFloat) -> Text { styled { $0.set("letter-spacing", px(tracking)) } }

    /// This text raised (or lowered, when negative) from the baseline (points).
    public func baselineOffset(_ baselineOffset: CGFloat) -> Text {
        styled {
            $0.set("vertical-align", px(baselineOffset))
            $0.set("display", "inline-block")
        }
    }
}
