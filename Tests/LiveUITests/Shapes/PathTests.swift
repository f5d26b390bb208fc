import Foundation
import Testing

@testable import LiveUI

@Suite("Path")
struct PathTests {
    @Test("move, line, quadratic and cubic curves and close become SVG path commands, rounded to 1/1000")
    func commands() {
        var path = Path()
        path.move(to: CGPoint(x: 1, y: 2))
        path.addLine(to: CGPoint(x: 10.5, y: 2))
        path.addQuadCurve(to: CGPoint(x: 20, y: 20), control: CGPoint(x: 20, y: 2))
        path.addCurve(to: CGPoint(x: 0, y: 20), control1: CGPoint(x: 15, y: 25), control2: CGPoint(x: 5, y: 25.0004))
        path.closeSubpath()
        #expect(path.svgData == "M1 2L10.5 2Q20 2 20 20C15 25 5 25 0 20Z")
        #expect(path.currentPoint == CGPoint(x: 1, y: 2))
        #expect(path.boundingRect == CGRect(x: 0, y: 2, width: 20, height: 23.0004))
    }

    @Test("a line without a current point starts the subpath there; lines after a close start from the subpath's start")
    func implicitMoves() {
        var path = Path()
        path.addLine(to: CGPoint(x: 5, y: 5))
        path.addLine(to: CGPoint(x: 9, y: 5))
        path.closeSubpath()
        path.addLine(to: CGPoint(x: 5, y: 9))
        #expect(path.svgData == "M5 5L9 5ZM5 5L5 9")
    }

    @Test("addRect, addEllipse and addRoundedRect draw closed subpaths clockwise on screen")
    func rectEllipseRoundedRect() {
        #expect(Path(CGRect(x: 0, y: 0, width: 4, height: 2)).svgData == "M0 0L4 0L4 2L0 2Z")
        let ellipse = Path(ellipseIn: CGRect(x: 0, y: 0, width: 20, height: 10))
        // From the rightmost point down to the bottom first, as SwiftUI's: trim(0, 0.25) is 3 to 6 o'clock.
        #expect(ellipse.svgData.hasPrefix("M20 5C20 7.761 15.523 10 10 10C"))
        #expect(ellipse.svgData.hasSuffix("20 5Z"))
        let rounded = Path(roundedRect: CGRect(x: 0, y: 0, width: 20, height: 10), cornerRadius: 2)
        #expect(rounded.svgData.hasPrefix("M2 0L18 0C19.105 0 20 0.895 20 2L20 8C"))
        // Radii are clamped to half the shorter side.
        let capsuleLike = Path(roundedRect: CGRect(x: 0, y: 0, width: 20, height: 10), cornerRadius: 50)
        #expect(capsuleLike.svgData.hasPrefix("M5 0L15 0C"))
        var empty = Path()
        empty.addRoundedRect(in: CGRect(x: 0, y: 0, width: 4, height: 2), cornerSize: .zero)
        #expect(empty.svgData == "M0 0L4 0L4 2L0 2Z")
    }

    @Test("addArc sweeps towards growing angles unless clockwise, as SwiftUI's, joining the current point with a line")
    func arcs() {
        var quarter = Path()
        quarter.addArc(center: .zero, radius: 10, startAngle: .zero, endAngle: .degrees(90), clockwise: false)
        #expect(quarter.svgData == "M10 0C10 5.523 5.523 10 0 10")
        var other = Path()
        other.addArc(center: .zero, radius: 10, startAngle: .zero, endAngle: .degrees(90), clockwise: true)
        // The long way round, through the top: three quarter turns in three curves.
        #expect(other.svgData.hasPrefix("M10 0C10 -5.523 5.523 -10 0 -10C"))
        #expect(other.svgData.components(separatedBy: "C").count == 4)
        var joined = Path()
        joined.move(to: CGPoint(x: 0, y: 0))
        joined.addArc(center: CGPoint(x: 20, y: 0), radius: 5, startAngle: .degrees(180), endAngle: .zero, clockwise: false)
        #expect(joined.svgData.hasPrefix("M0 0L15 0C"))
        var relative = Path()
        relative.addRelativeArc(center: .zero, radius: 10, startAngle: .zero, delta: .degrees(90))
        #expect(relative.svgData == quarter.svgData)
    }

    @Test("addArc(tangent1End:tangent2End:radius:) rounds a corner with an arc tangent to both lines")
    func tangentArc() {
        var path = Path()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 10, y: 10), radius: 4)
        path.addLine(to: CGPoint(x: 10, y: 10))
        #expect(path.svgData == "M0 0L6 0C8.209 0 10 1.791 10 4L10 10")
    }

    @Test("a transform applies to every point; offsetBy moves the path")
    func transforms() {
        var path = Path()
        path.addRect(CGRect(x: 0, y: 0, width: 2, height: 1), transform: CGAffineTransform(scaleX: 2, y: 3))
        #expect(path.svgData == "M0 0L4 0L4 3L0 3Z")
        #expect(path.offsetBy(dx: 1, dy: -1).svgData == "M1 -1L5 -1L5 2L1 2Z")
        let turned = Path(CGRect(x: 0, y: 0, width: 2, height: 1)).applying(CGAffineTransform(rotationAngle: .pi / 2))
        #expect(turned.svgData == "M0 0L0 2L-1 2L-1 0Z")
    }

    @Test("trimmedPath keeps the fraction of the length between from and to, across segments")
    func trimming() {
        let square = Path(CGRect(x: 0, y: 0, width: 10, height: 10))  // 40 long, the closing line included
        #expect(square.trimmedPath(from: 0, to: 1) == square)
        #expect(square.trimmedPath(from: 0, to: 0.5).svgData == "M0 0L10 0L10 10")
        #expect(square.trimmedPath(from: 0.125, to: 0.375).svgData == "M5 0L10 0L10 5")
        #expect(square.trimmedPath(from: 0.75, to: 1).svgData == "M0 10L0 0")
        #expect(square.trimmedPath(from: 0.5, to: 0.5).isEmpty)
        #expect(square.trimmedPath(from: 0.7, to: 0.2).isEmpty)
        let circle = Path(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 100))
        let quarter = circle.trimmedPath(from: 0, to: 0.25)
        #expect(quarter.svgData == "M100 50C100 77.614 77.614 100 50 100")
        let half = circle.trimmedPath(from: 0.125, to: 0.625)
        #expect(half.svgData.hasPrefix("M85.355 85.355C"))
    }
}
