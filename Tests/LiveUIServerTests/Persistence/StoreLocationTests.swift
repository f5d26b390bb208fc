import Testing
@testable import LiveUIServer

@Suite("StoreLocation")
struct StoreLocationTests {
    @Test("each accepted spelling parses to its location and prints back", arguments: [
        ("memory", StoreLocation.memory),
        ("sqlite:/var/lib/liveui/state.db", .sqlite(path: "/var/lib/liveui/state.db")),
        ("sqlite:state.db", .sqlite(path: "state.db")),
        ("redis://127.0.0.1:6379", .redis(host: "127.0.0.1", port: 6379, database: 0)),
        ("redis://cache.internal:6380/3", .redis(host: "cache.internal", port: 6380, database: 3)),
        ("redis://[::1]:7000/1", .redis(host: "::1", port: 7000, database: 1)),
    ])
    func accepted(text: String, location: StoreLocation) throws {
        #expect(try StoreLocation.parse(text) == location)
        #expect(try StoreLocation.parse(location.description) == location)
    }

    @Test("redis without a port or database takes 6379 and database 0")
    func redisDefaults() throws {
        #expect(try StoreLocation.parse("redis://localhost") == .redis(host: "localhost", port: 6379, database: 0))
        #expect(try StoreLocation.parse("redis://localhost/") == .redis(host: "localhost", port: 6379, database: 0))
    }

    @Test("bad settings are refused with a reason naming what is wrong", arguments: [
        ("", "unknown store"), ("Memory", "unknown store"), ("postgres://x", "unknown store"), ("sqlite:", "needs a file path"),
        ("sqlite:/tmp/", "directory"), ("sqlite:/tmp/a\0b", "NUL"), ("redis://", "no host"), ("redis://:6379", "no host"),
        ("redis://h:0", "port"), ("redis://h:65536", "port"), ("redis://h:x", "port"), ("redis://h:", "port"),
        ("redis://h:6379/x", "database"), ("redis://h:6379/-1", "database"), ("redis://user:pw@h:6379", "credentials"),
        ("redis://[::1", "unclosed"), ("redis://[::1]x", "after ]"), ("redis://h h:1", "host"),
    ])
    func refused(text: String, reason: String) {
        #expect {
            try StoreLocation.parse(text)
        } throws: { error in
            guard let error = error as? StoreLocationError else { return false }
            return error.reason.contains(reason) && error.description.contains("expected memory, sqlite:PATH or redis://")
        }
    }

    @Test("a message quoting a setting with control characters stays on one line")
    func escapedMessage() throws {
        let error = try #require(throws: StoreLocationError.self) { try StoreLocation.parse("bogus\nline") }
        #expect(!error.description.contains("\n"))
    }
}
