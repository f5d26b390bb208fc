import Foundation
import Testing

@testable import LiveUIServer

@Suite("The store setting")
struct StoreSettingTests {
    @Test("memory by default; the file, LIVEUI_STORE and --store set it, flags last")
    func sources() throws {
        #expect(Configuration().store == .memory)
        #expect(!Configuration().store.isDurable)
        let fromEnvironment = try Configuration.load(arguments: [], environment: ["LIVEUI_STORE": "sqlite:/tmp/a.db"])
        #expect(fromEnvironment.store.location == .sqlite(path: "/tmp/a.db"))
        let fromFlag = try Configuration.load(
            arguments: ["--store", "redis://127.0.0.1:6390/2"], environment: ["LIVEUI_STORE": "sqlite:/tmp/a.db"])
        #expect(fromFlag.store.location == .redis(host: "127.0.0.1", port: 6390, database: 2))
        var fromFile = Configuration()
        try fromFile.apply(json: Data(#"{"store": "sqlite:state.db"}"#.utf8), source: "f.json")
        #expect(fromFile.store.description == "sqlite:state.db")
        #expect(fromFile.store.isDurable)
    }

    @Test("a bad value is refused with the store's own message, naming the key and where it came from")
    func badValues() {
        do {
            _ = try Configuration.load(arguments: ["--store", "redis://h:99999"], environment: [:])
            Issue.record("a bad store was accepted")
        } catch {
            #expect(
                error.description
                    == "invalid value for 'store' in command-line flag --store: store \"redis://h:99999\": the port must be a "
                    + "number from 1 to 65535 (expected memory, sqlite:PATH or redis://HOST:PORT[/DB])")
        }
        #expect(throws: ConfigurationError.self) {
            try Configuration.load(arguments: [], environment: ["LIVEUI_STORE": "postgres://x"])
        }
        #expect(throws: (any Error).self) { try StoreSetting("sqlite:") }
    }

    @Test("the default file and the table name the setting at memory")
    func documented() {
        #expect(Configuration.defaultFile.contains(#""store": "memory""#))
        #expect(Configuration.settingsTable.contains("| `store` | `memory` | `LIVEUI_STORE` | `--store` |"))
    }
}
