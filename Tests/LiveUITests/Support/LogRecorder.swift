import Foundation
import LiveUI

/// Collects lines from `print`-style hooks and `_printChanges()` in the order they happen.
final class LogRecorder: Sendable {
    // `Locked` (a pthread mutex), not `Mutex`: ThreadSanitizer sees the lock, and sessions running in
    // parallel append at the same time.
    private let lines = Locked<[String]>([])

    /// A change log that appends to this recorder.
    var changeLog: ChangeLog { ChangeLog { [self] line in self.append(line) } }

    func append(_ line: String) { lines.withLock { $0.append(line) } }

    /// Everything recorded so far.
    var all: [String] { lines.withLock { $0 } }

    /// Returns what was recorded and starts afresh.
    func take() -> [String] { lines.withLock { lines in defer { lines.removeAll() }; return lines } }
}


/// Finds the `data-lid` of the first element whose attributes contain `marker` (e.g. `data-aid="x"`).
func lid(in html: String, of marker: String) -> String? {
    guard let range = html.range(of: marker) else { return nil }
    let before = html[..<range.lowerBound]
    guard let tagStart = before.lastIndex(of: "<") else { return nil }
    let tag = html[tagStart..<range.lowerBound]
    guard let lidRange = tag.range(of: "data-lid=\"") else { return nil }
    let rest = tag[lidRange.upperBound...]
    return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
}
