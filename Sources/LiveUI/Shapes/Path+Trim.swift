import Foundation

extension Path {
    /// The part of this path between the fractions `from` and `to` of its length (0…1), as SwiftUI's
    /// `trimmedPath(from:to:)`: empty when `from >= to`, the whole path for 0…1.
    public func trimmedPath(from: CGFloat, to: CGFloat) -> Path {
        let (start, end) = (min(max(from, 0), 1), min(max(to, 0), 1))
        if start <= 0 && end >= 1 { return self }
        guard start < end else { return Path() }
        let segments = Segment.all(of: self)
        let total = segments.reduce(0) { $0 + $1.length }
        guard total > 0 else { return Path() }
        let (a, b) = (Double(start) * total, Double(end) * total)
        var result = Path()
        var offset = 0.0
        // Slivers thinner than this are rounding at a segment's end, not part of the trimmed path.
        let tolerance = total * 1e-9
        for segment in segments {
            defer { offset += segment.length }
            let (lo, hi) = (max(a, offset), min(b, offset + segment.length))
            guard hi - lo > tolerance else { continue }
            let part = segment.cubic.split(from: segment.parameter(at: lo - offset), to: segment.parameter(at: hi - offset))
            if result.currentPoint.map({ !$0.isClose(to: part.p0) }) ?? true { result.move(to: part.p0) }
            if segment.isLine {
                result.addLine(to: part.p3)
            } else {
                result.addCurve(to: part.p3, control1: part.p1, control2: part.p2)
            }
        }
        return result
    }
}

extension CGPoint {
    fileprivate func isClose(to other: CGPoint) -> Bool { abs(x - other.x) < 1e-9 && abs(y - other.y) < 1e-9 }
}

/// A cubic Bézier curve (a line is one with its control points on it).
private struct Cubic {
    var p0, p1, p2, p3: CGPoint

    func point(at t: Double) -> CGPoint {
        let u = 1 - t
        let (a, b, c, d) = (u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t)
        return CGPoint(
            x: CGFloat(a) * p0.x + CGFloat(b) * p1.x + CGFloat(c) * p2.x + CGFloat(d) * p3.x,
            y: CGFloat(a) * p0.y + CGFloat(b) * p1.y + CGFloat(c) * p2.y + CGFloat(d) * p3.y)
    }

    /// The curve between parameters `t0` and `t1` (de Casteljau).
    func split(from t0: Double, to t1: Double) -> Cubic {
        let head = splitBefore(t1)
        guard t1 > 0 else { return Cubic(p0: p0, p1: p0, p2: p0, p3: p0) }
        return head.splitAfter(t0 / t1)
    }

    private func splitBefore(_ t: Double) -> Cubic {
        let (a, b, c) = (lerp(p0, p1, t), lerp(p1, p2, t), lerp(p2, p3, t))
        let (d, e) = (lerp(a, b, t), lerp(b, c, t))
        return Cubic(p0: p0, p1: a, p2: d, p3: lerp(d, e, t))
    }

    private func splitAfter(_ t: Double) -> Cubic {
        let (a, b, c) = (lerp(p0, p1, t), lerp(p1, p2, t), lerp(p2, p3, t))
        let (d, e) = (lerp(a, b, t), lerp(b, c, t))
        return Cubic(p0: lerp(d, e, t), p1: e, p2: c, p3: p3)
    }

    private func lerp(_ a: CGPoint, _ b: CGPoint, _ t: Double) -> CGPoint {
        CGPoint(x: a.x + (b.x - a.x) * CGFloat(t), y: a.y + (b.y - a.y) * CGFloat(t))
    }
}

/// One drawn piece of a path, with its length measured along it.
private struct Segment {
    let cubic: Cubic
    let isLine: Bool
    /// Lengths along the curve at evenly spaced parameters (`samples + 1` values, the first 0).
    let table: [Double]
    var length: Double { table.last ?? 0 }

    private static let samples = 32

    init(cubic: Cubic, isLine: Bool) {
        self.cubic = cubic
        self.isLine = isLine
        let count = isLine ? 1 : Self.samples
        var table = [0.0]
        var previous = cubic.p0
        for i in 1...count {
            let point = cubic.point(at: Double(i) / Double(count))
            table.append(table[i - 1] + Double(hypot(point.x - previous.x, point.y - previous.y)))
            previous = point
        }
        self.table = table
    }

    /// The parameter at `distance` along the curve (linear between samples).
    func parameter(at distance: Double) -> Double {
        guard length > 0 else { return 0 }
        if distance <= 0 { return 0 }
        if distance >= length { return 1 }
        var low = 0
        var high = table.count - 1
        while high - low > 1 {
            let mid = (low + high) / 2
            if table[mid] < distance { low = mid } else { high = mid }
        }
        let span = table[high] - table[low]
        let fraction = span > 0 ? (distance - table[low]) / span : 0
        return (Double(low) + fraction) / Double(table.count - 1)
    }

    /// The drawn pieces of `path`: lines (closing lines included) and curves, quadratics raised to cubics.
    static func all(of path: Path) -> [Segment] {
        var segments: [Segment] = []
        var current = CGPoint.zero
        var start = CGPoint.zero
        func line(to end: CGPoint) -> Segment {
            // Control points at thirds: the parameter moves evenly along the line, as the length table assumes.
            let (dx, dy) = (end.x - current.x, end.y - current.y)
            let p1 = CGPoint(x: current.x + dx / 3, y: current.y + dy / 3)
            let p2 = CGPoint(x: current.x + 2 * dx / 3, y: current.y + 2 * dy / 3)
            return Segment(cubic: Cubic(p0: current, p1: p1, p2: p2, p3: end), isLine: true)
        }
        for element in path.elements {
            switch element {
            case .move(let p):
                current = p
                start = p
            case .line(let p):
                segments.append(line(to: p))
                current = p
            case .quadCurve(let p, let c):
                let c1 = CGPoint(x: current.x + 2 / 3 * (c.x - current.x), y: current.y + 2 / 3 * (c.y - current.y))
                let c2 = CGPoint(x: p.x + 2 / 3 * (c.x - p.x), y: p.y + 2 / 3 * (c.y - p.y))
                segments.append(Segment(cubic: Cubic(p0: current, p1: c1, p2: c2, p3: p), isLine: false))
                current = p
            case .curve(let p, let c1, let c2):
                segments.append(Segment(cubic: Cubic(p0: current, p1: c1, p2: c2, p3: p), isLine: false))
                current = p
            case .closeSubpath:
                segments.append(line(to: start))
                current = start
            }
        }
        return segments
    }
}
