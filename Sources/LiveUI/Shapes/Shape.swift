import Foundation

/// A 2-D shape, as SwiftUI's `Shape`: describe its outline in a rectangle, and it is a view drawn as inline SVG
/// (filled with the foreground style unless told otherwise).
///
/// ```swift
/// struct Triangle: Shape {
///     func path(in rect: CGRect) -> Path {
///         Path { path in
///             path.move(to: CGPoint(x: rect.midX, y: rect.minY))
///             path.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
///             path.addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
///             path.closeSubpath()
///         }
///     }
/// }
/// ```
///
/// The rectangle is the shape's `.frame(width:height:)` when it has one; otherwise a 100 × 100 square that the
/// browser stretches over the space the shape is given (a circle keeps its aspect).
public protocol Shape: Animatable, View {
    /// The outline of the shape drawn in `rect`.
    nonisolated func path(in rect: CGRect) -> Path
}

nonisolated extension Shape {
    /// The shape filled with the foreground style.
    public var body: _ShapeView<Self, ForegroundStyle> { _ShapeView(shape: self, style: ForegroundStyle()) }

    /// The shape filled with `content`.
    public func fill<S: ShapeStyle>(_ content: S = .foreground, style: FillStyle = FillStyle()) -> some View {
        _ShapeView(shape: self, style: content, fillStyle: style)
    }

    /// The shape filled with the foreground style, with `style`'s fill rule.
    public func fill(style: FillStyle) -> some View { _ShapeView(shape: self, style: ForegroundStyle(), fillStyle: style) }

    /// The outline of the shape drawn with `content`, centred on the outline.
    public func stroke<S: ShapeStyle>(_ content: S, style: StrokeStyle, antialiased: Bool = true) -> some View {
        _ShapeView(shape: _StrokedShape(shape: self, style: style), style: content)
    }

    /// The outline of the shape drawn with `content`, `lineWidth` wide, centred on the outline.
    public func stroke<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1, antialiased: Bool = true) -> some View {
        stroke(content, style: StrokeStyle(lineWidth: lineWidth))
    }

    /// The outline of the shape, drawn with the foreground style; a shape, so it can still be filled.
    public func stroke(style: StrokeStyle) -> some Shape { _StrokedShape(shape: self, style: style) }

    /// The outline of the shape, `lineWidth` wide; a shape, so it can still be filled.
    public func stroke(lineWidth: CGFloat = 1) -> some Shape { _StrokedShape(shape: self, style: StrokeStyle(lineWidth: lineWidth)) }

    /// The part of the shape's outline between the fractions `from` and `to` of its length.
    public func trim(from startFraction: CGFloat = 0, to endFraction: CGFloat = 1) -> some Shape {
        _TrimmedShape(shape: self, startFraction: startFraction, endFraction: endFraction)
    }

    /// The shape rotated by `angle` around `anchor` of its rectangle.
    public func rotation(_ angle: Angle, anchor: UnitPoint = .center) -> RotatedShape<Self> {
        RotatedShape(shape: self, angle: angle, anchor: anchor)
    }

    /// The shape moved by `offset`.
    public func offset(_ offset: CGSize) -> OffsetShape<Self> { OffsetShape(shape: self, offset: offset) }

    /// The shape moved by (`x`, `y`).
    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> OffsetShape<Self> { offset(CGSize(width: x, height: y)) }
}

/// A shape that can be drawn inset by an amount, so that a border drawn on it stays inside the frame, as
/// SwiftUI's `InsettableShape`.
public protocol InsettableShape: Shape {
    /// The type of the inset shape.
    associatedtype InsetShape: InsettableShape
    /// The shape inset by `amount` on every side.
    nonisolated func inset(by amount: CGFloat) -> InsetShape
}

nonisolated extension InsettableShape {
    /// A border of `content`, drawn inside the shape's frame.
    public func strokeBorder<S: ShapeStyle>(_ content: S = .foreground, style: StrokeStyle, antialiased: Bool = true) -> some View {
        inset(by: style.lineWidth / 2).stroke(content, style: style)
    }

    /// A border of `content`, `lineWidth` wide, drawn inside the shape's frame.
    public func strokeBorder<S: ShapeStyle>(_ content: S = .foreground, lineWidth: CGFloat = 1, antialiased: Bool = true) -> some View {
        strokeBorder(content, style: StrokeStyle(lineWidth: lineWidth))
    }

    /// A border, drawn inside the shape's frame; a shape, so it can still be filled.
    public func strokeBorder(style: StrokeStyle, antialiased: Bool = true) -> some Shape {
        inset(by: style.lineWidth / 2).stroke(style: style)
    }

    /// A border `lineWidth` wide, drawn inside the shape's frame; a shape, so it can still be filled.
    public func strokeBorder(lineWidth: CGFloat = 1, antialiased: Bool = true) -> some Shape {
        strokeBorder(style: StrokeStyle(lineWidth: lineWidth))
    }
}

