/// Runs `body` and animates the changes it makes with `animation`: the update those changes produce
/// carries the animation, and the browser plays it (transitions of inserted and removed elements,
/// changed styles). Returns what `body` returns. `nil` animates nothing.
///
/// ```swift
/// Button("Show") { withAnimation(.easeInOut(duration: 0.3)) { isShown.toggle() } }
/// ```
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
    guard let animation else { return try body() }
    return try ThreadContext.withCurrent { context in
        let outer = context.animation
        context.animation = animation
        defer { context.animation = outer }
        context.graph?.animateNextFlush(animation, scope: nil)
        return try body()
    }
}

/// The animation a flush's update will carry, and the elements it applies to.
struct PendingAnimation {
    var animation: Animation
    /// The lids of the elements whose changes animate; `nil`: every change.
    var scope: [String]?
}

extension ViewGraph {
    /// Animates the next flush's update with `animation`: for every change (`scope` nil), or for the changes
    /// inside the elements `scope` names. An animation for every change wins over scoped ones.
    func animateNextFlush(_ animation: Animation, scope: String?) {
        guard let scope else {
            pendingAnimation = PendingAnimation(animation: animation, scope: nil)
            return
        }
        guard var pending = pendingAnimation else {
            pendingAnimation = PendingAnimation(animation: animation, scope: [scope])
            return
        }
        guard pending.scope != nil else { return }
        pending.animation = animation
        if pending.scope?.contains(scope) == false { pending.scope?.append(scope) }
        pendingAnimation = pending
    }
}
