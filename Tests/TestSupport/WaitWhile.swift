/// Waits while `condition` holds, running `step` between checks (by default a `Task.yield()`, so that
/// the work being waited for gets its turn).
///
/// Throws ``WaitTimedOut`` once `seconds` have passed with the condition still holding: a test whose
/// awaited event never comes then fails, naming the line, instead of holding up the whole test run.
public func waitWhile(
    seconds: Double = 120, fileID: String = #fileID, line: Int = #line,
    _ condition: () async throws -> Bool, step: () async throws -> Void = { await Task.yield() }
) async throws {
    let deadline = ContinuousClock.now + .seconds(seconds)
    while try await condition() {
        guard ContinuousClock.now < deadline else { throw WaitTimedOut(seconds: seconds, fileID: fileID, line: line) }
        try await step()
    }
}

/// A condition a test waited on still held after the time allowed.
public struct WaitTimedOut: Error, CustomStringConvertible {
    public let seconds: Double
    public let fileID: String
    public let line: Int
    public var description: String { "still waiting after \(seconds) s at \(fileID):\(line)" }
}
