import Glibc
import Synchronization

/// Process-wide counters, rendered in the Prometheus text format at `GET /metrics`.
///
/// The counters every request updates are kept in a few stripes, each with its own lock, picked by
/// the calling thread: threads serving requests at once rarely wait for one another (a shared lock
/// here was one of the most contended in the server). A rendering adds the stripes up.
final class Metrics: Sendable {
    /// Upper bounds (seconds) of the event latency histogram buckets.
    static let buckets: [Double] = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5]
    /// Stripes of the counters (a power of two).
    private static let stripeCount = 8

    /// Counters: a stripe's share of each, or their sum.
    private struct Counts {
        var streams = 0
        var events = 0
        var eventErrors = 0
        /// Events by the first bucket whose bound they are within (the last entry: above every bound);
        /// the exposition's cumulative counts are summed from these when it is rendered, so that an event
        /// adds to one bucket, not to every bucket above its own.
        var bucketCounts = [Int](repeating: 0, count: Metrics.buckets.count + 1)
        var latencySum = 0.0
        var bytesOut = 0
        /// Responses by status code, in the order the statuses first occurred: a server answers with a
        /// handful of codes, found here without hashing.
        var requestsByStatus: [(status: Int, count: Int)] = []
        var sessionsExpired = 0

        mutating func add(_ other: Counts) {
            streams += other.streams
            events += other.events
            eventErrors += other.eventErrors
            for i in bucketCounts.indices { bucketCounts[i] += other.bucketCounts[i] }
            latencySum += other.latencySum
            bytesOut += other.bytesOut
            for (status, count) in other.requestsByStatus { countResponses(status, count) }
            sessionsExpired += other.sessionsExpired
        }

        mutating func countResponses(_ status: Int, _ count: Int) {
            for i in requestsByStatus.indices where requestsByStatus[i].status == status {
                requestsByStatus[i].count += count
                return
            }
            requestsByStatus.append((status, count))
        }
    }

    private let stripes: [Locked<Counts>] = (0..<Metrics.stripeCount).map { _ in Locked(Counts()) }
    /// Gauges set as a whole: sessions and graphs alive.
    private let alive = Locked((sessions: 0, graphs: 0))

    init() {}

    /// The calling thread's stripe.
    private var stripe: Locked<Counts> {
        let thread = UInt64(pthread_self())
        return stripes[Int(truncatingIfNeeded: (thread &* 0x9E37_79B9_7F4A_7C15) >> 32) & (Self.stripeCount - 1)]
    }

    /// Sessions alive now.
    func setSessions(_ n: Int, graphs: Int) { alive.withLock { $0 = (n, graphs) } }
    /// An event stream opened (+1) or closed (-1).
    func streamsChanged(by delta: Int) { stripe.withLock { $0.streams += delta } }
    /// A session ended because it was idle.
    func sessionExpired() { stripe.withLock { $0.sessionsExpired += 1 } }
    /// Bytes written to clients (bodies and stream data).
    func addBytesOut(_ n: Int) { stripe.withLock { $0.bytesOut += n } }
    /// A response with a body of `bytes` was queued (one lock for both counters: this runs per request).
    func response(status: Int, bytes: Int) {
        stripe.withLock { s in
            s.countResponses(status, 1)
            s.bytesOut += bytes
        }
    }

    /// An event was handled in `seconds` (from request to update); `failed` if the graph refused it.
    func event(seconds: Double, failed: Bool) {
        let bucket = Metrics.buckets.firstIndex { seconds <= $0 } ?? Metrics.buckets.count
        stripe.withLock { s in
            s.events += 1
            if failed { s.eventErrors += 1 }
            s.latencySum += seconds
            s.bucketCounts[bucket] += 1
        }
    }

    /// The Prometheus text exposition (version 0.0.4).
    func render() -> String {
        var s = Counts()
        for stripe in stripes { s.add(stripe.withLock { $0 }) }
        let (sessions, graphs) = alive.withLock { $0 }
        var out = ""
        func metric(_ name: String, _ type: String, _ help: String, _ lines: [String]) {
            out += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n" + lines.map { $0 + "\n" }.joined()
        }
        metric("liveui_sessions", "gauge", "Sessions alive.", ["liveui_sessions \(sessions)"])
        metric("liveui_graphs", "gauge", "View graphs alive (one per session and route).", ["liveui_graphs \(graphs)"])
        metric("liveui_streams", "gauge", "Open event streams.", ["liveui_streams \(s.streams)"])
        metric("liveui_sessions_expired_total", "counter", "Sessions ended by idle expiry.", ["liveui_sessions_expired_total \(s.sessionsExpired)"])
        metric("liveui_events_total", "counter", "Client events handled.", ["liveui_events_total \(s.events)"])
        metric("liveui_event_errors_total", "counter", "Client events refused by the graph.", ["liveui_event_errors_total \(s.eventErrors)"])
        var histogram: [String] = []
        var cumulative = 0
        for (i, bound) in Metrics.buckets.enumerated() {
            cumulative += s.bucketCounts[i]
            histogram.append("liveui_event_duration_seconds_bucket{le=\"\(bound)\"} \(cumulative)")
        }
        histogram.append("liveui_event_duration_seconds_bucket{le=\"+Inf\"} \(s.events)")
        histogram.append("liveui_event_duration_seconds_sum \(s.latencySum)")
        histogram.append("liveui_event_duration_seconds_count \(s.events)")
        metric("liveui_event_duration_seconds", "histogram", "Time from receiving an event to its update (event and flush).", histogram)
        metric("liveui_bytes_out_total", "counter", "Bytes of response bodies and stream data sent.", ["liveui_bytes_out_total \(s.bytesOut)"])
        metric(
            "liveui_http_requests_total", "counter", "Responses by status code.",
            s.requestsByStatus.sorted { $0.status < $1.status }.map { "liveui_http_requests_total{status=\"\($0.status)\"} \($0.count)" })
        return out
    }
}

extension Metrics {
    /// When an event arrived, to count its answer in the event metrics as the answer is made.
    struct EventMeter: Sendable {
        let metrics: Metrics
        /// ``MonotonicClock`` nanoseconds when the event's request was read.
        let started: UInt64

        /// Counts `response` as the event's answer: its time since ``started``, failed unless a 200.
        func answered(_ response: HTTPResponse) {
            metrics.event(seconds: Double(MonotonicClock.nanoseconds() &- started) / 1e9, failed: response.status != 200)
        }
    }
}
