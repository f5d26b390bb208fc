import Dispatch
import Foundation

/// A parsed HTTP response read from a raw socket.
struct RawResponse {
    var status: Int
    var headers: [(String, String)]
    var body: String

    func header(_ name: String) -> String? { headers.first { $0.0.lowercased() == name.lowercased() }?.1 }
    func headers(_ name: String) -> [String] { headers.filter { $0.0.lowercased() == name.lowercased() }.map(\.1) }
    /// The first Set-Cookie header's `name=value`, without its attributes; nil when there is none.
    /// (Written out inside `#require`, this expression alone took seconds to type-check.)
    var firstCookie: String? {
        guard let header = header("Set-Cookie"), let pair = header.split(separator: ";").first else { return nil }
        return String(pair)
    }

    /// The body parsed as a JSON object.
    var json: [String: Any] { (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any] ?? [:] }
    /// `error` of a JSON error body.
    var errorCode: String? { json["error"] as? String }
}

struct RawHTTPError: Error, CustomStringConvertible {
    var description: String
}

/// One HTTP/1.1 connection over a POSIX socket, so tests can send anything, malformed bytes included.
/// Reads time out after 10 s (a safety net against hangs, never a synchronisation).
final class RawConnection: @unchecked Sendable {  // used by one task at a time
    private let fd: Int32
    private var buffer: [UInt8] = []

    /// Connects to `port` on 127.0.0.1, from the loopback address `source` when given (any 127.x.y.z).
    init(port: Int, source: String? = nil) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw RawHTTPError(description: "socket failed") }
        // Long enough for a loaded machine under the thread sanitizer (answers have taken over 10 s there);
        // no test waits for it to run out.
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            local.sin_addr.s_addr = inet_addr(source)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0 else {
                close(fd)
                throw RawHTTPError(description: "bind to \(source) failed")
            }
        }
        var addr = sockaddr_in()
        addr.sin_family = sa_family_t(AF_INET)
        addr.sin_port = in_port_t(UInt16(port).bigEndian)
        addr.sin_addr.s_addr = inet_addr("127.0.0.1")
        let rc = withUnsafePointer(to: &addr) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard rc == 0 else {
            close(fd)
            throw RawHTTPError(description: "connect failed")
        }
    }

    deinit { close(fd) }

    func send(_ text: String) throws { try send(Array(text.utf8)) }

    func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { throw RawHTTPError(description: "send failed") }
            offset += n
        }
    }

    /// Reads more bytes into the buffer; false at end of stream.
    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
        if n < 0 { throw RawHTTPError(description: "recv failed or timed out (errno \(errno))") }
        if n == 0 { return false }
        buffer.append(contentsOf: chunk[0..<n])
        return true
    }

    private func readLine() throws -> String {
        while true {
            if let i = buffer.firstIndex(of: 0x0A) {
                let line = buffer[0..<i]
                buffer.removeFirst(i + 1)
                return String(decoding: line.last == 0x0D ? line.dropLast() : line, as: UTF8.self)
            }
            guard try fill() else { throw RawHTTPError(description: "connection closed mid-line") }
        }
    }

    private func readBytes(_ count: Int) throws -> [UInt8] {
        while buffer.count < count {
            guard try fill() else { throw RawHTTPError(description: "connection closed mid-body") }
        }
        let out = Array(buffer[0..<count])
        buffer.removeFirst(count)
        return out
    }

    /// Whether the peer closed the connection (no more bytes).
    func isClosedByPeer() throws -> Bool {
        if !buffer.isEmpty { return false }
        return try !fill()
    }

    /// Reads the status line and headers.
    func readHead() throws -> (status: Int, headers: [(String, String)]) {
        let statusLine = try readLine()
        let parts = statusLine.split(separator: " ")
        guard parts.count >= 2, let status = Int(parts[1]) else { throw RawHTTPError(description: "bad status line \(statusLine)") }
        var headers: [(String, String)] = []
        while true {
            let line = try readLine()
            if line.isEmpty { break }
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers.append((String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        return (status, headers)
    }

    /// Reads one complete response.
    func readResponse(head: Bool = false) throws -> RawResponse {
        let (status, headers) = try readHead()
        var response = RawResponse(status: status, headers: headers, body: "")
        if head || status == 304 || status == 204 { return response }
        if response.header("transfer-encoding")?.lowercased() == "chunked" {
            var body: [UInt8] = []
            while let chunk = try readChunk() { body += chunk }
            response.body = String(decoding: body, as: UTF8.self)
        } else if let length = response.header("content-length").flatMap(Int.init) {
            response.body = String(decoding: try readBytes(length), as: UTF8.self)
        } else {
            while try fill() {}
            response.body = String(decoding: buffer, as: UTF8.self)
            buffer = []
        }
        return response
    }

    /// One chunk of a chunked body; nil after the last one.
    func readChunk() throws -> [UInt8]? {
        let sizeLine = try readLine()
        guard let size = Int(sizeLine.split(separator: ";").first ?? "", radix: 16) else {
            throw RawHTTPError(description: "bad chunk size \(sizeLine)")
        }
        if size == 0 {
            _ = try readLine()
            return nil
        }
        let data = try readBytes(size)
        _ = try readLine()
        return data
    }
}

/// One Server-Sent Event (or a comment when `comment` is set).
struct SSEEvent: Equatable {
    var id: String?
    var event: String?
    var data: String
    var comment: String?
}

/// Reads an event stream from a connection whose head was already read.
final class SSEReader: @unchecked Sendable {  // used by one task at a time
    let connection: RawConnection
    private var text = ""
    private(set) var ended = false

    init(connection: RawConnection) { self.connection = connection }

    /// The next event (comments included), or nil when the stream ended.
    func next() throws -> SSEEvent? {
        while true {
            if let range = text.range(of: "\n\n") {
                let block = String(text[..<range.lowerBound])
                text.removeSubrange(..<range.upperBound)
                var event = SSEEvent(id: nil, event: nil, data: "", comment: nil)
                var dataLines: [String] = []
                var isEvent = false
                for line in block.split(separator: "\n", omittingEmptySubsequences: false) {
                    if line.hasPrefix(":") {
                        event.comment = line.dropFirst().trimmingCharacters(in: .whitespaces)
                    } else if line.hasPrefix("id: ") {
                        event.id = String(line.dropFirst(4)); isEvent = true
                    } else if line.hasPrefix("event: ") {
                        event.event = String(line.dropFirst(7)); isEvent = true
                    } else if line.hasPrefix("data: ") {
                        dataLines.append(String(line.dropFirst(6))); isEvent = true
                    }
                }
                event.data = dataLines.joined(separator: "\n")
                if isEvent || event.comment != nil { return event }
                continue  // e.g. a `retry:` block
            }
            if ended { return nil }
            guard let chunk = try connection.readChunk() else {
                ended = true
                continue
            }
            text += String(decoding: chunk, as: UTF8.self)
        }
    }

    /// The next event that is not a comment. Throws when none came within `seconds`: a stream's
    /// heartbeat comments keep the socket's own read timeout from ever running out, so a test waiting
    /// for an event that never comes would otherwise wait forever.
    func nextEvent(within seconds: Double = 30) throws -> SSEEvent? {
        let deadline = ContinuousClock.now + .seconds(seconds)
        while let e = try next() {
            if e.comment == nil { return e }
            if ContinuousClock.now > deadline { throw RawHTTPError(description: "no event within \(seconds) s, only comments") }
        }
        return nil
    }
}

/// Runs blocking socket work on a thread of its own: never on Swift's cooperative pool (which the server
/// needs for async work such as `treeJSON()`; tests run in parallel on few cores), nor on libdispatch's
/// global pool, which the server and the test doubles answer on. On Linux that pool starts with a thread
/// per core and adds about one a second while its threads block, so a burst of clients blocked in `recv`
/// there would hold back the very answers they wait for (200 concurrent events took a minute under the
/// thread sanitizer, and some waited past the 10 s receive timeout).
func blocking<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result { try body() }) }
        thread.stackSize = 1 << 20
        thread.start()
    }
}

