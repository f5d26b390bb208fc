import Testing

@testable import LiveUI

/// A toggle drawn as a check mark button, as SwiftUI's documentation shows.
private struct CheckStyle: ToggleStyle {
    func makeBody(configuration: Configuration) -> some View {
        Button {
            configuration.isOn.toggle()
        } label: {
            HStack {
                Text(configuration.isOn ? "☑" : "☐")
                configuration.label
            }
        }
        .accessibilityIdentifier("check")
    }
}

/// A label with its icon after its title.
private struct TrailingIcon: LabelStyle {
    func makeBody(configuration: Configuration) -> some View {
        HStack {
            configuration.title
            configuration.icon
        }
    }
}

private struct Settings: View {
    @State private var isOn = false
    var body: some View {
        VStack {
            Toggle("Wi-Fi", isOn: $isOn).toggleStyle(CheckStyle())
            Text(isOn ? "on" : "off").accessibilityIdentifier("state")
        }
    }
}

private func render<V: View>(_ view: V) async -> String {
    await LiveSession(changeLog: .discard) { view }.html()
}

@Suite("Label, toggle and list styles")
struct ControlStyleTests {
    @Test("iconOnly and titleOnly are classes on the label; a custom label style arranges title and icon")
    func labels() async {
        let label = Label("Star", systemImage: "star")
        #expect(await render(label.labelStyle(.iconOnly)).contains("class=\"lui-label lui-label-icon-only\""))
        #expect(await render(label.labelStyle(.titleOnly)).contains("class=\"lui-label lui-label-title-only\""))
        #expect(await render(label.labelStyle(.titleAndIcon)) == (await render(label)))
        let custom = await render(label.labelStyle(TrailingIcon()))
        #expect(custom.contains("class=\"lui-label lui-label-styled\"><div"))
        let title = custom.range(of: ">Star</span>")?.lowerBound
        let icon = custom.range(of: "class=\"lui-symbol\"")?.lowerBound
        #expect(title.flatMap { title in icon.map { title < $0 } } == true)
    }

    @Test("button and checkbox are classes on the toggle (a checkbox loses the switch role); switch is the default")
    func toggles() async {
        let toggle = Toggle("On", isOn: .constant(true))
        #expect(await render(toggle.toggleStyle(.switch)) == (await render(toggle)))
        #expect(await render(toggle.toggleStyle(.button)).contains("class=\"lui-toggle lui-toggle-button\""))
        let checkbox = await render(toggle.toggleStyle(.checkbox))
        #expect(checkbox.contains("class=\"lui-toggle lui-toggle-checkbox\""))
        #expect(checkbox.contains("role=\"checkbox\""))
    }

    @Test("a custom toggle style gets the label and a binding that writes the toggle's state")
    func customToggle() async throws {
        let session = LiveSession(changeLog: .discard) { Settings() }
        let html = await session.html()
        #expect(html.contains("class=\"lui-toggle-styled\""))
        #expect(html.contains(">☐</span>"))
        #expect(html.contains(">Wi-Fi</span>"))
        _ = try await session.send(.click("check"))
        let after = await session.html()
        #expect(after.contains(">☑</span>"))
        #expect(after.contains(">on</span>"))
    }

    @Test("listStyle is a class on every list below")
    func lists() async {
        let list = List { Text("a") }
        #expect(await render(list.listStyle(.plain)).contains("class=\"lui-list lui-list-plain\""))
        #expect(await render(list.listStyle(.insetGrouped)).contains("class=\"lui-list lui-list-inset-grouped\""))
        #expect(await render(list.listStyle(.grouped)).contains("class=\"lui-list lui-list-grouped\""))
        #expect(await render(list.listStyle(.inset)).contains("class=\"lui-list lui-list-inset\""))
        #expect(await render(list.listStyle(.sidebar)).contains("class=\"lui-list lui-list-sidebar\""))
        #expect(await render(list.listStyle(.automatic)) == (await render(list)))
    }
}
