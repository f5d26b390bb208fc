import Foundation
import LiveUI

/// `/clock`: a `.task` updates the time twice a second; every open tab receives the patches.
public struct ClockPage: View {
    @State private var now = Date()
    @State private var ticks = 0

    private static let formatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateFormat = "HH:mm:ss"
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter
    }()

    /// The page, in its initial state.
    public init() {}

    public var body: some View {
        NavigationStack {
            VStack(spacing: 16) {
                Text(ClockPage.formatter.string(from: now) + " UTC").font(.largeTitle).accessibilityIdentifier("time")
                ProgressView(value: Double(Calendar.current.component(.second, from: now)), total: 59)
                Text("Ticks pushed: \(ticks)").font(.footnote).accessibilityIdentifier("ticks")
                BackLink()
            }
            .padding()
            .navigationTitle("Clock")
        }
        .task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(500))
                now = Date()
                ticks += 1
            }
        }
    }
}