/// Sends one request on a fresh connection and reads the response.
func http(
    _ port: Int, _ method: String, _ path: String, headers: [String: String] = [:], body: String? = nil
) async throws -> RawResponse {
    try await blocking { try httpSync(port, method, path, headers: headers, body: body) }
}

/// Sends raw bytes on a fresh connection and reads the response.
func rawRequest(_ port: Int, _ text: String) async throws -> RawResponse {
    try await blocking { try rawRequestSync(port, text) }
}

extension SSEReader {
    /// The next event or comment, read off the cooperative pool.
    func nextAsync() async throws -> SSEEvent? { try await blocking { try self.next() } }
    /// The next event that is not a comment, read off the cooperative pool.
    func nextEventAsync() async throws -> SSEEvent? { try await blocking { try self.nextEvent() } }
}

extension RawConnection {
    func sendAsync(_ text: String) async throws { try await blocking { try self.send(text) } }
    func readResponseAsync() async throws -> RawResponse { try await blocking { try self.readResponse() } }
}

func httpSync(
    _ port: Int, _ method: String, _ path: String, headers: [String: String] = [:], body: String? = nil
) throws -> RawResponse {
    let connection = try RawConnection(port: port)
    var text = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
    for (name, value) in headers.sorted(by: { $0.key < $1.key }) { text += "\(name): \(value)\r\n" }
    if let body { text += "Content-Length: \(body.utf8.count)\r\n" }
    text += "\r\n" + (body ?? "")
    try connection.send(text)
    return try connection.readResponse(head: method == "HEAD")
}

func rawRequestSync(_ port: Int, _ text: String) throws -> RawResponse {
    let connection = try RawConnection(port: port)
    try connection.send(text)
    return try connection.readResponse()
}
