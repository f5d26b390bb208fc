/// How changes move from one state to the next: a timing curve, a duration, a delay, a speed and repeats.
///
/// The browser plays it (CSS timing functions through the Web Animations API); the server renders no
/// frames and keeps no timers. Springs are approximated by cubic Bézier curves of the spring's duration.
public struct Animation: Hashable, Sendable, CustomStringConvertible {
    /// A CSS timing function: `ease-in-out`, `linear`, `cubic-bezier(…)`.
    package var easing: String
    /// Seconds, before `speed` applies.
    package var duration: Double
    /// Seconds before the animation starts, before `speed` applies.
    package var delaySeconds: Double = 0
    /// How much faster than normal it plays (2 takes half the time).
    package var speedFactor: Double = 1
    /// How many times it plays; `nil` repeats forever.
    package var repeats: Int? = 1
    /// Whether every other repetition plays backwards.
    package var autoreverses = false

    package init(easing: String, duration: Double) {
        self.easing = easing
        self.duration = max(0, duration.isFinite ? duration : 0)
    }

    /// The default animation: ease in and out over 0.35 seconds.
    public static let `default` = Animation.easeInOut(duration: 0.35)

    /// Starts slowly and ends quickly, over `duration` seconds.
    public static func easeIn(duration: Double) -> Animation { Animation(easing: "ease-in", duration: duration) }
    /// Starts quickly and ends slowly, over `duration` seconds.
    public static func easeOut(duration: Double) -> Animation { Animation(easing: "ease-out", duration: duration) }
    /// Starts and ends slowly, over `duration` seconds.
    public static func easeInOut(duration: Double) -> Animation { Animation(easing: "ease-in-out", duration: duration) }
    /// Moves at a constant speed for `duration` seconds.
    public static func linear(duration: Double) -> Animation { Animation(easing: "linear", duration: duration) }
    /// A cubic Bézier timing curve through control points (`c0x`, `c0y`) and (`c1x`, `c1y`).
    public static func timingCurve(_ c0x: Double, _ c0y: Double, _ c1x: Double, _ c1y: Double, duration: Double = 0.35) -> Animation {
        Animation(easing: "cubic-bezier(\(css(c0x)), \(css(c0y)), \(css(c1x)), \(css(c1y)))", duration: duration)
    }

    /// ``easeIn(duration:)`` over 0.35 seconds.
    public static var easeIn: Animation { .easeIn(duration: 0.35) }
    /// ``easeOut(duration:)`` over 0.35 seconds.
    public static var easeOut: Animation { .easeOut(duration: 0.35) }
    /// ``easeInOut(duration:)`` over 0.35 seconds.
    public static var easeInOut: Animation { .easeInOut(duration: 0.35) }
    /// ``linear(duration:)`` over 0.35 seconds.
    public static var linear: Animation { .linear(duration: 0.35) }

    /// A spring of perceptual `duration` whose `bounce` (0: none, up to 1) overshoots the target; played
    /// as a cubic Bézier curve that overshoots by the bounce.
    public static func spring(duration: Double = 0.5, bounce: Double = 0, blendDuration: Double = 0) -> Animation {
        let b = min(max(bounce.isFinite ? bounce : 0, 0), 1)
        return Animation(easing: "cubic-bezier(0.2, \(css(1 + 1.6 * b)), 0.3, 1)", duration: duration)
    }

    /// A spring of `response` seconds; a `dampingFraction` below 1 bounces by `1 - dampingFraction`.
    public static func spring(response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: Double = 0) -> Animation {
        .spring(duration: response, bounce: 1 - dampingFraction)
    }

    /// The default spring.
    public static var spring: Animation { .spring(response: 0.55, dampingFraction: 0.825, blendDuration: 0) }
    /// A quick spring for interactive changes.
    public static func interactiveSpring(response: Double = 0.15, dampingFraction: Double = 0.86, blendDuration: Double = 0.25) -> Animation {
        .spring(response: response, dampingFraction: dampingFraction, blendDuration: blendDuration)
    }
    /// ``interactiveSpring(response:dampingFraction:blendDuration:)`` with its defaults.
    public static var interactiveSpring: Animation { .interactiveSpring() }
    /// A spring without bounce.
    public static func smooth(duration: Double = 0.5, extraBounce: Double = 0) -> Animation { .spring(duration: duration, bounce: extraBounce) }
    /// A spring with a little bounce.
    public static func snappy(duration: Double = 0.5, extraBounce: Double = 0) -> Animation { .spring(duration: duration, bounce: 0.15 + extraBounce) }
    /// A spring with a visible bounce.
    public static func bouncy(duration: Double = 0.5, extraBounce: Double = 0) -> Animation { .spring(duration: duration, bounce: 0.3 + extraBounce) }
    /// ``smooth(duration:extraBounce:)`` with its defaults.
    public static var smooth: Animation { .smooth() }
    /// ``snappy(duration:extraBounce:)`` with its defaults.
    public static var snappy: Animation { .snappy() }
    /// ``bouncy(duration:extraBounce:)`` with its defaults.
    public static var bouncy: Animation { .bouncy() }

    /// This animation, started `delay` seconds later.
    public func delay(_ delay: Double) -> Animation {
        var copy = self
        copy.delaySeconds = max(0, delay.isFinite ? delay : 0)
        return copy
    }

    /// This animation played `speed` times as fast.
    public func speed(_ speed: Double) -> Animation {
        var copy = self
        if speed.isFinite, speed > 0 { copy.speedFactor = speed }
        return copy
    }

    /// This animation played `repeatCount` times, every other one backwards when `autoreverses`.
    public func repeatCount(_ repeatCount: Int, autoreverses: Bool = true) -> Animation {
        var copy = self
        copy.repeats = max(1, repeatCount)
        copy.autoreverses = autoreverses
        return copy
    }

    /// This animation repeated for as long as the element lives, every other time backwards when `autoreverses`.
    public func repeatForever(autoreverses: Bool = true) -> Animation {
        var copy = self
        copy.repeats = nil
        copy.autoreverses = autoreverses
        return copy
    }

    /// The animation as the client plays it: `{"easing","duration","delay","iterations","direction"}`,
    /// milliseconds after speed, `"infinite"` iterations for a repeat forever.
    package var json: String {
        let ms = { (seconds: Double) in formatNumber((seconds / speedFactor * 1000).rounded()) }
        let iterations = repeats.map(String.init) ?? "\"infinite\""
        return "{\"easing\":\(JSONString(easing)),\"duration\":\(ms(duration)),\"delay\":\(ms(delaySeconds))"
            + ",\"iterations\":\(iterations),\"direction\":\"\(autoreverses ? "alternate" : "normal")\"}"
    }

    /// A description as SwiftUI code would read.
    public var description: String {
        "Animation(\(easing), duration: \(formatNumber(duration))s, delay: \(formatNumber(delaySeconds))s)"
    }
}

/// A number as CSS writes it.
private func css(_ value: Double) -> String { formatNumber((value * 1000).rounded() / 1000) }
