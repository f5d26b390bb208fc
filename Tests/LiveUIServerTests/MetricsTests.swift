import Foundation
import Testing
@testable import LiveUIServer

@Suite("Metrics")
struct MetricsTests {
    @Test("histogram buckets are cumulative and the exposition is well-formed")
    func histogram() {
        let m = Metrics()
        m.event(seconds: 0.0004, failed: false)
        m.event(seconds: 0.2, failed: true)
        m.response(status: 200, bytes: 4)
        m.response(status: 404, bytes: 6)
        let text = m.render()
        #expect(text.contains("liveui_event_duration_seconds_bucket{le=\"0.0005\"} 1\n"))
        #expect(text.contains("liveui_event_duration_seconds_bucket{le=\"0.25\"} 2\n"))
        #expect(text.contains("liveui_event_duration_seconds_bucket{le=\"+Inf\"} 2\n"))
        #expect(text.contains("liveui_event_duration_seconds_count 2\n"))
        #expect(text.contains("liveui_event_errors_total 1\n"))
        #expect(text.contains("liveui_http_requests_total{status=\"404\"} 1\n"))
        #expect(text.contains("liveui_bytes_out_total 10\n"))
        #expect(text.contains("liveui_http_requests_total{status=\"200\"} 1\n"))
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            #expect(line.split(separator: " ").count == 2, "\(line)")
        }
    }

    @Test("an event on a bound counts in that bucket; one above every bound only in +Inf; statuses are listed in order")
    func bucketBoundsAndStatusOrder() {
        let m = Metrics()
        m.event(seconds: 0.001, failed: false)
        m.event(seconds: 0.0010001, failed: false)
        m.event(seconds: 7, failed: false)
        for status in [503, 200, 404, 200] { m.response(status: status, bytes: 1) }
        let text = m.render()
        #expect(text.contains("liveui_event_duration_seconds_bucket{le=\"0.0005\"} 0\n"))
        #expect(text.contains("liveui_event_duration_seconds_bucket{le=\"0.001\"} 1\n"))
        #expect(text.contains("liveui_event_duration_seconds_bucket{le=\"0.0025\"} 2\n"))
        #expect(text.contains("liveui_event_duration_seconds_bucket{le=\"2.5\"} 2\n"))
        #expect(text.contains("liveui_event_duration_seconds_bucket{le=\"+Inf\"} 3\n"))
        let statuses = text.split(separator: "\n").filter { $0.hasPrefix("liveui_http_requests_total{") }
        #expect(statuses == [
            "liveui_http_requests_total{status=\"200\"} 2", "liveui_http_requests_total{status=\"404\"} 1",
            "liveui_http_requests_total{status=\"503\"} 1",
        ])
    }

    @Test("counts from many threads at once add up in the exposition")
    func countsFromManyThreadsAddUp() {
        let m = Metrics()
        DispatchQueue.concurrentPerform(iterations: 64) { i in
            for _ in 0..<100 {
                m.event(seconds: 0.002, failed: i % 2 == 0)
                m.response(status: i % 4 == 0 ? 404 : 200, bytes: 3)
            }
            m.streamsChanged(by: 1)
        }
        m.setSessions(7, graphs: 9)
        let text = m.render()
        #expect(text.contains("liveui_events_total 6400\n"))
        #expect(text.contains("liveui_event_errors_total 3200\n"))
        #expect(text.contains("liveui_event_duration_seconds_bucket{le=\"0.001\"} 0\n"))
        #expect(text.contains("liveui_event_duration_seconds_bucket{le=\"0.0025\"} 6400\n"))
        #expect(text.contains("liveui_event_duration_seconds_count 6400\n"))
        #expect(text.contains("liveui_http_requests_total{status=\"200\"} 4800\n"))
        #expect(text.contains("liveui_http_requests_total{status=\"404\"} 1600\n"))
        #expect(text.contains("liveui_bytes_out_total 19200\n"))
        #expect(text.contains("liveui_streams 64\n"))
        #expect(text.contains("liveui_sessions 7\n") && text.contains("liveui_graphs 9\n"))
    }
}
