import Foundation

/// How fast this machine runs right now, measured by fixed work that involves none of LiveUI: what
/// `bench/run.py` runs before each HTTP round, so that a run's results say whether its hour was a slow
/// one, and in what (`liveui-bench --probe`).
///
/// Each figure is the thread CPU time one step takes, the median of five repetitions: the same work
/// costs more CPU time when the core runs slower, whatever the cause (its clock, a busy sibling thread,
/// shared caches and memory in use by others), and a process that waits for the CPU is not charged.
struct MachineProbe {
    /// One step of a chain of dependent multiplications: bound by the core's clock and the multiplier's
    /// latency.
    var chainNanoseconds: Double
    /// One step of eight independent chains run together: bound by the core's throughput, which a busy
    /// sibling thread on the same physical core shares.
    var wideNanoseconds: Double
    /// One read at a random place of 64 MiB, each depending on the last: memory's latency, page walks
    /// included.
    var memoryNanoseconds: Double
    /// One system call that does nothing (`getppid`): entering and leaving the kernel.
    var systemCallNanoseconds: Double

    /// The figures, measured now; `quick` does a tenth of the work (a smoke run).
    static func measure(quick: Bool) -> MachineProbe {
        let scale = quick ? 10 : 1
        let memory = RandomCycle(bytes: 64 << 20)
        return MachineProbe(
            chainNanoseconds: median { chain(steps: 4_000_000 / scale) },
            wideNanoseconds: median { wide(steps: 1_000_000 / scale) },
            memoryNanoseconds: median { memory.walk(steps: 200_000 / scale) },
            systemCallNanoseconds: median { systemCalls(200_000 / scale) })
    }

    /// The figures as one line of JSON.
    var json: String {
        "{\"chain_ns\":\(chainNanoseconds),\"wide_ns\":\(wideNanoseconds),"
            + "\"memory_ns\":\(memoryNanoseconds),\"syscall_ns\":\(systemCallNanoseconds)}"
    }

    /// The median over five runs of `run`, which returns nanoseconds per step.
    private static func median(_ run: () -> Double) -> Double {
        let times = (0..<5).map { _ in run() }.sorted()
        return times[2]
    }

    /// One step of the mixing chain: a multiplication and a shift that the compiler cannot fold across
    /// steps.
    @inline(__always)
    private static func mix(_ x: UInt64) -> UInt64 { (x ^ (x >> 29)) &* 0xBF58_476D_1CE4_E5B9 }

    private static func chain(steps: Int) -> Double {
        var x = UInt64(truncatingIfNeeded: steps) | 1
        let time = timed(steps: steps) {
            for _ in 0..<steps { x = mix(x) }
        }
        blackHole(x)
        return time
    }

    private static func wide(steps: Int) -> Double {
        var lanes: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (1, 2, 3, 4, 5, 6, 7, 8)
        let time = timed(steps: steps * 8) {
            for _ in 0..<steps {
                lanes = (mix(lanes.0), mix(lanes.1), mix(lanes.2), mix(lanes.3),
                         mix(lanes.4), mix(lanes.5), mix(lanes.6), mix(lanes.7))
            }
        }
        blackHole(lanes.0 ^ lanes.1 ^ lanes.2 ^ lanes.3 ^ lanes.4 ^ lanes.5 ^ lanes.6 ^ lanes.7)
        return time
    }

    private static func systemCalls(_ count: Int) -> Double {
        var sum: Int32 = 0
        let time = timed(steps: count) {
            for _ in 0..<count { sum &+= getppid() }
        }
        blackHole(UInt64(truncatingIfNeeded: sum))
        return time
    }
}

/// A buffer of 64-byte lines linked into one cycle in random order: walking it reads one line after
/// another, each at a place the hardware cannot predict.
private final class RandomCycle {
    private let lines: Int
    private let next: UnsafeMutablePointer<UInt32>
    /// Where the walk is, kept between walks so that each starts where the last stopped.
    private var position: UInt32 = 0

    /// The cycle over `bytes` of memory (at least two lines).
    init(bytes: Int) {
        lines = max(2, bytes / 64)
        next = .allocate(capacity: lines * 16)
        next.initialize(repeating: 0, count: lines * 16)
        // Sattolo's shuffle: a random permutation that is a single cycle through every line.
        var order = Array(0..<UInt32(lines))
        var random = SplitMix(seed: 0x5EED)
        for i in stride(from: lines - 1, to: 0, by: -1) {
            order.swapAt(i, Int(random.next() % UInt64(i)))
        }
        for i in 0..<lines {
            next[Int(order[i]) * 16] = order[(i + 1) % lines]
        }
    }

    deinit { next.deallocate() }

    /// Nanoseconds of thread CPU per line read, over `steps` reads.
    func walk(steps: Int) -> Double {
        var at = position
        let time = timed(steps: steps) {
            for _ in 0..<steps { at = next[Int(at) * 16] }
        }
        position = at
        return time
    }
}

/// Nanoseconds of thread CPU per step of `body`, run for `steps` steps.
private func timed(steps: Int, _ body: () -> Void) -> Double {
    let start = threadCPUNanoseconds()
    body()
    return Double(threadCPUNanoseconds() - start) / Double(steps)
}

/// A small, fast pseudo-random generator (SplitMix64): the same sequence for the same seed.
private struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Keeps `value` alive as far as the optimizer knows, so that the loop computing it is not removed.
@inline(never)
private func blackHole(_ value: UInt64) {
    if value == 0x0123_4567_89AB_CDEF { print("") }
}
