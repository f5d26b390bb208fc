import Foundation

/// Where `Self._printChanges()` and LiveUI's warnings go.
public struct ChangeLog: Sendable {
    /// Writes one line.
    public let write: @Sendable (String) -> Void

    /// A sink that receives each line.
    public init(_ write: @escaping @Sendable (String) -> Void) { self.write = write }

    /// Standard output, one line per message.
    public static let standardOutput = ChangeLog { line in
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// Discards everything.
    public static let discard = ChangeLog { _ in }
}
