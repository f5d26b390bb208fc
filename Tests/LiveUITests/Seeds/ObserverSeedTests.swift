import Foundation
import Testing

@testable import LiveUI

// Seed 003_f0d65ef6c9e5b426.txt, "StateObject alternative for iOS 13": the `Observer` view compiles
// with only the import changed; its model is created once and released when the view leaves the tree.

struct Observer<Obs, Content>: View where Obs: ObservableObject, Content: View {
    @State private var obs: Obs?
    private var content: Content
    private var initializer: () -> Obs

    init(_ initializer: @autoclosure @escaping () -> Obs, @ViewBuilder content: () -> Content) {
        self.content = content()
        self.initializer = initializer
    }

    var body: some View {
        if let obs = obs {
            content.environmentObject(obs)
        } else {
            Color.clear.onAppear(perform: initialize)
        }
    }

    private func initialize() {
        obs = initializer()
    }
}

private final class MyModel: ObservableObject {
    static let created = Mutex(0)
    static let released = Mutex(0)
    @Published var taps = 0
    init() { MyModel.created.withLock { $0 += 1 } }
    deinit { MyModel.released.withLock { $0 += 1 } }
}

private struct MyViewContent: View {
    @EnvironmentObject var model: MyModel
    var body: some View {
        Button("Taps: \(model.taps)") { model.taps += 1 }.accessibilityIdentifier("tap")
    }
}

private struct Host: View {
    @State private var showsObserver = true
    @State private var parentRenders = 0
    var body: some View {
        VStack {
            Button("Re-render parent \(parentRenders)") { parentRenders += 1 }.accessibilityIdentifier("rerender")
            Button("Toggle") { showsObserver.toggle() }.accessibilityIdentifier("toggle")
            if showsObserver {
                Observer(MyModel()) { MyViewContent() }
            }
        }
    }
}

/// The article's anti-pattern: `@ObservedObject var foo = Foo()` makes a new object on every parent render.
private final class Foo: ObservableObject {
    static let created = Mutex(0)
    init() { Foo.created.withLock { $0 += 1 } }
}

private struct AntiPatternChild: View {
    @ObservedObject var foo = Foo()
    var body: some View { Text("child") }
}

private struct AntiPatternParent: View {
    @State private var count = 0
    var body: some View {
        VStack {
            Button("\(count)") { count += 1 }.accessibilityIdentifier("bump")
            AntiPatternChild()
        }
    }
}

import Synchronization

@Suite("Seed: Observer / StateObject stand-in", .serialized)
struct ObserverSeedTests {
    @Test("the model is created once on appear, survives parent renders, and is released with the view")
    func observerLifecycle() async throws {
        let created = MyModel.created.withLock { $0 }
        let released = MyModel.released.withLock { $0 }
        let session = LiveSession(changeLog: .discard) { Host() }
        let html = await session.html()
        // onAppear ran and its state write was flushed before html() returned.
        #expect(html.contains("Taps: 0"))
        #expect(MyModel.created.withLock { $0 } == created + 1)
        _ = try await session.send(.click("tap"))
        #expect(await session.html().contains("Taps: 1"))
        for _ in 0..<3 { _ = try await session.send(.click("rerender")) }
        #expect(MyModel.created.withLock { $0 } == created + 1)
        #expect(await session.html().contains("Taps: 1"))
        _ = try await session.send(.click("toggle"))
        #expect(MyModel.released.withLock { $0 } == released + 1)
        _ = try await session.send(.click("toggle"))
        #expect(MyModel.created.withLock { $0 } == created + 2)
        #expect(await session.html().contains("Taps: 0"))
        await session.close()
        #expect(MyModel.released.withLock { $0 } == released + 2)
    }

    @Test("@ObservedObject var foo = Foo() re-creates the object on every parent render, as in SwiftUI")
    func observedObjectAntiPattern() async throws {
        let before = Foo.created.withLock { $0 }
        let session = LiveSession(changeLog: .discard) { AntiPatternParent() }
        _ = await session.html()
        #expect(Foo.created.withLock { $0 } == before + 1)
        _ = try await session.send(.click("bump"))
        _ = try await session.send(.click("bump"))
        #expect(Foo.created.withLock { $0 } == before + 3)
    }
}
