import Foundation

/// One blocking TCP connection to a Redis server speaking RESP2, with a timeout on connecting and on
/// every read and write. Not thread-safe: its owner serialises use. Any I/O failure or timeout throws
/// ``StateStoreError/unavailable(_:)`` and leaves the connection unusable (``isBroken``): its owner
/// drops it and connects again on next use.
final class RESPConnection {
    private let fd: Int32
    private var parser = RESPParser()
    /// What `recv` reads into, made once: zeroing 64 KiB for every round trip cost more than the rest of a
    /// commit's client side.
    private var chunk = [UInt8](repeating: 0, count: 65536)
    /// Set after a failure that leaves replies unread or half a command written.
    private(set) var isBroken = false

    /// Connects to `host:port` within `timeout` seconds and selects `database`.
    init(host: String, port: Int, database: Int, timeout: Double) throws(StateStoreError) {
        fd = try Self.connect(host: host, port: port, timeout: timeout)
        var interval = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - timeout.rounded(.down)) * 1_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &interval, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &interval, socklen_t(MemoryLayout<timeval>.size))
        var one: Int32 = 1
        setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        if database != 0 {
            let reply = try pipeline([["SELECT", String(database)].map { Array($0.utf8) }])
            // The socket closes in deinit, which runs when a fully initialised object's init throws.
            if case .error(let message) = reply[0] { throw .unavailable("redis: SELECT \(database): \(message)") }
        }
    }

    deinit { close(fd) }

    /// Sends `commands` in one write and reads one reply per command (a pipeline: one round trip).
    func pipeline(_ commands: [[[UInt8]]]) throws(StateStoreError) -> [RESPValue] {
        var out: [UInt8] = []
        for command in commands { RESPValue.command(command, into: &out) }
        return try roundTrip(out, replies: commands.count)
    }

    /// Sends `out` (commands already encoded, ``RESPCommand``) in one write and reads `replies` replies.
    func roundTrip(_ out: [UInt8], replies expected: Int) throws(StateStoreError) -> [RESPValue] {
        do throws(StateStoreError) {
            try sendAll(out)
            var replies: [RESPValue] = []
            replies.reserveCapacity(expected)
            while replies.count < expected {
                if let reply = try parser.next() {
                    replies.append(reply)
                    continue
                }
                let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                if n == 0 { throw .unavailable("redis: connection closed by the server") }
                if n < 0 {
                    if errno == EINTR { continue }
                    throw .unavailable(errno == EAGAIN || errno == EWOULDBLOCK ? "redis: timed out" : "redis: \(Self.errorText())")
                }
                parser.append(chunk[0..<n])
            }
            return replies
        } catch {
            isBroken = true
            throw error
        }
    }

    private func sendAll(_ bytes: [UInt8]) throws(StateStoreError) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            if n < 0 {
                if errno == EINTR { continue }
                throw .unavailable(errno == EAGAIN || errno == EWOULDBLOCK ? "redis: timed out" : "redis: \(Self.errorText())")
            }
            offset += n
        }
    }

    private static func errorText() -> String { String(cString: strerror(errno)) }

    /// A connected socket to `host:port`, trying each address the name resolves to.
    private static func connect(host: String, port: Int, timeout: Double) throws(StateStoreError) -> Int32 {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_family = AF_UNSPEC
        var list: UnsafeMutablePointer<addrinfo>?
        let rc = getaddrinfo(host, String(port), &hints, &list)
        guard rc == 0, let list else {
            throw .unavailable("redis: cannot resolve \(host): \(String(cString: gai_strerror(rc)))")
        }
        defer { freeaddrinfo(list) }
        var lastError = "no address"
        var entry: UnsafeMutablePointer<addrinfo>? = list
        while let address = entry {
            entry = address.pointee.ai_next
            let fd = socket(address.pointee.ai_family, address.pointee.ai_socktype, address.pointee.ai_protocol)
            guard fd >= 0 else {
                lastError = errorText()
                continue
            }
            // Non-blocking while connecting, so that an unreachable host fails after `timeout`, not the
            // kernel's minutes.
            let flags = fcntl(fd, F_GETFL)
            _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
            var result = Glibc.connect(fd, address.pointee.ai_addr, address.pointee.ai_addrlen)
            if result != 0 && errno == EINPROGRESS {
                var poller = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                result = poll(&poller, 1, Int32(timeout * 1000))
                if result == 1 {
                    var error: Int32 = 0
                    var length = socklen_t(MemoryLayout<Int32>.size)
                    getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length)
                    errno = error
                    result = error == 0 ? 0 : -1
                } else {
                    if result == 0 { errno = ETIMEDOUT }
                    result = -1
                }
            }
            if result == 0 {
                _ = fcntl(fd, F_SETFL, flags)
                return fd
            }
            lastError = errorText()
            close(fd)
        }
        throw .unavailable("redis: cannot connect to \(host):\(port): \(lastError)")
    }
}
