import Foundation
import Testing

@testable import LiveUI

private struct Empty: View {
    var body: some View { Text("") }
}

private struct Failure: Error {}

@Suite("The thread's context")
struct ThreadContextTests {
    private func graph() -> ViewGraph {
        ViewGraph(changeLog: .discard, scheduler: SessionExecutor(), root: Empty())
    }

    @Test("the context read without a reference is the thread's own, and another thread has another")
    func withCurrentIsTheThreadsOwnContext() {
        let here = ThreadContext.current
        #expect(ThreadContext.withCurrent { $0 } === here)
        let other = Locked<ObjectIdentifier?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread {
            other.withLock { $0 = ObjectIdentifier(ThreadContext.withCurrent { $0 }) }
            done.signal()
        }.start()
        done.wait()
        #expect(other.withLock { $0 } != nil)
        #expect(other.withLock { $0 } != ObjectIdentifier(here))
    }

    @Test("running on a graph makes it the thread's graph, and the one before comes back, when the body throws too")
    func runRestoresThePreviousGraph() {
        let outer = graph()
        let inner = graph()
        #expect(!ThreadContext.isRunning(graph: outer.serial))
        ThreadContext.run(on: outer) {
            #expect(ThreadContext.isRunning(graph: outer.serial))
            ThreadContext.run(on: inner) {
                #expect(ThreadContext.isRunning(graph: inner.serial))
                #expect(!ThreadContext.isRunning(graph: outer.serial))
            }
            #expect(ThreadContext.isRunning(graph: outer.serial))
            #expect(throws: Failure.self) { try ThreadContext.run(on: inner) { throw Failure() } }
            #expect(ThreadContext.current.graph === outer)
        }
        #expect(ThreadContext.current.graph == nil)
    }
}