nonisolated extension Path: Shape {
    /// The path itself, wherever it is drawn (its points are in the frame's coordinates).
    public func path(in rect: CGRect) -> Path { self }
}

/// A shape whose outline is drawn instead of filled (`stroke(style:)`).
nonisolated public struct _StrokedShape<Content: Shape>: Shape {
    var shape: Content
    var style: StrokeStyle
    public func path(in rect: CGRect) -> Path { shape.path(in: rect) }
}

/// A shape's outline trimmed to a fraction of its length (`trim(from:to:)`).
nonisolated public struct _TrimmedShape<Content: Shape>: Shape {
    var shape: Content
    var startFraction: CGFloat
    var endFraction: CGFloat
    public func path(in rect: CGRect) -> Path {
        shape.path(in: rect).trimmedPath(from: startFraction, to: endFraction)
    }
    public var animatableData: AnimatablePair<CGFloat, CGFloat> {
        get { AnimatablePair(startFraction, endFraction) }
        set { (startFraction, endFraction) = (newValue.first, newValue.second) }
    }
}

/// A shape rotated around a point of its rectangle, as SwiftUI's `RotatedShape`.
nonisolated public struct RotatedShape<Content: Shape>: Shape {
    /// The shape before rotation.
    public var shape: Content
    /// The rotation.
    public var angle: Angle
    /// The point the shape turns around.
    public var anchor: UnitPoint
    /// The rotation of `shape` by `angle` around `anchor`.
    public init(shape: Content, angle: Angle, anchor: UnitPoint = .center) {
        self.shape = shape
        self.angle = angle
        self.anchor = anchor
    }
    public func path(in rect: CGRect) -> Path {
        let (x, y) = (rect.minX + anchor.x * rect.width, rect.minY + anchor.y * rect.height)
        let turn = CGAffineTransform(translationX: -x, y: -y)
            .concatenating(CGAffineTransform(rotationAngle: CGFloat(angle.radians)))
            .concatenating(CGAffineTransform(translationX: x, y: y))
        return shape.path(in: rect).applying(turn)
    }
}

/// A shape moved by an offset, as SwiftUI's `OffsetShape`.
nonisolated public struct OffsetShape<Content: Shape>: Shape {
    /// The shape before moving.
    public var shape: Content
    /// How far it moves.
    public var offset: CGSize
    /// `shape` moved by `offset`.
    public init(shape: Content, offset: CGSize) {
        self.shape = shape
        self.offset = offset
    }
    public func path(in rect: CGRect) -> Path { shape.path(in: rect).offsetBy(dx: offset.width, dy: offset.height) }
}

/// Shapes that keep their aspect ratio when the browser fits them into a frame of unknown size (a circle).
protocol AspectFittingShape {}
nonisolated extension _StrokedShape: AspectFittingShape where Content: AspectFittingShape {}
nonisolated extension _TrimmedShape: AspectFittingShape where Content: AspectFittingShape {}
nonisolated extension RotatedShape: AspectFittingShape where Content: AspectFittingShape {}

/// Shapes whose outline is drawn instead of filled, with the stroke to draw it with.
protocol StrokedShapeMarker {
    var strokeStyle: StrokeStyle { get }
}
extension _StrokedShape: StrokedShapeMarker {
    var strokeStyle: StrokeStyle { style }
}
extension _TrimmedShape: StrokedShapeMarker where Content: StrokedShapeMarker {
    var strokeStyle: StrokeStyle { shape.strokeStyle }
}
extension RotatedShape: StrokedShapeMarker where Content: StrokedShapeMarker {
    var strokeStyle: StrokeStyle { shape.strokeStyle }
}
extension OffsetShape: StrokedShapeMarker where Content: StrokedShapeMarker {
    var strokeStyle: StrokeStyle { shape.strokeStyle }
}
