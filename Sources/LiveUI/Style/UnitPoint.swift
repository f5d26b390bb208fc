/// A point in a view's own coordinates, each axis from 0 to 1: where `scrollTo(_:anchor:)` aligns a row.
public struct UnitPoint: Hashable, Sendable {
    /// The horizontal position, 0 at the leading edge.
    public var x: CGFloat
    /// The vertical position, 0 at the top.
    public var y: CGFloat

    /// The top leading corner.
    public init() { (x, y) = (0, 0) }
    /// The point at `x`, `y`.
    public init(x: CGFloat, y: CGFloat) { (self.x, self.y) = (x, y) }

    public static let zero = UnitPoint()
    public static let center = UnitPoint(x: 0.5, y: 0.5)
    public static let leading = UnitPoint(x: 0, y: 0.5)
    public static let trailing = UnitPoint(x: 1, y: 0.5)
    public static let top = UnitPoint(x: 0.5, y: 0)
    public static let bottom = UnitPoint(x: 0.5, y: 1)
    public static let topLeading = UnitPoint(x: 0, y: 0)
    public static let topTrailing = UnitPoint(x: 1, y: 0)
    public static let bottomLeading = UnitPoint(x: 0, y: 1)
    public static let bottomTrailing = UnitPoint(x: 1, y: 1)
}
