import Testing
@testable import LiveUIServer

@Suite("SessionLifecycle")
struct SessionLifecycleTests {
    @Test("a session expires after idleTTL without activity, exactly once")
    func expires() {
        var l = SessionLifecycle(now: 0, idleTTL: 10)
        do {
            let result = l.tick(now: 9.9)
            #expect(result == .none)
        }
        do {
            let result = l.touch(now: 5)
            #expect(result)
        }
        do {
            let result = l.tick(now: 14.9)
            #expect(result == .none)
        }
        do {
            let result = l.tick(now: 15)
            #expect(result == .close)
        }
        #expect(l.phase == .expired)
        do {
            let result = l.tick(now: 100)
            #expect(result == .none)
        }
        do {
            let result = l.touch(now: 16)
            #expect(!result)
        }
        l.released()
        #expect(l.phase == .released)
    }

    @Test("open streams keep a session alive; the idle period starts when the last closes")
    func streams() {
        var l = SessionLifecycle(now: 0, idleTTL: 10)
        do {
            let result = l.streamOpened(now: 1)
            #expect(result)
        }
        do {
            let result = l.streamOpened(now: 2)
            #expect(result)
        }
        do {
            let result = l.tick(now: 1000)
            #expect(result == .none)
        }
        l.streamClosed(now: 1000)
        do {
            let result = l.tick(now: 2000)
            #expect(result == .none)
        }
        l.streamClosed(now: 2000)
        do {
            let result = l.tick(now: 2009)
            #expect(result == .none)
        }
        do {
            let result = l.tick(now: 2010)
            #expect(result == .close)
        }
        do {
            let result = l.streamOpened(now: 2011)
            #expect(!result)
        }
    }

    @Test("end() expires a live session once; time never runs backwards")
    func end() {
        var l = SessionLifecycle(now: 50, idleTTL: 10)
        do {
            let result = l.touch(now: 40)
            #expect(result)
        }
        #expect(l.lastActivity == 50)
        do {
            let result = l.end()
            #expect(result == .close)
        }
        do {
            let result = l.end()
            #expect(result == .none)
        }
    }

    @Test("a session that never received an event expires after unusedTTL; after one, idleTTL applies")
    func unusedSessionsExpireSooner() {
        var unused = SessionLifecycle(now: 0, idleTTL: 900, unusedTTL: 60)
        #expect(unused.tick(now: 59.9) == .none)
        #expect(unused.tick(now: 60) == .close)
        var used = SessionLifecycle(now: 0, idleTTL: 900, unusedTTL: 60)
        let received = used.eventReceived(now: 10)
        #expect(received)
        #expect(used.tick(now: 100) == .none)
        #expect(used.tick(now: 909.9) == .none)
        #expect(used.tick(now: 910) == .close)
        let late = used.eventReceived(now: 911)
        #expect(!late)
        // unusedTTL never exceeds idleTTL.
        #expect(SessionLifecycle(now: 0, idleTTL: 30, unusedTTL: 60).unusedTTL == 30)
    }

    @Test("streams open up to the limit; one more is refused, and admitted again once one closes")
    func streamLimit() {
        var l = SessionLifecycle(now: 0, idleTTL: 10)
        #expect(l.openStream(now: 1, limit: 2) == .opened)
        #expect(l.openStream(now: 1, limit: 2) == .opened)
        #expect(l.openStream(now: 1, limit: 2) == .full)
        #expect(l.openStreams == 2)
        l.streamClosed(now: 2)
        #expect(l.openStream(now: 3, limit: 2) == .opened)
        #expect(!l.isIdle)
        _ = l.end()
        #expect(l.openStream(now: 4, limit: 2) == .expired)
    }
}
