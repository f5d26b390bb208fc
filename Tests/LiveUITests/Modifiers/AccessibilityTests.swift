import Testing

@testable import LiveUI

private func render<V: View>(_ view: V) async -> String {
    await LiveSession(changeLog: .discard) { view }.html()
}

/// The attributes of the element carrying `data-aid="a"`.
private func attributes<V: View>(_ view: V) async throws -> [String: String] {
    let tree = try HTMLTree(parsing: await render(view.accessibilityIdentifier("a")))
    return try #require(tree.elements(withAttribute: "data-aid", "a").first).attributes
}

private struct Rated: View {
    @State private var stars = 3
    var body: some View {
        VStack {
            HStack {
                Image(systemName: "star.fill")
                Text("\(stars)")
            }
            .accessibilityElement(children: .ignore)
            .accessibilityLabel("Rating")
            .accessibilityValue("\(stars) of 5")
            .accessibilityIdentifier("rating")
            Button("More") { stars += 1 }.accessibilityIdentifier("more")
        }
    }
}

@Suite("Accessibility modifiers")
struct AccessibilityTests {
    @Test("accessibilityValue is aria-valuetext on a range, otherwise read after the label as aria-description")
    func value() async throws {
        #expect(try await attributes(Text("Volume").accessibilityValue("50%"))["aria-description"] == "50%")
        #expect(try await attributes(ProgressView(value: 0.5).accessibilityValue(Text("half")))["aria-valuetext"] == "half")
        #expect(try await attributes(Slider(value: .constant(0.5)).accessibilityValue("7"))["aria-valuetext"] == "7")
        // The innermost modifier is applied last: a role given outside is there when the value is written.
        let custom = try await attributes(Text("x").accessibilityValue("7").htmlAttribute("role", "slider"))
        #expect(custom["aria-valuetext"] == "7")
    }

    @Test("accessibilityHint is read last: after the value in aria-description, whatever the modifiers' order")
    func hint() async throws {
        #expect(try await attributes(Text("Play").accessibilityHint("Starts the song"))["aria-description"] == "Starts the song")
        let inner = try await attributes(Text("Play").accessibilityValue("3 min").accessibilityHint(Text("Starts the song")))
        let outer = try await attributes(Text("Play").accessibilityHint("Starts the song").accessibilityValue("3 min"))
        #expect(inner["aria-description"] == "3 min, Starts the song")
        #expect(outer["aria-description"] == "3 min, Starts the song")
    }

    @Test("accessibilityHidden(true) is aria-hidden; false leaves it out")
    func hidden() async throws {
        #expect(try await attributes(Text("x").accessibilityHidden(true))["aria-hidden"] == "true")
        #expect(try await attributes(Text("x").accessibilityHidden(false))["aria-hidden"] == nil)
        #expect(try await attributes(Text("x").accessibility(hidden: true))["aria-hidden"] == "true")
    }

    @Test("traits become the role and states a screen reader announces")
    func traits() async throws {
        let button = try await attributes(Text("Go").accessibilityAddTraits(.isButton))
        #expect(button["role"] == "button")
        #expect(button["tabindex"] == "0")
        let native = try await attributes(Button("Go") {}.accessibilityAddTraits([.isButton, .isSelected]))
        #expect(native["role"] == nil)
        #expect(native["aria-pressed"] == "true")
        let header = try await attributes(Text("Title").accessibilityAddTraits(.isHeader))
        #expect(header["role"] == "heading")
        #expect(header["aria-level"] == "2")
        #expect(try await attributes(Text("x").accessibilityAddTraits(.isLink))["role"] == "link")
        #expect(try await attributes(Text("x").accessibilityAddTraits(.isImage))["role"] == "img")
        #expect(try await attributes(Text("x").accessibilityAddTraits(.isSearchField))["role"] == "searchbox")
        #expect(try await attributes(Text("12:00").accessibilityAddTraits(.updatesFrequently))["aria-live"] == "polite")
        #expect(try await attributes(VStack {}.accessibilityAddTraits(.isModal))["aria-modal"] == "true")
        #expect(try await attributes(Text("x").accessibilityAddTraits(.isSelected))["aria-current"] == "true")
        let tab = try await attributes(Text("Tab").accessibilityAddTraits(.isSelected).htmlAttribute("role", "tab"))
        #expect(tab["aria-selected"] == "true")
        let toggle = try await attributes(Text("Wi-Fi").accessibilityAddTraits([.isToggle, .isSelected]))
        #expect(toggle["role"] == "switch")
        #expect(toggle["aria-checked"] == "true")
        let quiet = try await attributes(Text("x").accessibilityAddTraits([.isStaticText, .playsSound, .isKeyboardKey]))
        #expect(quiet.keys.filter { $0.hasPrefix("aria-") || $0 == "role" }.isEmpty)
    }

