import Foundation

/// Something that can fill or colour text: a ``Color`` or a hierarchical style such as `.secondary`.
public protocol ShapeStyle {
    /// The CSS value.
    var cssValue: String { get }
}

/// A colour; as a view it fills the space it is given.
nonisolated public struct Color: ShapeStyle, Hashable, Sendable, ElementView {
    /// The CSS value.
    public let cssValue: String

    /// A colour from a CSS value (`"#ff8800"`, `"rgb(1 2 3)"`, `"rebeccapurple"`). A value that could end
    /// the declaration it is written into or start another (``isSafeCSSValue(_:)``) is replaced by
    /// `transparent`, with a warning on the current graph's change log (standard error outside one).
    public init(css: String) {
        guard Self.isSafeCSSValue(css) else {
            let warning =
                "LiveUI warning: Color(css: \(JSONString(String(css.prefix(64))))) could add CSS declarations "
                + "(it contains ; { } quotes \\ < > /* or a control character); the colour is transparent"
            if let graph = ThreadContext.current.graph {
                graph.changeLog.write(warning)
            } else {
                FileHandle.standardError.write(Data((warning + "\n").utf8))
            }
            cssValue = "transparent"
            return
        }
        cssValue = css
    }

    /// Whether `value` stays one CSS value inside a `style` attribute: none of `;` `{` `}` `"` `'` `\` `<`
    /// `>`, no comment opener `/*`, no control character, and at most 1,024 bytes.
    static func isSafeCSSValue(_ value: String) -> Bool {
        var previous: UInt8 = 0
        var count = 0
        for byte in value.utf8 {
            count += 1
            switch byte {
            case 0..<0x20, 0x7F, UInt8(ascii: ";"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "\""),
                UInt8(ascii: "'"), UInt8(ascii: "\\"), UInt8(ascii: "<"), UInt8(ascii: ">"):
                return false
            case UInt8(ascii: "*") where previous == UInt8(ascii: "/"):
                return false
            default:
                previous = byte
            }
        }
        return count <= 1024
    }

    /// The colour called `name` in ``AssetCatalog/current`` (the app's palette), as SwiftUI's `Color("name")`
    /// reads an asset catalog; magenta, logged once, for a name the palette does not hold.
    public init(_ name: String, bundle: Bundle? = nil) { cssValue = AssetCatalog.color(named: name) }

    /// A colour from components in 0…1.
    public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        func c(_ v: Double) -> Int { Int((min(max(v, 0), 1) * 255).rounded()) }
        cssValue = "rgba(\(c(red)),\(c(green)),\(c(blue)),\(formatNumber(min(max(opacity, 0), 1))))"
    }

    /// A grey from white 0…1.
    public init(white: Double, opacity: Double = 1) { self.init(red: white, green: white, blue: white, opacity: opacity) }

    /// This colour with `opacity`.
    public func opacity(_ opacity: Double) -> Color {
        Color(css: "color-mix(in srgb, \(cssValue) \(formatNumber(min(max(opacity, 0), 1) * 100))%, transparent)")
    }

    public static let red = Color(css: "#ff3b30")
    public static let orange = Color(css: "#ff9500")
    public static let yellow = Color(css: "#ffcc00")
    public static let green = Color(css: "#34c759")
    public static let mint = Color(css: "#00c7be")
    public static let teal = Color(css: "#30b0c7")
    public static let cyan = Color(css: "#32ade6")
    public static let blue = Color(css: "#007aff")
    public static let indigo = Color(css: "#5856d6")
    public static let purple = Color(css: "#af52de")
    public static let pink = Color(css: "#ff2d55")
    public static let brown = Color(css: "#a2845e")
    public static let gray = Color(css: "#8e8e93")
    public static let black = Color(css: "#000000")
    public static let white = Color(css: "#ffffff")
    public static let clear = Color(css: "transparent")
    public static let primary = Color(css: "var(--lui-primary, #1d1d1f)")
    public static let secondary = Color(css: "var(--lui-secondary, #6e6e73)")
    public static let accentColor = Color(css: "var(--lui-accent, #007aff)")

    package func makeContent(_ node: GraphNode) -> NodeContent {
        var spec = ElementSpec("div", classes: ["lui-color"], content: .children([]))
        spec.style("background", cssValue)
        return .element(spec)
    }
}

extension ShapeStyle where Self == Color {
    public static var red: Color { .red }
    public static var orange: Color { .orange }
    public static var yellow: Color { .yellow }
    public static var green: Color { .green }
    public static var blue: Color { .blue }
    public static var purple: Color { .purple }
    public static var pink: Color { .pink }
    public static var gray: Color { .gray }
    public static var black: Color { .black }
    public static var white: Color { .white }
    public static var clear: Color { .clear }
    public static var primary: Color { .primary }
    public static var secondary: Color { .secondary }
    public static var tint: Color { .accentColor }
}

/// A text style: `.largeTitle`, `.title`, `.headline`, `.body` … or an explicit size.
public struct Font: Hashable, Sendable {
    let className: String?
    var size: CGFloat?
    var weight: Weight?
    var design: String?
    var isItalic = false

    /// Font weights.
    public enum Weight: String, Hashable, Sendable {
        case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black
        var css: String {
            switch self {
            case .ultraLight: "100"
            case .thin: "200"
            case .light: "300"
            case .regular: "400"
            case .medium: "500"
            case .semibold: "600"
            case .bold: "700"
            case .heavy: "800"
            case .black: "900"
            }
        }
    }

    /// Font designs.
    public enum Design: String, Hashable, Sendable { case `default`, serif, rounded, monospaced }

    init(className: String?, size: CGFloat? = nil, weight: Weight? = nil) {
        self.className = className
        self.size = size
        self.weight = weight
    }

    public static let largeTitle = Font(className: "largeTitle")
    public static let title = Font(className: "title")
    public static let title2 = Font(className: "title2")
    public static let title3 = Font(className: "title3")
    public static let headline = Font(className: "headline")
    public static let subheadline = Font(className: "subheadline")
    public static let body = Font(className: "body")
    public static let callout = Font(className: "callout")
    public static let footnote = Font(className: "footnote")
    public static let caption = Font(className: "caption")
    public static let caption2 = Font(className: "caption2")

    /// A font of an explicit size.
    public static func system(size: CGFloat, weight: Weight = .regular, design: Design = .default) -> Font {
        var font = Font(className: nil, size: size, weight: weight)
        if design != .default { font.design = design.rawValue }
        return font
    }

    /// This font with another weight.
    public func weight(_ weight: Weight) -> Font {
        var font = self
        font.weight = weight
        return font
    }

    /// This font, bold.
    public func bold() -> Font { weight(.bold) }
    /// This font, italic.
    public func italic() -> Font {
        var font = self
        font.isItalic = true
        return font
    }
    /// This font, monospaced.
    public func monospaced() -> Font {
        var font = self
        font.design = Design.monospaced.rawValue
        return font
    }

    func apply(to element: inout ElementSpec) {
        if let className { element.addClass("lui-font-\(className)") }
        if let size { element.style("font-size", px(size)) }
        if let weight { element.style("font-weight", weight.css) }
        if isItalic { element.style("font-style", "italic") }
        if let design, let family = Design(rawValue: design).flatMap(Font.family(for:)) {
            element.style("font-family", family)
        }
    }

    /// The CSS `font-family` of a design; `nil` for the default.
    static func family(for design: Design) -> String? {
        switch design {
        case .monospaced: "ui-monospace,monospace"
        case .serif: "ui-serif,serif"
        case .rounded: "ui-rounded,system-ui,sans-serif"
        case .default: nil
        }
    }
}
