import CAllocationCounter
import LiveUI

/// What `measure` found: latency samples (µs), body evaluations, patch bytes and process CPU time per event.
struct Measurement {
    var samples: Samples
    var evaluations: Double
    var bytes: Double
    /// Process CPU time (user + system, every thread: getrusage) per event, in µs: the median of ten
    /// equal batches, so that a burst of other work on this shared machine does not decide the figure.
    var cpu: Double { batchCPU.isEmpty ? 0 : batchCPU.sorted()[batchCPU.count / 2] }
    /// Process CPU per event of each batch, in µs.
    var batchCPU: [Double]
    var events: Int
    /// Heap allocations per event (every malloc of the process, see `CAllocationCounter`); `nil` when
    /// counting is unavailable. Unlike timings, the count is the same from run to run.
    var allocations: Double?

    /// This measurement and `other` (of the same operation) as one.
    func merged(with other: Measurement) -> Measurement {
        let total = events + other.events
        /// The per-event figure of both, weighted by their event counts.
        func combined(_ mine: Double, _ theirs: Double) -> Double {
            (mine * Double(events) + theirs * Double(other.events)) / Double(total)
        }
        return Measurement(
            samples: Samples(values: samples.values + other.samples.values),
            evaluations: combined(evaluations, other.evaluations), bytes: combined(bytes, other.bytes),
            batchCPU: batchCPU + other.batchCPU, events: total,
            allocations: allocations.flatMap { mine in other.allocations.map { combined(mine, $0) } })
    }
}

/// Measures `iterations` events on one session.
func measure(_ session: LiveSession, iterations: Int, _ event: (Int) -> ClientEvent) async throws -> Measurement {
    var samples = Samples()
    samples.values.reserveCapacity(iterations)
    let evaluationsBefore = session.statistics.totalBodyEvaluations
    var bytes = 0
    let batches = min(10, iterations)
    var batchCPU: [Double] = []
    batchCPU.reserveCapacity(batches + 1)
    let allocationsBefore = liveui_allocation_count()
    var batchStart = processCPUNanoseconds()
    var batchCount = 0
    for i in 0..<iterations {
        let start = now()
        let update = try await session.send(event(i))
        samples.add(Double(now() - start) / 1000)
        bytes += update.patchBytes
        batchCount += 1
        if batchCount == iterations / batches || i == iterations - 1 {
            let end = processCPUNanoseconds()
            batchCPU.append(Double(end - batchStart) / 1000 / Double(batchCount))
            batchStart = end
            batchCount = 0
        }
    }

    let allocationsAfter = liveui_allocation_count()
    let allocations = allocationsBefore < 0 ? nil : Double(allocationsAfter - allocationsBefore) / Double(iterations)
    let evaluations = Double(session.statistics.totalBodyEvaluations - evaluationsBefore) / Double(iterations)
    return Measurement(samples: samples, evaluations: evaluations, bytes: Double(bytes) / Double(iterations),
                       batchCPU: batchCPU, events: iterations, allocations: allocations)
}
