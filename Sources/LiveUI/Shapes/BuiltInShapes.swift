import Foundation

/// A rectangle filling its frame, as SwiftUI's `Rectangle`.
nonisolated public struct Rectangle: InsettableShape, Sendable {
    var insetAmount: CGFloat = 0
    /// A rectangle.
    public init() {}
    public func path(in rect: CGRect) -> Path { Path(rect.insetBy(dx: insetAmount, dy: insetAmount)) }
    public func inset(by amount: CGFloat) -> Rectangle { with(\.insetAmount, insetAmount + amount) }
}

/// A rectangle with rounded corners, as SwiftUI's `RoundedRectangle`.
nonisolated public struct RoundedRectangle: InsettableShape, Sendable {
    /// The corners' radii.
    public var cornerSize: CGSize
    /// The corners' shape.
    public var style: RoundedCornerStyle
    var insetAmount: CGFloat = 0

    /// A rounded rectangle with corners of `cornerSize`.
    public init(cornerSize: CGSize, style: RoundedCornerStyle = .continuous) {
        self.cornerSize = cornerSize
        self.style = style
    }
    /// A rounded rectangle with corners of radius `cornerRadius`.
    public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {
        self.init(cornerSize: CGSize(width: cornerRadius, height: cornerRadius), style: style)
    }
    public func path(in rect: CGRect) -> Path {
        let size = CGSize(width: max(cornerSize.width - insetAmount, 0), height: max(cornerSize.height - insetAmount, 0))
        return Path(roundedRect: rect.insetBy(dx: insetAmount, dy: insetAmount), cornerSize: size, style: style)
    }
    public func inset(by amount: CGFloat) -> RoundedRectangle { with(\.insetAmount, insetAmount + amount) }
    public var animatableData: AnimatablePair<CGFloat, CGFloat> {
        get { AnimatablePair(cornerSize.width, cornerSize.height) }
        set { cornerSize = CGSize(width: newValue.first, height: newValue.second) }
    }
}

/// The largest circle that fits its frame, centred, as SwiftUI's `Circle`.
nonisolated public struct Circle: InsettableShape, AspectFittingShape, Sendable {
    var insetAmount: CGFloat = 0
    /// A circle.
    public init() {}
    public func path(in rect: CGRect) -> Path {
        let side = max(min(rect.width, rect.height) - 2 * insetAmount, 0)
        return Path(ellipseIn: CGRect(x: rect.midX - side / 2, y: rect.midY - side / 2, width: side, height: side))
    }
    public func inset(by amount: CGFloat) -> Circle { with(\.insetAmount, insetAmount + amount) }
}

/// The ellipse inscribed in its frame, as SwiftUI's `Ellipse`.
nonisolated public struct Ellipse: InsettableShape, Sendable {
    var insetAmount: CGFloat = 0
    /// An ellipse.
    public init() {}
    public func path(in rect: CGRect) -> Path { Path(ellipseIn: rect.insetBy(dx: insetAmount, dy: insetAmount)) }
    public func inset(by amount: CGFloat) -> Ellipse { with(\.insetAmount, insetAmount + amount) }
}

/// A rectangle whose shorter sides are half circles, as SwiftUI's `Capsule`.
nonisolated public struct Capsule: InsettableShape, Sendable {
    /// The corners' shape.
    public var style: RoundedCornerStyle
    var insetAmount: CGFloat = 0
    /// A capsule.
    public init(style: RoundedCornerStyle = .continuous) { self.style = style }
    public func path(in rect: CGRect) -> Path {
        let inner = rect.insetBy(dx: insetAmount, dy: insetAmount)
        let radius = max(min(inner.width, inner.height) / 2, 0)
        return Path(roundedRect: inner, cornerSize: CGSize(width: radius, height: radius), style: style)
    }
    public func inset(by amount: CGFloat) -> Capsule { with(\.insetAmount, insetAmount + amount) }
}

nonisolated extension InsettableShape {
    /// A copy with one property changed.
    fileprivate func with<T>(_ keyPath: WritableKeyPath<Self, T>, _ value: T) -> Self {
        var copy = self
        copy[keyPath: keyPath] = value
        return copy
    }
}

/// Built-in shapes the browser can draw as a CSS `clip-path` at any size, exactly.
protocol CSSClipShape {
    /// The `clip-path` value; `nil` where CSS has no exact one.
    var cssClipPath: String? { get }
}

extension Rectangle: CSSClipShape {
    var cssClipPath: String? { "inset(\(px(insetAmount)))" }
}
extension RoundedRectangle: CSSClipShape {
    var cssClipPath: String? {
        let (w, h) = (max(cornerSize.width - insetAmount, 0), max(cornerSize.height - insetAmount, 0))
        return "inset(\(px(insetAmount)) round \(w == h ? px(w) : px(w) + " / " + px(h)))"
    }
}
extension Capsule: CSSClipShape {
    // Radii larger than the box are scaled down to half its shorter side: exactly a capsule.
    var cssClipPath: String? { "inset(\(px(insetAmount)) round 99999px)" }
}
extension Circle: CSSClipShape {
    var cssClipPath: String? { insetAmount == 0 ? "circle(closest-side)" : nil }
}
extension Ellipse: CSSClipShape {
    var cssClipPath: String? { insetAmount == 0 ? "ellipse(closest-side closest-side)" : nil }
}

/// Built-in shapes the browser draws exactly at any size as a CSS box: a `border-radius`, filled with a
/// `background` and stroked with an `outline` (used when the server does not know the shape's size).
protocol CSSBoxShape {
    /// The `border-radius` of the shape's frame.
    var cssBorderRadius: String { get }
    /// How far the shape is inset from its frame.
    var boxInset: CGFloat { get }
}

extension Rectangle: CSSBoxShape {
    var cssBorderRadius: String { "0" }
    var boxInset: CGFloat { insetAmount }
}
extension RoundedRectangle: CSSBoxShape {
    var cssBorderRadius: String {
        cornerSize.width == cornerSize.height ? px(cornerSize.width) : px(cornerSize.width) + " / " + px(cornerSize.height)
    }
    var boxInset: CGFloat { insetAmount }
}
extension Capsule: CSSBoxShape {
    var cssBorderRadius: String { "99999px" }
    var boxInset: CGFloat { insetAmount }
}
extension Ellipse: CSSBoxShape {
    var cssBorderRadius: String { "50%" }
    var boxInset: CGFloat { insetAmount }
}
extension _StrokedShape: CSSBoxShape where Content: CSSBoxShape {
    var cssBorderRadius: String { shape.cssBorderRadius }
    var boxInset: CGFloat { shape.boxInset }
}
