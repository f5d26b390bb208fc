import Foundation
@testable import LiveUIServer

/// A `redis-server` the tests start on a free loopback port, without persistence (`--save ''
/// --appendonly no`), and can kill and start again on the same port.
final class RedisServer: Sendable {
    /// The server the behaviour suites share (each store on it uses keys of its own), started on first
    /// use and killed when the test process exits; nil with the reason if it cannot start.
    static let shared: Result<RedisServer, RedisServerError> = {
        let result = Result { () throws(RedisServerError) in try RedisServer() }
        if case .success = result { atexit { if case .success(let server) = RedisServer.shared { server.kill() } } }
        return result
    }()

    let port: Int
    private let process = Shared<Process?>(nil)

    /// Starts a server on a free port and waits until it answers.
    init() throws(RedisServerError) {
        port = try Self.freePort()
        try start()
    }

    /// Starts the server (again) on its port and waits until it answers `PING`.
    func start() throws(RedisServerError) {
        guard let executable = ["/usr/bin/redis-server", "/usr/local/bin/redis-server"].first(where: {
            FileManager.default.isExecutableFile(atPath: $0)
        }) else { throw RedisServerError(description: "redis-server is not installed (make test-deps installs it)") }
        let child = Process()
        child.executableURL = URL(fileURLWithPath: executable)
        child.arguments = [
            "--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--daemonize", "no",
            "--protected-mode", "yes", "--loglevel", "warning", "--dir", NSTemporaryDirectory(),
        ]
        child.standardOutput = FileHandle.nullDevice
        do { try child.run() } catch { throw RedisServerError(description: "redis-server did not start: \(error)") }
        process.withLock { $0 = child }
        // Polls until the server answers, with a deadline: its readiness is not announced any other way.
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            if let connection = try? RESPConnection(host: "127.0.0.1", port: port, database: 0, timeout: 1),
                (try? connection.pipeline([[Array("PING".utf8)]])) == [.simple("PONG")]
            {
                return
            }
            usleep(20_000)
        }
        throw RedisServerError(description: "redis-server did not answer on port \(port)")
    }

    /// Kills the server (SIGKILL) and waits until it is gone.
    func kill() {
        guard let child = process.withLock({ process -> Process? in defer { process = nil }; return process }) else { return }
        Glibc.kill(child.processIdentifier, SIGKILL)
        child.waitUntilExit()
    }

    /// Sends one command to the server and returns its reply.
    func command(_ words: String...) throws -> RESPValue {
        let connection = try RESPConnection(host: "127.0.0.1", port: port, database: 0, timeout: 2)
        return try connection.pipeline([words.map { Array($0.utf8) }])[0]
    }

    /// A port no one listens on now: bound to port 0, read, closed.
    private static func freePort() throws(RedisServerError) -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ok = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0
            }
        }
        guard ok else { throw RedisServerError(description: "no free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

/// Why the test Redis could not be started.
struct RedisServerError: Error, CustomStringConvertible {
    var description: String
}
