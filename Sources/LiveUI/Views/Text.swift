import Foundation

/// A run of text: `<span class="lui-text">`, escaped.
///
/// Text-returning modifiers (`bold()`, `italic()`, `font(_:)`, `foregroundColor(_:)` …) style the text
/// itself, so that styled texts join with `+`: `Text("a").bold() + Text("b")` is one
/// `<span class="lui-text">` holding a `<span>` per styled run.
nonisolated public struct Text: ElementView, Equatable {
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
    private static let element = ElementSpec("span", classes: ["lui-text"], content: .void)

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

/// The style of a run of text: a font and the CSS properties the Text-returning modifiers set, each a
/// field of its own (a style is made in many bodies: no lists to allocate and search).
struct TextStyle: Equatable {
    var font: Font?
    var weight: String?
    var italic: String?
    var color: String?
    var underline = false
    var strikethrough = false
    var decorationColor: String?
    var family: String?
    var numeric: String?
    var letterSpacing: String?
    var verticalAlign: String?

    var isEmpty: Bool { self == TextStyle() }

    func apply(to element: inout ElementSpec) {
        font?.apply(to: &element)
        if let weight { element.style("font-weight", weight) }
        if let italic { element.style("font-style", italic) }
        if let color { element.style("color", color) }
        if underline || strikethrough {
            element.style("text-decoration-line", underline && strikethrough ? "underline line-through" : underline ? "underline" : "line-through")
            if let decorationColor { element.style("text-decoration-color", decorationColor) }
        }
        if let family { element.style("font-family", family) }
        if let numeric { element.style("font-variant-numeric", numeric) }
        if let letterSpacing { element.style("letter-spacing", letterSpacing) }
        if let verticalAlign {
            element.style("vertical-align", verticalAlign)
            element.style("display", "inline-block")
        }
    }
}

extension Text {
    /// This text in bold (or not).
    public func bold(_ isActive: Bool = true) -> Text { styled { $0.weight = isActive ? "700" : nil } }

    /// This text in italics (or not).
    public func italic(_ isActive: Bool = true) -> Text { styled { $0.italic = isActive ? "italic" : nil } }

    /// This text with a weight.
    public func fontWeight(_ weight: Font.Weight?) -> Text { styled { $0.weight = weight?.css } }

    /// This text in a font.
    public func font(_ font: Font?) -> Text { styled { $0.font = font } }

    /// This text in a colour.
    public func foregroundColor(_ color: Color?) -> Text { styled { $0.color = color?.cssValue } }

    /// This text in a colour or style.
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> Text { styled { $0.color = style.cssValue } }

    /// This text underlined (or not), optionally in a colour.
    public func underline(_ isActive: Bool = true, color: Color? = nil) -> Text {
        styled {
            $0.underline = isActive
            if isActive, let color { $0.decorationColor = color.cssValue }
        }
    }

    /// This text struck through (or not), optionally in a colour.
    public func strikethrough(_ isActive: Bool = true, color: Color? = nil) -> Text {
        styled {
            $0.strikethrough = isActive
            if isActive, let color { $0.decorationColor = color.cssValue }
        }
    }

    /// This text in a fixed-width font (or not).
    public func monospaced(_ isActive: Bool = true) -> Text {
        styled { $0.family = isActive ? Font.family(for: .monospaced) : nil }
    }

    /// This text with digits of equal width.
    public func monospacedDigit() -> Text { styled { $0.numeric = "tabular-nums" } }

    /// This text in a font design.
    public func fontDesign(_ design: Font.Design?) -> Text {
        styled { $0.family = design.flatMap(Font.family(for:)) }
    }

    /// This text with extra space between characters (points).
    public func kerning(_ kerning: CGFloat) -> Text { styled { $0.letterSpacing = px(kerning) } }

    /// This text with extra space between characters (points).
    public func tracking(_ tracking: CGFloat) -> Text { styled { $0.letterSpacing = px(tracking) } }

    /// This text raised (or lowered, when negative) from the baseline (points).
    public func baselineOffset(_ baselineOffset: CGFloat) -> Text {
        styled { $0.verticalAlign = px(baselineOffset) }
    }
}