    @Test("accessibilityRemoveTraits takes back what a trait added; a heading's level goes with its role")
    func removeTraits() async throws {
        let plain = try await attributes(
            Text("x").accessibilityRemoveTraits([.isButton, .isHeader, .updatesFrequently, .isSelected])
                .accessibilityAddTraits([.isButton, .isHeader, .updatesFrequently, .isSelected]))
        #expect(plain["role"] == nil)
        #expect(plain["aria-level"] == nil)
        #expect(plain["aria-live"] == nil)
        #expect(plain["aria-current"] == nil)
        #expect(plain["tabindex"] == nil)
    }

    @Test("accessibilityElement: ignore is an image of its label, contain and combine a group; a native role stays")
    func element() async throws {
        #expect(try await attributes(HStack { Text("a") }.accessibilityElement())["role"] == "img")
        #expect(try await attributes(HStack { Text("a") }.accessibilityElement(children: .contain))["role"] == "group")
        #expect(try await attributes(HStack { Text("a") }.accessibilityElement(children: .combine))["role"] == "group")
        let button = try await attributes(HStack { Text("a") }.accessibilityElement().accessibilityAddTraits(.isButton))
        #expect(button["role"] == "button")
        let buttonInside = try await attributes(HStack { Text("a") }.accessibilityAddTraits(.isButton).accessibilityElement())
        #expect(buttonInside["role"] == "button")
        #expect(try await attributes(Button("a") {}.accessibilityElement(children: .combine))["role"] == nil)
    }

    @Test("accessibilityHeading sets the heading's level")
    func heading() async throws {
        let h1 = try await attributes(Text("Top").accessibilityHeading(.h1))
        #expect(h1["role"] == "heading")
        #expect(h1["aria-level"] == "1")
    }

    @Test("a shape is hidden from assistive technologies until it is labelled, then it is an image")
    func shapes() async throws {
        #expect(try await attributes(Circle().frame(width: 4, height: 4))["aria-hidden"] == "true")
        let labelled = try await attributes(Circle().frame(width: 4, height: 4).accessibilityLabel("Done"))
        #expect(labelled["aria-hidden"] == nil)
        #expect(labelled["role"] == "img")
        #expect(labelled["aria-label"] == "Done")
        let traitImage = try await attributes(Circle().accessibilityAddTraits(.isImage))
        #expect(traitImage["aria-hidden"] == nil)
        #expect(traitImage["role"] == "img")
    }

    @Test("accessibilitySortPriority leaves the page's order and attributes as they are")
    func sortPriority() async {
        let html = await render(VStack { Text("b").accessibilitySortPriority(2); Text("a") })
        #expect(html == (await render(VStack { Text("b"); Text("a") })))
    }

    @Test("a new value patches the aria attributes of the element that carries them")
    func patches() async throws {
        let session = LiveSession(changeLog: .discard) { Rated() }
        let first = await session.html()
        let rating = try #require(lid(in: first, of: "data-aid=\"rating\""))
        #expect(first.contains("role=\"img\""))
        #expect(first.contains("aria-description=\"3 of 5\""))
        #expect(first.contains("aria-label=\"Rating\""))
        let update = try await session.send(.click("more"))
        #expect(update.patches.contains(.attrs(id: rating, set: ["aria-description": "4 of 5"], remove: [])))
    }
}
