import Foundation
import Synchronization
@testable import LiveUIServer

/// A real server on an ephemeral loopback port with `CounterGraph` pages at `/counter` and `/other`, and a
/// `publicDirectory` of its own holding `app.js`, `app.css` and a hidden file.
final class TestServer: Sendable {
    let server: LiveServer
    let port: Int
    let clock = ManualClock()
    let closed = Counter()
    let publicDirectory: String
    private let graphs = Locked<[CounterGraph]>([])
    let logLines = Locked<[String]>([])

    init(
        routes extra: [Route] = [], head: [HeadElement] = [], app: AppOptions = AppOptions(),
        _ configure: (inout Configuration) -> Void = { _ in }, workersStuck: @escaping @Sendable () -> Bool = { false }
    ) throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("liveui-public-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        try "export const x = 1;\n".write(to: dir.appendingPathComponent("app.js"), atomically: true, encoding: .utf8)
        try "body { margin: 0 }\n".write(to: dir.appendingPathComponent("app.css"), atomically: true, encoding: .utf8)
        try "secret".write(to: dir.appendingPathComponent(".hidden"), atomically: true, encoding: .utf8)
        publicDirectory = dir.path
        var config = Configuration()
        config.port = 0
        config.threads = 2
        config.heartbeatSeconds = 0.2
        config.publicDirectory = dir.path
        config.logLevel = .debug
        config.eventsPerSecond = 0  // tests that need the limit set it
        configure(&config)
        let closed = self.closed
        let graphs = self.graphs
        let make: @Sendable () -> any HostedGraph = {
            let graph = CounterGraph(closedCounter: closed)
            graphs.withLock { $0.append(graph) }
            return graph
        }
        let lines = logLines
        server = try LiveServer(
            configuration: config,
            routes: [Route(path: "/counter", makeGraph: make), Route(path: "/other", makeGraph: make)]
                + extra, app: head.isEmpty ? app : AppOptions(head: head),
            clock: clock.clock, logSink: { line in lines.withLock { $0.append(line) } }, workersStuck: workersStuck)
        port = try server.start()
    }

    /// Every graph made so far, in creation order.
    var madeGraphs: [CounterGraph] { graphs.value }

    /// Creates a session through `POST /liveui/session` and returns (id, token).
    func newSession(route: String = "/counter") async throws -> (id: String, token: String) {
        let r = try await http(port, "POST", "/liveui/session?route=\(route)")
        guard r.status == 200, let id = r.json["session"] as? String, let token = r.json["token"] as? String else {
            throw RawHTTPError(description: "session creation failed: \(r.status) \(r.body)")
        }
        return (id, token)
    }

    /// Posts a JSON event with the session's credentials.
    func event(_ session: (id: String, token: String), _ json: String, extra: [String: String] = [:]) async throws -> RawResponse {
        var headers = ["X-LiveUI-Session": session.id, "X-LiveUI-Token": session.token, "Content-Type": "application/json"]
        headers.merge(extra) { _, new in new }
        return try await http(port, "POST", "/liveui/event", headers: headers, body: json)
    }

    func shutdown() async {
        await server.stop()
        try? FileManager.default.removeItem(atPath: publicDirectory)
    }
}
