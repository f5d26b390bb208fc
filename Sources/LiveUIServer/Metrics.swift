import Synchronization

/// Process-wide counters, rendered in the Prometheus text format at `GET /metrics`.
final class Metrics: Sendable {
    /// Upper bounds (seconds) of the event latency histogram buckets.
    static let buckets: [Double] = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5]

    private struct State {
        var sessions = 0
        var graphs = 0
        var streams = 0
        var events = 0
        var eventErrors = 0
        var bucketCounts = [Int](repeating: 0, count: Metrics.buckets.count)
        var latencyCount = 0
        var latencySum = 0.0
        var bytesOut = 0
        var requestsByStatus: [Int: Int] = [:]
        var sessionsExpired = 0
    }

    private let state = Locked(State())

    init() {}

    /// Sessions alive now.
    func setSessions(_ n: Int, graphs: Int) { state.withLock { $0.sessions = n; $0.graphs = graphs } }
    /// An event stream opened (+1) or closed (-1).
    func streamsChanged(by delta: Int) { state.withLock { $0.streams += delta } }
    /// A session ended because it was idle.
    func sessionExpired() { state.withLock { $0.sessionsExpired += 1 } }
    /// Bytes written to clients (bodies and stream data).
    func addBytesOut(_ n: Int) { state.withLock { $0.bytesOut += n } }
    /// A response with a body of `bytes` was queued (one lock for both counters: this runs per request).
    func response(status: Int, bytes: Int) {
        state.withLock { s in
            s.requestsByStatus[status, default: 0] += 1
            s.bytesOut += bytes
        }
    }

    /// An event was handled in `seconds` (from request to update); `failed` if the graph refused it.
    func event(seconds: Double, failed: Bool) {
        state.withLock { s in
            s.events += 1
            if failed { s.eventErrors += 1 }
            s.latencyCount += 1
            s.latencySum += seconds
            for (i, bound) in Metrics.buckets.enumerated() where seconds <= bound { s.bucketCounts[i] += 1 }
        }
    }

    /// The Prometheus text exposition (version 0.0.4).
    func render() -> String {
        let s = state.withLock { $0 }
        var out = ""
        func metric(_ name: String, _ type: String, _ help: String, _ lines: [String]) {
            out += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n" + lines.map { $0 + "\n" }.joined()
        }
        metric("liveui_sessions", "gauge", "Sessions alive.", ["liveui_sessions \(s.sessions)"])
        metric("liveui_graphs", "gauge", "View graphs alive (one per session and route).", ["liveui_graphs \(s.graphs)"])
        metric("liveui_streams", "gauge", "Open event streams.", ["liveui_streams \(s.streams)"])
        metric("liveui_sessions_expired_total", "counter", "Sessions ended by idle expiry.", ["liveui_sessions_expired_total \(s.sessionsExpired)"])
        metric("liveui_events_total", "counter", "Client events handled.", ["liveui_events_total \(s.events)"])
        metric("liveui_event_errors_total", "counter", "Client events refused by the graph.", ["liveui_event_errors_total \(s.eventErrors)"])
        var histogram: [String] = []
        for (i, bound) in Metrics.buckets.enumerated() {
            histogram.append("liveui_event_duration_seconds_bucket{le=\"\(bound)\"} \(s.bucketCounts[i])")
        }
        histogram.append("liveui_event_duration_seconds_bucket{le=\"+Inf\"} \(s.latencyCount)")
        histogram.append("liveui_event_duration_seconds_sum \(s.latencySum)")
        histogram.append("liveui_event_duration_seconds_count \(s.latencyCount)")
        metric("liveui_event_duration_seconds", "histogram", "Time from receiving an event to its update (event and flush).", histogram)
        metric("liveui_bytes_out_total", "counter", "Bytes of response bodies and stream data sent.", ["liveui_bytes_out_total \(s.bytesOut)"])
        metric(
            "liveui_http_requests_total", "counter", "Responses by status code.",
            s.requestsByStatus.keys.sorted().map { "liveui_http_requests_total{status=\"\($0)\"} \(s.requestsByStatus[$0] ?? 0)" })
        return out
    }
}
