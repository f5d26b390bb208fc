import Foundation
import Testing

@testable import LiveUI

struct Controls: View {
    @State private var volume = 0.5
    @State private var on = false
    @State private var flavor = "vanilla"
    @State private var count = 0
    var body: some View {
        VStack {
            Text("Count \(count)")
            Button("A") { count += 1 }.accessibilityIdentifier("dup")
            Button("B") { count += 10 }.accessibilityIdentifier("dup")
            Slider(value: $volume, in: 0...1).accessibilityIdentifier("volume")
            Toggle("Power", isOn: $on).accessibilityIdentifier("power")
            Picker("Flavor", selection: $flavor) {
                ForEach(["vanilla", "chocolate"], id: \.self) { Text($0) }
            }
            .accessibilityIdentifier("flavor")
            Text("Volume \(volume) \(on ? "on" : "off") \(flavor)")
            Button("Off") { count = -1 }.disabled(true).accessibilityIdentifier("disabled")
        }
    }
}

@Suite("LiveSession: events and typed errors")
struct LiveSessionTests {
    @Test("errors are typed and leave the graph untouched")
    func errorsChangeNothing() async throws {
        let session = LiveSession(changeLog: .discard) { Controls() }
        let before = await session.html()
        await #expect(throws: LiveError.unknownTarget("nope")) { try await session.send(.click("nope")) }
        await #expect(throws: LiveError.self) { try await session.send(.click("dup")) }
        do {
            _ = try await session.send(.click("dup"))
        } catch let LiveError.ambiguousTarget(lids) {
            #expect(lids.count == 2)
        }
        await #expect(throws: LiveError.unsupportedEvent(target: "volume", type: "click")) {
            try await session.send(.click("volume"))
        }
        await #expect(throws: LiveError.self) { try await session.send(.change("volume", "loud")) }
        await #expect(throws: LiveError.self) { try await session.send(.change("power", "maybe")) }
        await #expect(throws: LiveError.self) { try await session.send(.change("flavor", "strawberry")) }
        await #expect(throws: LiveError.self) { try await session.send(ClientEvent(target: "volume", type: "input")) }
        await #expect(throws: LiveError.self) { try await session.send(.click("disabled")) }
        #expect(await session.html() == before)
        #expect(session.version == 0)
    }

    @Test("controls write their bindings; versions grow by one per update with patches")
    func controlsWriteBindings() async throws {
        let session = LiveSession(changeLog: .discard) { Controls() }
        _ = await session.html()
        let first = try await session.send(.change("volume", "0.25"))
        #expect(first.version == 1)
        _ = try await session.send(.change("power", "true"))
        let third = try await session.send(.change("flavor", "chocolate"))
        #expect(third.version == 3)
        let html = await session.html()
        #expect(html.contains("Volume 0.25 on chocolate"))
        #expect(html.contains("checked=\"\""))
        #expect(html.contains("<option data-lid=") && html.contains("value=\"chocolate\" selected=\"\""))
        let noop = try await session.send(.change("power", "true"))
        #expect(noop.patches.isEmpty)
        #expect(noop.version == 3)
    }

    @Test("a lid works as a target as well as an accessibility identifier")
    func lidTargets() async throws {
        let session = LiveSession(changeLog: .discard) { Controls() }
        let html = await session.html()
        let power = try #require(lid(in: html, of: "data-aid=\"power\""))
        _ = try await session.send(ClientEvent(target: power, type: "click"))
        #expect(await session.html().contains("checked"))
    }

    @Test("sessions run in parallel without sharing anything")
    func parallelSessions() async throws {
        try await withThrowingTaskGroup(of: String.self) { group in
            for i in 0..<8 {
                group.addTask {
                    let session = LiveSession(changeLog: .discard) { Controls() }
                    let button = try #require(lid(in: await session.html(), of: "type=\"button\""))
                    for _ in 0..<(i + 1) { _ = try await session.send(.click(button)) }
                    return await session.html()
                }
            }
            var results: [String] = []
            for try await html in group { results.append(html) }
            #expect(Set(results).count == 8)
        }
    }

    @Test("the tree JSON names types, identities, lids and state")
    func treeJSON() async throws {
        let session = LiveSession(changeLog: .discard) { Controls() }
        let json = await session.treeJSON()
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        #expect(object?["lid"] as? String == "root")
        #expect(json.contains("\"type\":\"Controls\""))
        #expect(json.contains("\"_volume\":\"0.5\""))
    }
}
