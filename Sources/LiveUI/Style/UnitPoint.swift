/// A point in a view's own space, with 0…1 on each axis (`.center` is (0.5, 0.5)), as SwiftUI's `UnitPoint`.
public struct UnitPoint: Hashable, Sendable {
    /// The horizontal position, 0 at the leading edge and 1 at the trailing edge.
    public var x: CGFloat
    /// The vertical position, 0 at the top and 1 at the bottom.
    public var y: CGFloat

    /// The top leading corner.
    public init() { self.init(x: 0, y: 0) }
    /// The point at (`x`, `y`).
    public init(x: CGFloat, y: CGFloat) {
        self.x = x
        self.y = y
    }

    public static let zero = UnitPoint(x: 0, y: 0)
    public static let center = UnitPoint(x: 0.5, y: 0.5)
    public static let leading = UnitPoint(x: 0, y: 0.5)
    public static let trailing = UnitPoint(x: 1, y: 0.5)
    public static let top = UnitPoint(x: 0.5, y: 0)
    public static let bottom = UnitPoint(x: 0.5, y: 1)
    public static let topLeading = UnitPoint(x: 0, y: 0)
    public static let topTrailing = UnitPoint(x: 1, y: 0)
    public static let bottomLeading = UnitPoint(x: 0, y: 1)
    public static let bottomTrailing = UnitPoint(x: 1, y: 1)

    /// The CSS `transform-origin` value (`50% 50%`).
    var cssOrigin: String { formatNumber(Double(x) * 100) + "% " + formatNumber(Double(y) * 100) + "%" }
}
