import Foundation
import Testing

@testable import LiveUI

private struct SchemeReader: View {
    @Environment(\.colorScheme) private var colorScheme
    var body: some View { Text(colorScheme == .dark ? "dark" : "light").accessibilityIdentifier("scheme") }
}

private struct PlaceReader: View {
    @Environment(\.locale) private var locale
    @Environment(\.timeZone) private var timeZone
    var body: some View { Text("\(locale.identifier) \(timeZone.identifier)") }
}

private struct Page: View {
    var body: some View {
        VStack {
            SchemeReader()
            PlaceReader()
            Text("static")
        }
    }
}

private struct Forced: View {
    @Environment(\.colorScheme) private var colorScheme
    @State private var forces = true
    var body: some View {
        VStack {
            Text("outer \(colorScheme == .dark ? "dark" : "light")")
            Button("Flip") { forces.toggle() }.accessibilityIdentifier("flip")
            SchemeReader()
        }
        .preferredColorScheme(forces ? .dark : nil)
    }
}

private func environment(_ json: String) -> ClientEvent { ClientEvent(target: "root", type: "environment", value: json) }

@Suite("Appearance and locale")
struct AppearanceTests {
    @Test("the browser's color scheme reaches the views reading it, and only them")
    func colorScheme() async throws {
        let session = LiveSession { Page() }
        #expect(await session.html().contains(">light<"))
        let before = session.statistics.bodyEvaluations
        let update = try await session.send(environment(#"{"colorScheme":"dark"}"#))
        #expect(update.patches.count == 1)
        #expect(await session.html().contains(">dark<"))
        let after = session.statistics.bodyEvaluations
        #expect(after["SchemeReader"] == (before["SchemeReader"] ?? 0) + 1)
        #expect(after["PlaceReader"] == before["PlaceReader"])
        #expect(try await session.send(environment(#"{"colorScheme":"dark"}"#)).patches.isEmpty)
    }

    @Test("locale and time zone come from the browser")
    func localeAndTimeZone() async throws {
        let session = LiveSession { Page() }
        let defaults = EnvironmentValues()
        #expect(await session.html().contains("en_US_POSIX \(defaults.timeZone.identifier)"))
        #expect(defaults.timeZone.secondsFromGMT() == 0)
        _ = try await session.send(environment(#"{"locale":"de-DE","timeZone":"Europe/Berlin"}"#))
        #expect(await session.html().contains("de-DE Europe/Berlin"))
    }

    @Test("bad values are refused and change nothing", arguments: [
        #"{"colorScheme":"purple"}"#, #"{"timeZone":"Mars/Olympus"}"#, #"{"locale":"<script>"}"#,
        #"{"locale":"de-DE","timeZone":"Nowhere/None"}"#, #"{"font":"big"}"#, "dark", "",
    ])
    func refused(value: String) async throws {
        let session = LiveSession { Page() }
        let html = await session.html()
        await #expect(throws: LiveError.self) { try await session.send(environment(value)) }
        #expect(await session.html() == html)
        #expect(session.version == 0)
    }

    @Test("preferredColorScheme sets the whole page's scheme, the view that asks included, while it is shown")
    func preferred() async throws {
        let session = LiveSession { Forced() }
        let html = await session.html()
        #expect(html.contains("data-color-scheme=\"dark\""))
        #expect(html.contains(">dark<"))
        #expect(html.contains(">outer dark<"))
        #expect(try await session.send(environment(#"{"colorScheme":"light"}"#)).patches.isEmpty)
        _ = try await session.send(.click("flip"))
        let released = await session.html()
        #expect(released.contains(">outer light<"))
        #expect(!released.contains("data-color-scheme"))
        _ = try await session.send(environment(#"{"colorScheme":"dark"}"#))
        #expect(await session.html().contains(">outer dark<"))
    }

    @Test("language tags are checked by shape")
    func languageTags() {
        #expect(ClientEnvironment.isLanguageTag("en"))
        #expect(ClientEnvironment.isLanguageTag("zh-Hant-TW"))
        #expect(!ClientEnvironment.isLanguageTag("e"))
        #expect(!ClientEnvironment.isLanguageTag("en--US"))
        #expect(!ClientEnvironment.isLanguageTag("en US"))
    }
}
