import Dispatch
import Testing

@testable import LiveUI

private final class Made: Sendable {
    let type: ObjectIdentifier
    init(_ type: Any.Type) { self.type = ObjectIdentifier(type) }
}

private struct First {}
private struct Second {}

@Suite("Process-wide caches of per-type objects")
struct TypeCacheTests {
    @Test("every thread gets the one object made for a type, and each type its own")
    func oneObjectPerTypeAcrossThreads() {
        let cache = TypeCache<Made>()
        let found = Locked<[ObjectIdentifier: Set<ObjectIdentifier>]>([:])
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            for _ in 0..<100 {
                let type: Any.Type = index.isMultiple(of: 2) ? First.self : Second.self
                let made = cache.value(for: type) { Made(type) }
                #expect(made.type == ObjectIdentifier(type))
                found.withLock { _ = $0[ObjectIdentifier(type), default: []].insert(ObjectIdentifier(made)) }
            }
        }
        let objects = found.withLock { $0 }
        #expect(objects.count == 2)
        #expect(objects.values.allSatisfy { $0.count == 1 })
        #expect(Set(objects.values.flatMap { $0 }).count == 2)
    }

    @Test("two caches keep their own objects for one type, on one thread")
    func cachesKeepTheirOwnObjects() {
        let a = TypeCache<Made>()
        let b = TypeCache<Made>()
        let first = a.value(for: First.self) { Made(First.self) }
        let second = b.value(for: First.self) { Made(First.self) }
        #expect(first !== second)
        #expect(a.value(for: First.self) { Made(Second.self) } === first)
        #expect(b.value(for: First.self) { Made(Second.self) } === second)
    }
}
