import Foundation

/// The outline of a 2-D shape, as SwiftUI's `Path`: subpaths of lines and Bézier curves, built with
/// `move(to:)`, `addLine(to:)`, `addArc(…)`, `addCurve(…)` … and drawn as an SVG `<path d="…">`.
///
/// ```swift
/// Path { path in
///     path.move(to: CGPoint(x: 0, y: 0))
///     path.addLine(to: CGPoint(x: 100, y: 50))
/// }
/// .stroke(.blue, lineWidth: 2)
/// ```
public struct Path: Equatable, Sendable {
    /// One step of a path.
    public enum Element: Equatable, Sendable {
        /// Starts a new subpath at a point.
        case move(to: CGPoint)
        /// A straight line to a point.
        case line(to: CGPoint)
        /// A quadratic Bézier curve to a point.
        case quadCurve(to: CGPoint, control: CGPoint)
        /// A cubic Bézier curve to a point.
        case curve(to: CGPoint, control1: CGPoint, control2: CGPoint)
        /// A line back to the subpath's start, closing it.
        case closeSubpath
    }

    /// The steps, in order.
    private(set) var elements: [Element] = []
    /// Where the current subpath started (for `closeSubpath`).
    private var subpathStart: CGPoint?

    /// An empty path.
    public init() {}
    /// The outline of `rect`.
    public init(_ rect: CGRect) { addRect(rect) }
    /// The outline of a rounded rectangle.
    public init(roundedRect rect: CGRect, cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {
        addRoundedRect(in: rect, cornerSize: CGSize(width: cornerRadius, height: cornerRadius), style: style)
    }
    /// The outline of a rounded rectangle.
    public init(roundedRect rect: CGRect, cornerSize: CGSize, style: RoundedCornerStyle = .continuous) {
        addRoundedRect(in: rect, cornerSize: cornerSize, style: style)
    }
    /// The ellipse inscribed in `rect`.
    public init(ellipseIn rect: CGRect) { addEllipse(in: rect) }
    /// The path `callback` builds.
    public init(_ callback: (inout Path) -> Void) { callback(&self) }

    /// Whether the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }
    /// The last point, if any.
    public var currentPoint: CGPoint? {
        switch elements.last {
        case .move(let p), .line(let p), .quadCurve(let p, _), .curve(let p, _, _): return p
        case .closeSubpath: return subpathStart
        case nil: return nil
        }
    }

    /// Calls `body` with each element, in order.
    public func forEach(_ body: (Element) -> Void) { elements.forEach(body) }

    /// The smallest rectangle holding every point of the path, control points included.
    public var boundingRect: CGRect {
        var points: [CGPoint] = []
        for element in elements {
            switch element {
            case .move(let p), .line(let p): points.append(p)
            case .quadCurve(let p, let c): points += [p, c]
            case .curve(let p, let c1, let c2): points += [p, c1, c2]
            case .closeSubpath: break
            }
        }
        guard let first = points.first else { return .null }
        var (minX, minY, maxX, maxY) = (first.x, first.y, first.x, first.y)
        for p in points {
            (minX, maxX, minY, maxY) = (min(minX, p.x), max(maxX, p.x), min(minY, p.y), max(maxY, p.y))
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    // MARK: Building

    /// Starts a new subpath at `end`.
    public mutating func move(to end: CGPoint) {
        elements.append(.move(to: end))
        subpathStart = end
    }

    /// A straight line from the current point to `end` (a move if there is no current point).
    public mutating func addLine(to end: CGPoint) {
        guard startSubpathIfNeeded(at: end) else { return }
        elements.append(.line(to: end))
    }

    /// Lines through `points`, starting a new subpath at the first.
    public mutating func addLines(_ points: [CGPoint]) {
        guard let first = points.first else { return }
        move(to: first)
        for point in points.dropFirst() { addLine(to: point) }
    }

    /// A quadratic Bézier curve from the current point to `end`.
    public mutating func addQuadCurve(to end: CGPoint, control: CGPoint) {
        guard startSubpathIfNeeded(at: end) else { return }
        elements.append(.quadCurve(to: end, control: control))
    }

    /// A cubic Bézier curve from the current point to `end`.
    public mutating func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        guard startSubpathIfNeeded(at: end) else { return }
        elements.append(.curve(to: end, control1: control1, control2: control2))
    }

    /// Closes the current subpath with a line back to its start.
    public mutating func closeSubpath() {
        guard let last = elements.last, last != .closeSubpath else { return }
        elements.append(.closeSubpath)
    }

    /// A closed subpath around `rect`, clockwise on screen from its top-left corner.
    public mutating func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        move(to: CGPoint(x: r.minX, y: r.minY).applying(transform))
        addLine(to: CGPoint(x: r.maxX, y: r.minY).applying(transform))
        addLine(to: CGPoint(x: r.maxX, y: r.maxY).applying(transform))
        addLine(to: CGPoint(x: r.minX, y: r.maxY).applying(transform))
        closeSubpath()
    }

    /// A closed subpath around each rectangle.
    public mutating func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        for rect in rects { addRect(rect, transform: transform) }
    }

