import LiveUI

/// `/appearance`: animations the browser plays, and the browser's color scheme, language and time zone.
public struct AppearancePage: View {
    @Environment(\.colorScheme) private var colorScheme
    @Environment(\.locale) private var locale
    @Environment(\.timeZone) private var timeZone
    @State private var shown = false
    @State private var dimmed = false
    @State private var forcesDark = false

    /// The page, in its initial state.
    public init() {}

    public var body: some View {
        NavigationStack {
            VStack(alignment: .leading, spacing: 16) {
                Text("Color scheme: \(colorScheme == .dark ? "dark" : "light")").accessibilityIdentifier("color-scheme")
                Text("Locale: \(locale.identifier)").accessibilityIdentifier("locale")
                Text("Time zone: \(timeZone.identifier)").accessibilityIdentifier("time-zone")
                Toggle("Dark page, whatever the browser prefers", isOn: $forcesDark).accessibilityIdentifier("force-dark")
                Divider()
                HStack(spacing: 12) {
                    Button(shown ? "Hide" : "Show") {
                        withAnimation(.easeInOut(duration: 0.6)) { shown.toggle() }
                    }
                    .accessibilityIdentifier("toggle-banner")
                    Button(dimmed ? "Brighten" : "Dim") { dimmed.toggle() }.accessibilityIdentifier("dim")
                }
                VStack(alignment: .leading, spacing: 8) {
                    if shown {
                        Text("Hello! I slide in and fade out.")
                            .padding()
                            .background(Color.blue.opacity(0.15))
                            .transition(.move(edge: .leading).combined(with: .opacity))
                            .accessibilityIdentifier("banner")
                    }
                    Text("I dim with a bouncy animation.")
                        .opacity(dimmed ? 0.3 : 1)
                        .animation(.bouncy, value: dimmed)
                        .accessibilityIdentifier("dimmable")
                }
                BackLink()
            }
            .padding()
            .navigationTitle("Animation & appearance")
        }
        .preferredColorScheme(forcesDark ? .dark : nil)
    }
}
