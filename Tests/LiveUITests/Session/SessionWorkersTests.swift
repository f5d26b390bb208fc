import Foundation
import Testing

@testable import LiveUI

/// Jobs that record what ran, in the order it ran. Only touched by one session's jobs, which never
/// overlap: ThreadSanitizer reports a race here if they do.
private final class RunLog: @unchecked Sendable {
    var entries: [(producer: Int, sequence: Int)] = []
    var running = 0
    var maximumRunning = 0
}

/// Enqueues a job on `first` that blocks its thread until a job enqueued on `second` has run (at most
/// 30 s), and returns how that wait ended.
private func jobOf(
    _ first: SessionExecutor, waitsForJobOf second: SessionExecutor, secondRuns: @escaping @Sendable () -> Void = {}
) async -> DispatchTimeoutResult? {
    let secondRan = DispatchSemaphore(value: 0)
    let outcome = Locked<DispatchTimeoutResult?>(nil)
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        first.enqueue {
            outcome.withLock { $0 = secondRan.wait(timeout: .now() + 30) }
            continuation.resume()
        }
        second.enqueue {
            secondRuns()
            secondRan.signal()
        }
    }
    return outcome.withLock { $0 }
}

/// A counter to click.
private struct Clicker: View {
    @State private var count = 0
    var body: some View { Button("\(count)") { count += 1 }.accessibilityIdentifier("increment") }
}

@Suite("Session workers")
struct SessionWorkersTests {
    @Test func jobsOfOneSessionRunOneAtATimeInEnqueueOrder() async {
        let executor = SessionExecutor()
        let log = RunLog()
        let producers = 4, perProducer = 2_000
        let remaining = Locked(producers * perProducer)
        // The last job resumes the test: nothing blocks a thread waiting for it.
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DispatchQueue.concurrentPerform(iterations: producers) { producer in
                for sequence in 0..<perProducer {
                    executor.enqueue {
                        log.running += 1
                        log.maximumRunning = max(log.maximumRunning, log.running)
                        log.entries.append((producer, sequence))
                        log.running -= 1
                        if remaining.withLock({ left -> Int in left -= 1; return left }) == 0 { done.resume() }
                    }
                }
            }
        }
        // The last job unlocks `remaining` after every write to the log: taking the lock here orders the reads
        // below after those writes in a way ThreadSanitizer sees (it does not see a continuation's resume).
        _ = remaining.withLock { $0 }
        #expect(log.entries.count == producers * perProducer)
        #expect(log.maximumRunning == 1)
        for producer in 0..<producers {
            let sequences = log.entries.filter { $0.producer == producer }.map(\.sequence)
            #expect(sequences == Array(0..<perProducer), "producer \(producer)'s jobs ran out of order")
        }
    }

    @Test func differentSessionsRunInParallel() async {
        // The first session's job waits for the second session's job: it can only finish if both run at once.
        #expect(await jobOf(SessionExecutor(), waitsForJobOf: SessionExecutor()) == .success)
    }

    @Test func aSessionBlockingEveryWorkerDoesNotStallTheOthers() async {
        // A pool of one thread of its own: the first session's job blocks it until the second session's
        // job has run, which needs the pool to start another thread.
        // The pool's size is read while the second job runs: a thread started beyond the base count ends
        // after a minute idle, which a loaded run (the thread sanitizer's) can take to get back here.
        let workers = SessionWorkers(threads: 1)
        let blocking = SessionExecutor(workers: workers), waiting = SessionExecutor(workers: workers)
        let threadsWhileWaitingRan = Locked(0)
        #expect(await jobOf(blocking, waitsForJobOf: waiting) {
            threadsWhileWaitingRan.withLock { $0 = workers.threadCount }
        } == .success)
        // At least one thread beyond the base one: on a loaded machine the pool may have started a third
        // while the second was still coming up (both waits look alike to it).
        #expect(threadsWhileWaitingRan.withLock { $0 } >= 2)
    }

    @Test func aTaskPreferringTheSessionRunsSerialisedWithItsJobs() async {
        let executor = SessionExecutor()
        let log = RunLog()
        let tasks = (0..<50).map { index in
            Task(executorPreference: executor) {
                for step in 0..<20 {
                    log.running += 1
                    log.maximumRunning = max(log.maximumRunning, log.running)
                    log.entries.append((index, step))
                    log.running -= 1
                    await Task.yield()
                }
            }
        }
        for task in tasks { await task.value }
        #expect(log.entries.count == 50 * 20)
        #expect(log.maximumRunning == 1)
    }

    @Test func aLoopOfCallsOnAnIdleSessionLetsOtherWorkOnItsThreadRun() async {
        // The loop's calls run inline (the session is idle) and never suspend by themselves; the job queued
        // behind the loop on the loop's own one-thread executor runs only if the loop yields.
        let session = LiveSession(changeLog: .discard) { Clicker() }
        _ = await session.html()
        let loopExecutor = SessionExecutor(workers: SessionWorkers(threads: 1))
        let otherRan = Locked(false)
        let sawOther = await Task(executorPreference: loopExecutor) { () -> Bool in
            loopExecutor.enqueue { otherRan.withLock { $0 = true } }
            for _ in 0..<100_000 {
                _ = try? await session.send(.click("increment"))
                if otherRan.withLock({ $0 }) { return true }
            }
            return false
        }.value
        #expect(sawOther)
    }
}
