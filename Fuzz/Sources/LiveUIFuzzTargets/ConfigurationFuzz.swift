import Foundation
@testable import LiveUIServer

/// Configuration from the three places it comes from: the input's first NUL-separated piece is the JSON
/// file; the next lines are `NAME=value` environment variables (`LIVEUI_` added) up to an empty line, the
/// rest command-line arguments, one a line.
///
/// Beyond "no crash": every failure is a `ConfigurationError` with a message naming its key, and every
/// configuration loaded keeps the ranges `Configuration.set` promises.
enum ConfigurationFuzz {
    static func run(_ input: [UInt8]) throws(FuzzFailure) {
        let parts = input.split(separator: 0, maxSplits: 1, omittingEmptySubsequences: false)
        var config = Configuration()
        let applied: Bool
        do {
            try config.apply(json: Data(parts[0]), source: "fuzz.json")
            applied = true
        } catch {
            try require(!error.description.isEmpty, "empty message")
            applied = false
        }
        if applied { try check(config) }
        guard parts.count > 1 else { return }
        let lines = String(decoding: parts[1], as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        var environment: [String: String] = [:]
        var arguments: [String] = []
        var inArguments = false
        for line in lines.prefix(64) {
            if inArguments {
                arguments.append(String(line))
            } else if line.isEmpty {
                inArguments = true
            } else {
                let pair = line.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                environment["LIVEUI_" + pair[0]] = pair.count > 1 ? String(pair[1]) : ""
            }
        }
        // A named file could be any path (a device that never ends): the file is the JSON piece above.
        environment["LIVEUI_CONFIG"] = nil
        if arguments.contains(where: { $0 == "--config" || $0.hasPrefix("--config=") }) { return }
        let loaded: Configuration
        do {
            loaded = try Configuration.load(arguments: arguments, environment: environment, warnings: { _ in })
        } catch {
            try require(!error.description.isEmpty, "empty message")
            return
        }
        try check(loaded)
    }

    /// The ranges `Configuration.set` promises.
    static func check(_ c: Configuration) throws(FuzzFailure) {
        try require((0...65_535).contains(c.port), "port \(c.port)")
        try require((1...256).contains(c.threads), "threads \(c.threads)")
        try require(c.sessionIdleTTL.isFinite && c.sessionIdleTTL > 0, "sessionIdleTTL")
        try require(c.unusedSessionTTL.isFinite && c.unusedSessionTTL > 0, "unusedSessionTTL")
        try require(c.heartbeatSeconds.isFinite && c.heartbeatSeconds > 0, "heartbeatSeconds")
        try require(c.eventsPerSecond.isFinite && c.eventsPerSecond >= 0, "eventsPerSecond")
        try require(c.sessionsPerSecondPerAddress.isFinite && c.sessionsPerSecondPerAddress > 0, "sessionsPerSecondPerAddress")
        try require(c.maxSessions >= 1 && c.maxBodyBytes >= 1 && c.connectionLimit >= 1 && c.eventBurst >= 1, "limits")
        try require(c.connectionMemoryLimit >= 16_384 && c.maxStreamsPerSession >= 1, "connection limits")
        try require(!c.host.isEmpty && c.host.allSatisfy { $0.isHexDigit || $0 == "." || $0 == ":" }, "host \(c.host)")
        try require(!c.publicDirectory.isEmpty, "publicDirectory")
    }
}
