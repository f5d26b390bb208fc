import Foundation
import LiveUIServer

// The cost of a committed click-sized change through the group writer, per store (docs/state-stores.md):
//   liveui-store-bench [--commits N] LOCATION…   e.g. sqlite:/tmp/bench.db redis://127.0.0.1:6379
// For each location: one session committing alone, then 8 sessions committing at once, each commit
// waiting until durable. Prints wall time and this process's CPU per commit, the commits per batch, and
// for Redis the server's own CPU per commit (INFO cpu).

var commits = 4000
var locations: [String] = []
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    if argument == "--commits", let value = arguments.popFirst().flatMap(Int.init), value > 0 {
        commits = value
    } else {
        locations.append(argument)
    }
}
if locations.isEmpty { locations = ["memory", "sqlite:" + NSTemporaryDirectory() + "liveui-store-bench.db"] }

/// This process's user + system CPU seconds.
func processCPU() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
}

/// A click: a counter, a text field's value, the tab's seq.
func click(_ session: String, _ n: Int) -> SessionChanges {
    SessionChanges(
        session: session, token: "0123456789abcdef0123456789abcdef",
        routes: ["/counter": KeyChanges(written: [
            "0/1/0.count": Array(String(n).utf8), "0/1/2.text": Array("hello \(n)".utf8), "0/1/3.flag": Array("true".utf8),
        ])],
        tabSeqs: ["tab-1": n])
}

for text in locations {
    let location: StoreLocation
    do { location = try StoreLocation.parse(text) } catch {
        print(error)
        exit(2)
    }
    if case .sqlite(let path) = location {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
    }
    let store = location.open(sessionTTL: 3600)
    let serverCPU: () -> Double? = {
        guard case .redis = location, let redis = store as? RedisStateStore else { return nil }
        return redis.serverCPUSeconds()
    }
    for sessions in [1, 8] {
        let writer = StateWriter(store: store, holder: nil)
        let ids = (0..<sessions).map { _ in UUID().uuidString }
        let perSession = commits / sessions
        // A warm-up commit per session (the connection opens, the rows exist).
        for id in ids { try writer.commit(sessions: [click(id, 0)]) }
        let (start, cpu, server, before) = (Date(), processCPU(), serverCPU(), writer.counts)
        let group = DispatchGroup()
        for id in ids {
            group.enter()
            Thread {
                for n in 1...perSession {
                    do { try writer.commit(sessions: [click(id, n)]) } catch { fatalError("\(error)") }
                }
                group.leave()
            }.start()
        }
        group.wait()
        let total = Double(perSession * sessions)
        let wall = Date().timeIntervalSince(start) / total * 1e6
        let ownCPU = (processCPU() - cpu) / total * 1e6
        let after = writer.counts
        let perBatch = Double(after.submissions - before.submissions) / Double(max(1, after.batches - before.batches))
        var line = String(
            format: "%@  sessions %d: %.1f µs wall per commit, %.1f µs CPU here, %.1f commits per batch",
            text, sessions, wall, ownCPU, perBatch)
        if let server, let now = serverCPU() { line += String(format: ", %.1f µs Redis CPU", (now - server) / total * 1e6) }
        print(line)
        writer.close()
    }
}
