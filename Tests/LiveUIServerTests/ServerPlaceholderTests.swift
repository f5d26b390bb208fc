import Testing
@testable import LiveUIServer
@Suite struct ServerPlaceholder { @Test func linksLiveUI() { #expect(Update(version: 1, patches: []).json == "{\"version\":1,\"patches\":[]}") } }
