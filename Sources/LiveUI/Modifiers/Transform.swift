nonisolated extension View {
    /// Rotates the view's rendering by `angle` (clockwise for positive angles) around `anchor`, without
    /// changing its layout, as in SwiftUI: a CSS `transform`.
    public consuming func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> some View {
        var properties = [("transform", "rotate(\(formatNumber((angle.degrees * 1000).rounded() / 1000))deg)")]
        if anchor != .center { properties.append(("transform-origin", anchor.cssOrigin)) }
        return modifier(StyleModifier(properties))
    }
}
