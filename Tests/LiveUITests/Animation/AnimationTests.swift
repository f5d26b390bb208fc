import Foundation
import Testing

@testable import LiveUI

private struct Revealer: View {
    @State private var shown = false
    @State private var count = 0
    var body: some View {
        VStack {
            Button("Animated") { withAnimation(.easeOut(duration: 0.2)) { shown.toggle() } }.accessibilityIdentifier("animated")
            Button("Plain") { shown.toggle() }.accessibilityIdentifier("plain")
            Button("Count") { count += 1 }.accessibilityIdentifier("count")
            if shown {
                Text("Hello").transition(.move(edge: .leading).combined(with: .opacity)).accessibilityIdentifier("hello")
            }
            Text("Count \(count)")
        }
    }
}

private struct ValueAnimated: View {
    @State private var big = false
    @State private var other = 0
    var body: some View {
        VStack {
            Button("Grow") { big.toggle() }.accessibilityIdentifier("grow")
            Button("Other") { other += 1 }.accessibilityIdentifier("other")
            VStack {
                Text(big ? "Big" : "Small").opacity(big ? 1 : 0.5)
            }
            .animation(.bouncy, value: big)
            Text("Other \(other)")
        }
    }
}

@Suite("Animation")
struct AnimationTests {
    @Test("a transition renders its insertion and removal effects on the element")
    func transitionAttributes() async throws {
        let session = LiveSession { Revealer() }
        _ = try await session.send(.click("plain"))
        let html = await session.html()
        #expect(html.contains("data-transition=\"move-leading opacity\""))
        #expect(!html.contains("data-transition-removal"))
        #expect(AnyTransition.attributeValue(AnyTransition.slide.removal) == "move-trailing")
        let asymmetric = AnyTransition.asymmetric(insertion: .scale(scale: 0.5, anchor: .top), removal: .identity)
        #expect(AnyTransition.attributeValue(asymmetric.insertion) == "scale(0.5,0.5,0)")
        #expect(AnyTransition.attributeValue(asymmetric.removal) == "identity")
        #expect(AnyTransition.push(from: .top).removal == [.move(.bottom), .opacity])
    }

    @Test("withAnimation marks the update it causes, and only that one")
    func withAnimationMarksUpdate() async throws {
        let session = LiveSession { Revealer() }
        let animated = try await session.send(.click("animated"))
        #expect(animated.animation == .easeOut(duration: 0.2))
        #expect(animated.animationScope == nil)
        #expect(animated.json.hasSuffix(
            "],\"animation\":{\"easing\":\"ease-out\",\"duration\":200,\"delay\":0,\"iterations\":1,\"direction\":\"normal\"}}"))
        #expect(animated.patches.contains { if case .insert = $0 { true } else { false } })
        let removal = try await session.send(.click("plain"))
        #expect(removal.animation == nil)
        #expect(!removal.json.contains("animation"))
    }

    @Test("withAnimation returns its body's result and rethrows")
    func withAnimationReturns() throws {
        struct Failure: Error {}
        #expect(withAnimation { 42 } == 42)
        #expect(throws: Failure.self) { try withAnimation(.linear) { throw Failure() } }
    }

    @Test("animation(_:value:) animates only the updates in which its value changed, within its element")
    func animationValue() async throws {
        let session = LiveSession { ValueAnimated() }
        _ = await session.html()
        let grown = try await session.send(.click("grow"))
        #expect(grown.animation == .bouncy)
        let scope = try #require(grown.animationScope)
        #expect(scope.count == 1)
        #expect(grown.json.contains("\"scope\":[\"\(scope[0])\"]"))
        let other = try await session.send(.click("other"))
        #expect(other.animation == nil)
    }

    @Test("an animation's modifiers become the client's timing")
    func timing() {
        let animation = Animation.linear(duration: 1).delay(0.5).speed(2).repeatForever()
        #expect(animation.json == "{\"easing\":\"linear\",\"duration\":500,\"delay\":250,\"iterations\":\"infinite\",\"direction\":\"alternate\"}")
        #expect(Animation.easeIn.repeatCount(3, autoreverses: false).json.contains("\"iterations\":3,\"direction\":\"normal\""))
        #expect(Animation.spring(duration: 0.4, bounce: 0.5).easing == "cubic-bezier(0.2, 1.8, 0.3, 1)")
        #expect(Animation.smooth.easing == "cubic-bezier(0.2, 1, 0.3, 1)")
        #expect(Animation.easeInOut.speed(-1) == .easeInOut)
    }
}
