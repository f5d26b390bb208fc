import Testing

@testable import LiveUI

@Suite("ProgressView")
struct ProgressViewTests {
    @Test("value and total become <progress value max>, clamped; labels sit above and below; nil is indeterminate")
    func forms() async throws {
        let driver = try await ControlDriver(
            LiveSession(changeLog: .discard) {
                VStack {
                    ProgressView(value: 3, total: 10)
                    ProgressView(value: 12.0, total: 10)
                    ProgressView("Loading", value: 0.5)
                    ProgressView(value: 0.25) { Text("Upload") } currentValueLabel: { Text("25%") }
                    ProgressView()
                    ProgressView(value: Double?.none)
                }
            })
        let bars = driver.tree.allElements.filter { $0.tag == "progress" }
        #expect(bars.map { $0.attributes["value"] } == ["3", "10", "0.5", "0.25", nil, nil])
        #expect(bars.map { $0.attributes["max"] } == ["10", "10", "1", "1", nil, nil])
        #expect(bars[2].attributes["aria-label"] == "Loading")
        let labelled = driver.tree.allElements.filter { $0.attributes["class"] == "lui-progressview" }
        #expect(labelled.map(\.textContent) == ["Loading", "Upload25%"])
    }
}
