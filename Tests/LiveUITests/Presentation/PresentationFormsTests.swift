import Foundation
import Testing

@testable import LiveUI

private struct Failure: Identifiable {
    let id: Int
    let reason: String
}

private struct Forms: View {
    @State private var covers = false
    @State private var pops = false
    @State private var failing = false
    @State private var failure: Failure?
    @State private var retries = 0
    var body: some View {
        VStack {
            Text("Retries \(retries)")
            Button("Cover") { covers = true }.accessibilityIdentifier("cover")
            Button("Pop") { pops = true }.accessibilityIdentifier("pop")
            Button("Fail") {
                failure = Failure(id: 1, reason: "disk full")
                failing = true
            }
            .accessibilityIdentifier("fail")
            Button("Fail silently") { failing = true }.accessibilityIdentifier("fail-nil")
            Button("Plain") { retries = -1 }.accessibilityIdentifier("plain-alert")
        }
        .fullScreenCover(isPresented: $covers) { Text("Cover content") }
        .popover(isPresented: $pops) { Text("Popover content") }
        .alert("Saving failed", isPresented: $failing, presenting: failure) { failure in
            Button("Retry \(failure.id)") { retries += 1 }.accessibilityIdentifier("retry")
        } message: { failure in
            Text("Because: \(failure.reason)")
        }
        .alert("Just so you know", isPresented: .constant(retries < 0)) {}
    }
}

@Suite("Presentation forms")
struct PresentationFormsTests {
    @Test("fullScreenCover and popover render modal dialogs of their kind")
    func coverAndPopover() async throws {
        let session = LiveSession(changeLog: .discard) { Forms() }
        _ = await session.html()
        _ = try await session.send(.click("cover"))
        var html = await session.html()
        #expect(html.contains(#"data-lui-dialog="cover""#))
        #expect(html.contains("Cover content"))
        _ = try await session.send(.click("pop"))
        html = await session.html()
        #expect(html.contains(#"data-lui-dialog="popover""#))
        #expect(html.contains(#"aria-label="Popover""#))
    }

    @Test("an alert presenting data shows only with the data, with its message; without actions it has OK")
    func presentingAlert() async throws {
        let session = LiveSession(changeLog: .discard) { Forms() }
        _ = await session.html()
        _ = try await session.send(.click("fail-nil"))
        #expect(!(await session.html()).contains("<dialog"))
        _ = try await session.send(.click("fail"))
        var html = await session.html()
        #expect(html.contains("Because: disk full"))
        #expect(html.contains(">Retry 1</button>"))
        _ = try await session.send(.click("retry"))
        html = await session.html()
        #expect(html.contains("Retries 1"))
        #expect(!html.contains("Saving failed"))
        _ = try await session.send(.click("plain-alert"))
        html = await session.html()
        #expect(html.contains(">Just so you know</h2>"))
        #expect(html.contains(">OK</button>"))
    }
}
