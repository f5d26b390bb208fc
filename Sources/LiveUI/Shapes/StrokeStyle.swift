/// The end of a stroked line, as CoreGraphics' `CGLineCap` (SVG's `stroke-linecap`).
public enum CGLineCap: Int32, Hashable, Sendable {
    case butt, round, square
    var css: String {
        switch self {
        case .butt: "butt"
        case .round: "round"
        case .square: "square"
        }
    }
}

/// The corner where stroked lines meet, as CoreGraphics' `CGLineJoin` (SVG's `stroke-linejoin`).
public enum CGLineJoin: Int32, Hashable, Sendable {
    case miter, round, bevel
    var css: String {
        switch self {
        case .miter: "miter"
        case .round: "round"
        case .bevel: "bevel"
        }
    }
}

/// How a shape's outline is drawn, as SwiftUI's `StrokeStyle`.
public struct StrokeStyle: Hashable, Sendable {
    /// The width of the line.
    public var lineWidth: CGFloat
    /// The ends of open subpaths.
    public var lineCap: CGLineCap
    /// The corners.
    public var lineJoin: CGLineJoin
    /// The limit on a mitred corner's length, in line widths.
    public var miterLimit: CGFloat
    /// Lengths of dashes and gaps, alternating; empty for a solid line.
    public var dash: [CGFloat]
    /// How far into the dash pattern the line starts.
    public var dashPhase: CGFloat

    /// A stroke style; every parameter has SwiftUI's default.
    public init(
        lineWidth: CGFloat = 1, lineCap: CGLineCap = .butt, lineJoin: CGLineJoin = .miter, miterLimit: CGFloat = 10,
        dash: [CGFloat] = [CGFloat](), dashPhase: CGFloat = 0
    ) {
        self.lineWidth = lineWidth
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
        self.dash = dash
        self.dashPhase = dashPhase
    }

    /// Writes the SVG stroke properties onto a path element.
    func apply(to element: inout ElementSpec) {
        element.style("stroke-width", Path.svgNumber(lineWidth))
        if lineCap != .butt { element.style("stroke-linecap", lineCap.css) }
        if lineJoin != .miter { element.style("stroke-linejoin", lineJoin.css) }
        if lineJoin == .miter, miterLimit != 4 { element.style("stroke-miterlimit", Path.svgNumber(miterLimit)) }
        if !dash.isEmpty { element.style("stroke-dasharray", dash.map { Path.svgNumber($0) }.joined(separator: " ")) }
        if dashPhase != 0 { element.style("stroke-dashoffset", Path.svgNumber(dashPhase)) }
    }
}

/// How a shape's inside is found, as SwiftUI's `FillStyle`.
public struct FillStyle: Hashable, Sendable {
    /// Whether the even-odd rule decides what is inside (otherwise the non-zero winding rule).
    public var isEOFilled: Bool
    /// Whether edges are antialiased (browsers always antialias).
    public var isAntialiased: Bool
    /// A fill style.
    public init(eoFill: Bool = false, antialiased: Bool = true) {
        isEOFilled = eoFill
        isAntialiased = antialiased
    }
}

/// The foreground style of the environment (`foregroundStyle`, `foregroundColor`), as SwiftUI's
/// `ForegroundStyle`: on the web, CSS `currentColor`.
public struct ForegroundStyle: ShapeStyle, Hashable, Sendable {
    /// The foreground style.
    public init() {}
    /// `currentColor`.
    public var cssValue: String { "currentColor" }
}

extension ShapeStyle where Self == ForegroundStyle {
    /// The foreground style of the environment.
    public static var foreground: ForegroundStyle { ForegroundStyle() }
}
