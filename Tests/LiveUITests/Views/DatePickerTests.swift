import Foundation
import Testing

@testable import LiveUI

private struct Delivery: View {
    static let start = Date(timeIntervalSince1970: 1_798_761_600)  // 2027-01-01T00:00:00Z
    @State private var when = Delivery.start
    var body: some View {
        VStack {
            DatePicker("When", selection: $when, in: Delivery.start...Delivery.start.addingTimeInterval(86400 * 30))
                .accessibilityIdentifier("when")
            DatePicker(selection: $when, displayedComponents: .date) { Text("Day") }.accessibilityIdentifier("day")
            DatePicker("Time", selection: $when, displayedComponents: .hourAndMinute).accessibilityIdentifier("time")
            Text(when.formatted(.iso8601)).accessibilityIdentifier("value")
        }
    }
}

@Suite("DatePicker")
struct DatePickerTests {
    @Test("each picker's input type follows its components; the instant and range travel as ISO 8601 in UTC")
    func rendering() async throws {
        let driver = try await ControlDriver(LiveSession(changeLog: .discard) { Delivery() })
        let inputs = driver.tree.allElements.filter { $0.attributes["data-instant"] != nil }
        #expect(inputs.map { $0.attributes["type"] ?? "" } == ["datetime-local", "date", "time"])
        #expect(inputs.allSatisfy { $0.attributes["data-instant"] == "2027-01-01T00:00:00Z" })
        #expect(inputs[0].attributes["data-min"] == "2027-01-01T00:00:00Z")
        #expect(inputs[0].attributes["data-max"] == "2027-01-31T00:00:00Z")
        #expect(inputs[0].attributes["aria-label"] == "When")
        #expect(try driver.element("data-aid", "day").tag == "label")
    }

    @Test("a change with an instant and its offset sets the selection; every picker of it shows the new instant")
    func setsSelection() async throws {
        var driver = try await ControlDriver(LiveSession(changeLog: .discard) { Delivery() })
        try await driver.send(.change("when", "2027-01-02T15:30:00+01:00"))
        #expect(try driver.element("data-aid", "value").textContent == "2027-01-02T14:30:00Z")
        try await driver.send(.change("day", "2027-01-03T14:30:00.000Z"))
        #expect(try driver.element("data-aid", "value").textContent == "2027-01-03T14:30:00Z")
        let instants = driver.tree.allElements.compactMap { $0.attributes["data-instant"] }
        #expect(instants == Array(repeating: "2027-01-03T14:30:00Z", count: 3))
    }

    @Test("a date that does not parse, lacks its offset or lies outside the range is refused and changes nothing")
    func refusesBadDates() async throws {
        let driver = try await ControlDriver(LiveSession(changeLog: .discard) { Delivery() })
        #expect(await driver.refuses(.change("when", "tomorrow")))
        #expect(await driver.refuses(.change("when", "2027-01-02T15:30")))
        #expect(await driver.refuses(.change("when", "2027-02-30T10:00:00Z")))
        #expect(await driver.refuses(.change("when", "2026-12-31T23:59:59Z")))
        #expect(await driver.refuses(.change("when", "2027-02-01T00:00:00Z")))
        #expect(await driver.refuses(ClientEvent(target: "when", type: "change")))
        // The unbounded pickers take what the bounded one refuses.
        #expect(try await driver.session.send(.change("time", "2027-02-01T00:00:00Z")).patches.isEmpty == false)
    }
}