    /// The ellipse inscribed in `rect`, as four cubic curves clockwise on screen from its rightmost point
    /// (so that `trim(from: 0, to: 0.25)` is the arc from 3 to 6 o'clock, as in SwiftUI).
    public mutating func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        let r = rect.standardized
        let (cx, cy, rx, ry) = (r.midX, r.midY, r.width / 2, r.height / 2)
        let k: CGFloat = 0.5522847498307936  // 4/3·tan(π/8): a quarter circle as one cubic
        let points: [(CGPoint, CGPoint, CGPoint)] = [
            (CGPoint(x: cx + rx, y: cy + k * ry), CGPoint(x: cx + k * rx, y: cy + ry), CGPoint(x: cx, y: cy + ry)),
            (CGPoint(x: cx - k * rx, y: cy + ry), CGPoint(x: cx - rx, y: cy + k * ry), CGPoint(x: cx - rx, y: cy)),
            (CGPoint(x: cx - rx, y: cy - k * ry), CGPoint(x: cx - k * rx, y: cy - ry), CGPoint(x: cx, y: cy - ry)),
            (CGPoint(x: cx + k * rx, y: cy - ry), CGPoint(x: cx + rx, y: cy - k * ry), CGPoint(x: cx + rx, y: cy)),
        ]
        move(to: CGPoint(x: cx + rx, y: cy).applying(transform))
        for (c1, c2, end) in points {
            addCurve(to: end.applying(transform), control1: c1.applying(transform), control2: c2.applying(transform))
        }
        closeSubpath()
    }

    /// A rounded rectangle, clockwise on screen from the end of its top-left corner. Corners are circular
    /// arcs for both styles (the web has no continuous-curvature corner).
    public mutating func addRoundedRect(
        in rect: CGRect, cornerSize: CGSize, style: RoundedCornerStyle = .continuous, transform: CGAffineTransform = .identity
    ) {
        let r = rect.standardized
        var (rx, ry) = (max(cornerSize.width, 0), max(cornerSize.height, 0))
        guard rx > 0, ry > 0 else { return addRect(r, transform: transform) }
        // Radii too large for the rectangle shrink together, keeping their ratio (a capsule, not a lens).
        let fit = min(1, r.width / 2 / rx, r.height / 2 / ry)
        (rx, ry) = (rx * fit, ry * fit)
        let k: CGFloat = 0.5522847498307936
        func p(_ x: CGFloat, _ y: CGFloat) -> CGPoint { CGPoint(x: x, y: y).applying(transform) }
        func side(to x: CGFloat, _ y: CGFloat) { if currentPoint != p(x, y) { addLine(to: p(x, y)) } }
        move(to: p(r.minX + rx, r.minY))
        side(to: r.maxX - rx, r.minY)
        addCurve(to: p(r.maxX, r.minY + ry), control1: p(r.maxX - rx + k * rx, r.minY), control2: p(r.maxX, r.minY + ry - k * ry))
        side(to: r.maxX, r.maxY - ry)
        addCurve(to: p(r.maxX - rx, r.maxY), control1: p(r.maxX, r.maxY - ry + k * ry), control2: p(r.maxX - rx + k * rx, r.maxY))
        side(to: r.minX + rx, r.maxY)
        addCurve(to: p(r.minX, r.maxY - ry), control1: p(r.minX + rx - k * rx, r.maxY), control2: p(r.minX, r.maxY - ry + k * ry))
        side(to: r.minX, r.minY + ry)
        addCurve(to: p(r.minX + rx, r.minY), control1: p(r.minX, r.minY + ry - k * ry), control2: p(r.minX + rx - k * rx, r.minY))
        closeSubpath()
    }

    /// Every element of `path`, transformed, appended to this path.
    public mutating func addPath(_ path: Path, transform: CGAffineTransform = .identity) {
        for element in path.applying(transform).elements { append(element) }
    }

    /// This path with every point transformed by `transform`.
    public func applying(_ transform: CGAffineTransform) -> Path {
        guard !transform.isIdentity else { return self }
        var result = Path()
        for element in elements {
            switch element {
            case .move(let p): result.move(to: p.applying(transform))
            case .line(let p): result.addLine(to: p.applying(transform))
            case .quadCurve(let p, let c): result.addQuadCurve(to: p.applying(transform), control: c.applying(transform))
            case .curve(let p, let c1, let c2):
                result.addCurve(to: p.applying(transform), control1: c1.applying(transform), control2: c2.applying(transform))
            case .closeSubpath: result.closeSubpath()
            }
        }
        return result
    }

    /// This path moved by (`dx`, `dy`).
    public func offsetBy(dx: CGFloat, dy: CGFloat) -> Path { applying(CGAffineTransform(translationX: dx, y: dy)) }

    /// Appends `element` as the builder methods would.
    mutating func append(_ element: Element) {
        switch element {
        case .move(let p): move(to: p)
        case .line(let p): addLine(to: p)
        case .quadCurve(let p, let c): addQuadCurve(to: p, control: c)
        case .curve(let p, let c1, let c2): addCurve(to: p, control1: c1, control2: c2)
        case .closeSubpath: closeSubpath()
        }
    }

    /// Starts a subpath at `point` when there is no current point (as CoreGraphics does); `false` if it did,
    /// so that the caller adds nothing more.
    private mutating func startSubpathIfNeeded(at point: CGPoint) -> Bool {
        guard elements.isEmpty else {
            if elements.last == .closeSubpath, let start = subpathStart { elements.append(.move(to: start)) }
            return true
        }
        move(to: point)
        return false
    }
}

/// The shape of a rounded rectangle's corners, as SwiftUI's `RoundedCornerStyle`.
public enum RoundedCornerStyle: Hashable, Sendable {
    /// Quarter circles.
    case circular
    /// Continuous curvature on Apple platforms; drawn as quarter circles on the web.
    case continuous
}
