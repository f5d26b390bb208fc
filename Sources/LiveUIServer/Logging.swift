import Foundation

/// How much the server logs.
public enum LogLevel: String, Sendable, Comparable, CaseIterable {
    /// One line per request.
    case debug
    /// Start, stop, session start and end.
    case info
    /// Refused configuration, dropped streams.
    case warning
    /// Faults of ours.
    case error

    private var rank: Int { Self.allCases.firstIndex(of: self) ?? 0 }

    /// Orders levels from `debug` to `error`.
    public static func < (a: LogLevel, b: LogLevel) -> Bool { a.rank < b.rank }
}

/// Writes log lines (`2026-11-29T20:50:00Z info session started …`) to standard error, fd 2.
struct Logger: Sendable {
    /// Lines below this level are dropped.
    let level: LogLevel
    /// Where lines go; standard error unless a test captures them.
    let sink: @Sendable (String) -> Void

    init(level: LogLevel, sink: @escaping @Sendable (String) -> Void = Logger.standardError) {
        self.level = level
        self.sink = sink
    }

    /// Writes `line` and a newline to fd 2 in one `write`, so lines from different threads never interleave.
    static let standardError: @Sendable (String) -> Void = { line in
        var bytes = Array((line + "\n").utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { raw in write(2, raw.baseAddress.map { $0 + offset }, raw.count - offset) }
            if n <= 0 { return }
            offset += n
        }
        bytes.removeAll()
    }

    /// Whether lines at `level` are written.
    func enabled(_ level: LogLevel) -> Bool { level >= self.level }

    /// Logs `message()` at `level`; the message is only built when the level is enabled.
    func log(_ level: LogLevel, _ message: @autoclosure () -> String) {
        guard enabled(level) else { return }
        let stamp = Date().formatted(.iso8601)
        sink("\(stamp) \(level.rawValue) \(Self.escapingControls(message()))")
    }

    /// `text` on one line: CR, LF, tab, the other C0 and C1 controls, DEL and the Unicode line and
    /// paragraph separators written as `\r`, `\n`, `\t` or `\u{…}`, so that text a client sent (a decoded
    /// path, a header) can never start a forged log line. Text without them is returned as it is.
    static func escapingControls(_ text: String) -> String {
        func isControl(_ scalar: Unicode.Scalar) -> Bool {
            scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value <= 0x9F) || scalar.value == 0x2028
                || scalar.value == 0x2029
        }
        // Bytes first: an ordinary line has none of the bytes these scalars begin with.
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 }),
            text.unicodeScalars.contains(where: isControl)
        else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\r": out += "\\r"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case _ where isControl(scalar): out += "\\u{" + String(scalar.value, radix: 16) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    func debug(_ message: @autoclosure () -> String) { log(.debug, message()) }
    func info(_ message: @autoclosure () -> String) { log(.info, message()) }
    func warning(_ message: @autoclosure () -> String) { log(.warning, message()) }
    func error(_ message: @autoclosure () -> String) { log(.error, message()) }
}
