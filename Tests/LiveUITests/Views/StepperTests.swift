import Testing

@testable import LiveUI

private struct Quantity: View {
    @State var count = 1
    @State var edits: [Bool] = []
    var body: some View {
        VStack {
            Stepper("Count \(count)", value: $count, in: 0...3, step: 2, onEditingChanged: { edits.append($0) })
                .accessibilityIdentifier("count")
            Text("edits \(edits.map { $0 ? "t" : "f" }.joined())").accessibilityIdentifier("edits")
        }
    }
}

private struct Custom: View {
    @State private var log = ""
    var body: some View {
        Stepper(onIncrement: { log += "+" }, onDecrement: { log += "-" }) {
            Text("Log \(log)")
        }
    }
}

@Suite("Stepper")
struct StepperTests {
    @Test("steps by step, clamps at the range's ends, disables the button that would leave it, reports editing")
    func stepsAndClamps() async throws {
        var driver = try await ControlDriver(LiveSession(changeLog: .discard) { Quantity() })
        #expect(try driver.element("aria-label", "Count 1").attributes["role"] == "group")
        let increment = try driver.lid("aria-label", "Increment")
        try await driver.send(.click(increment))
        // 1 + 2 = 3, the upper bound: + is disabled.
        #expect(driver.tree.root.textContent.contains("Count 3"))
        #expect(try driver.element("aria-label", "Increment").attributes["disabled"] != nil)
        #expect(driver.tree.root.textContent.contains("edits tf"))
        let decrement = try driver.lid("aria-label", "Decrement")
        try await driver.send(.click(decrement))
        try await driver.send(.click(decrement))
        // 3 - 2 = 1, then 1 - 2 clamps to 0 (SwiftUI clamps at the range's ends).
        #expect(driver.tree.root.textContent.contains("Count 0"))
        #expect(try driver.element("aria-label", "Decrement").attributes["disabled"] != nil)
        await #expect(throws: LiveError.self) { try await driver.session.send(.click(decrement)) }
    }

    @Test("a value from a change event is set when in range and refused (nothing changes) when out of it or not a number")
    func changeEvents() async throws {
        var driver = try await ControlDriver(LiveSession(changeLog: .discard) { Quantity() })
        try await driver.send(.change("count", "2"))
        #expect(driver.tree.root.textContent.contains("Count 2"))
        #expect(await driver.refuses(.change("count", "4")))
        #expect(await driver.refuses(.change("count", "-1")))
        #expect(await driver.refuses(.change("count", "two")))
        #expect(await driver.session.html().contains("Count 2"))
    }

    @Test("onIncrement and onDecrement run their actions; a custom label is a child view")
    func actions() async throws {
        var driver = try await ControlDriver(LiveSession(changeLog: .discard) { Custom() })
        try await driver.send(.click(try driver.lid("aria-label", "Increment")))
        try await driver.send(.click(try driver.lid("aria-label", "Decrement")))
        #expect(driver.tree.root.textContent.contains("Log +-"))
    }
}
