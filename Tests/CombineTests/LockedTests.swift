import Dispatch
import Testing

@testable import Combine

private struct Refused: Error {}

@Suite("Locked")
struct LockedTests {
    @Test("threads that take the lock at once never overlap: no increment is lost")
    func contendedIncrementsAllLand() {
        let counter = Locked(0)
        let threads = 8
        let increments = 20_000
        DispatchQueue.concurrentPerform(iterations: threads) { _ in
            for _ in 0..<increments {
                counter.withLock { $0 += 1 }
            }
        }
        #expect(counter.withLock { $0 } == threads * increments)
    }

    @Test("a thread that finds the lock taken enters only after the holder leaves")
    func waiterEntersAfterHolder() {
        let log = Locked<[String]>([])
        let holding = DispatchSemaphore(value: 0)
        let leave = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        DispatchQueue.global().async(group: done) {
            log.withLock { entries in
                holding.signal()
                leave.wait()
                entries.append("holder")
            }
        }
        holding.wait()
        DispatchQueue.global().async(group: done) {
            log.withLock { $0.append("waiter") }
        }
        leave.signal()
        done.wait()
        #expect(log.withLock { $0 } == ["holder", "waiter"])
    }

    @Test("an error thrown inside gives the lock back, and copies share one state")
    func throwingBodyReleasesTheLock() {
        let state = Locked([1])
        let copy = state
        #expect(throws: Refused.self) {
            try state.withLock { values in
                values.append(2)
                throw Refused()
            }
        }
        // Taken again on the same thread: had the throw kept it, this would never return.
        #expect(copy.withLock { $0 } == [1, 2])
    }
}
