import Foundation

extension Path {
    /// The path as SVG path data (`M0 0L10 0Z`), coordinates rounded to 1/1000 of a point so that the same
    /// path always gives the same text (and an unchanged shape no patch).
    var svgData: String {
        var out = ""
        out.reserveCapacity(elements.count * 24)
        func add(_ command: Character, _ points: CGPoint...) {
            out.append(command)
            for (index, point) in points.enumerated() {
                if index > 0 { out.append(" ") }
                out += Path.svgNumber(point.x)
                out.append(" ")
                out += Path.svgNumber(point.y)
            }
        }
        for element in elements {
            switch element {
            case .move(let p): add("M", p)
            case .line(let p): add("L", p)
            case .quadCurve(let p, let c): add("Q", c, p)
            case .curve(let p, let c1, let c2): add("C", c1, c2, p)
            case .closeSubpath: out.append("Z")
            }
        }
        return out
    }

    /// `12`, `12.5`, `-0.333`: at most three decimals, no trailing zeros, never `-0`.
    static func svgNumber(_ value: CGFloat) -> String {
        guard value.isFinite else { return "0" }
        let rounded = (Double(value) * 1000).rounded() / 1000
        return formatNumber(rounded == 0 ? 0 : rounded)
    }
}
