import Foundation

extension Path {
    /// An arc of the circle around `center`, from `startAngle` to `endAngle`, as cubic curves. Angles grow
    /// clockwise on screen (y points down); `clockwise: false` sweeps towards growing angles, exactly as
    /// SwiftUI (and CoreGraphics) do. A line joins the current point to the arc's start, if there is one.
    public mutating func addArc(
        center: CGPoint, radius: CGFloat, startAngle: Angle, endAngle: Angle, clockwise: Bool,
        transform: CGAffineTransform = .identity
    ) {
        let fullTurn = 2 * Double.pi
        var delta = endAngle.radians - startAngle.radians
        if clockwise {
            if delta > 0 { delta = delta.truncatingRemainder(dividingBy: fullTurn) - fullTurn }
            delta = max(delta, -fullTurn)
        } else {
            if delta < 0 { delta = delta.truncatingRemainder(dividingBy: fullTurn) + fullTurn }
            delta = min(delta, fullTurn)
        }
        addArcSegments(center: center, radius: radius, start: startAngle.radians, delta: delta, transform: transform)
    }

    /// An arc of the circle around `center` starting at `startAngle` and sweeping `delta` (clockwise on
    /// screen when positive).
    public mutating func addRelativeArc(
        center: CGPoint, radius: CGFloat, startAngle: Angle, delta: Angle, transform: CGAffineTransform = .identity
    ) {
        addArcSegments(center: center, radius: radius, start: startAngle.radians, delta: delta.radians, transform: transform)
    }

    /// A line from the current point towards `tangent1End`, rounded into a line towards `tangent2End` by an arc
    /// of `radius` tangent to both (CoreGraphics' "arc to point").
    public mutating func addArc(
        tangent1End p1: CGPoint, tangent2End p2: CGPoint, radius: CGFloat, transform: CGAffineTransform = .identity
    ) {
        // The current point is where the path is, transform applied: the corner is computed from it as it is.
        guard let p0 = currentPoint else { return move(to: p1.applying(transform)) }
        let (v1x, v1y) = (Double(p0.x - p1.x), Double(p0.y - p1.y))
        let (v2x, v2y) = (Double(p2.x - p1.x), Double(p2.y - p1.y))
        let (l1, l2) = (hypot(v1x, v1y), hypot(v2x, v2y))
        let cross = v1x * v2y - v1y * v2x
        guard l1 > 0, l2 > 0, abs(cross) > 1e-12, radius > 0 else { return addLine(to: p1.applying(transform)) }
        let angle = acos(max(-1, min(1, (v1x * v2x + v1y * v2y) / (l1 * l2))))
        let distance = Double(radius) / tan(angle / 2)
        let t1 = CGPoint(x: p1.x + CGFloat(v1x / l1 * distance), y: p1.y + CGFloat(v1y / l1 * distance))
        let t2 = CGPoint(x: p1.x + CGFloat(v2x / l2 * distance), y: p1.y + CGFloat(v2y / l2 * distance))
        // The centre lies along the bisector, `radius / sin(angle / 2)` from the corner.
        let (bx, by) = (v1x / l1 + v2x / l2, v1y / l1 + v2y / l2)
        let bl = hypot(bx, by)
        let centerDistance = Double(radius) / sin(angle / 2)
        let center = CGPoint(x: p1.x + CGFloat(bx / bl * centerDistance), y: p1.y + CGFloat(by / bl * centerDistance))
        let a1 = atan2(Double(t1.y - center.y), Double(t1.x - center.x))
        var sweep = atan2(Double(t2.y - center.y), Double(t2.x - center.x)) - a1
        if sweep > .pi { sweep -= 2 * .pi } else if sweep < -.pi { sweep += 2 * .pi }
        addArcSegments(center: center, radius: radius, start: a1, delta: sweep, transform: transform)
    }

    /// The arc as cubic curves of at most a quarter turn each.
    private mutating func addArcSegments(center: CGPoint, radius: CGFloat, start: Double, delta: Double, transform: CGAffineTransform) {
        let r = Double(radius)
        func point(_ angle: Double) -> CGPoint {
            CGPoint(x: center.x + CGFloat(r * cos(angle)), y: center.y + CGFloat(r * sin(angle)))
        }
        let first = point(start).applying(transform)
        if isEmpty { move(to: first) } else if currentPoint != first { addLine(to: first) }
        guard delta != 0 else { return }
        let count = max(1, Int((abs(delta) / (Double.pi / 2) - 1e-9).rounded(.up)))
        let step = delta / Double(count)
        let k = 4.0 / 3.0 * tan(step / 4) * r
        var angle = start
        for _ in 0..<count {
            let next = angle + step
            let (p0, p3) = (point(angle), point(next))
            let c1 = CGPoint(x: p0.x - CGFloat(k * sin(angle)), y: p0.y + CGFloat(k * cos(angle)))
            let c2 = CGPoint(x: p3.x + CGFloat(k * sin(next)), y: p3.y - CGFloat(k * cos(next)))
            addCurve(to: p3.applying(transform), control1: c1.applying(transform), control2: c2.applying(transform))
            angle = next
        }
    }
}
