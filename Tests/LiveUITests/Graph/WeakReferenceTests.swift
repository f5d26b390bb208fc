import Testing

@testable import LiveUI

private final class Target {
    let name: String
    init(name: String) { self.name = name }
}

@Suite("WeakReference")
struct WeakReferenceTests {
    @Test("a weak reference reads its object while something else keeps it alive")
    func readsLiveObject() {
        let target = Target(name: "kept")
        let reference = WeakReference(target)
        #expect(reference.object === target)
        #expect(reference.object?.name == "kept")
    }

    @Test("a closure holding a weak reference does not keep its object alive")
    func closureDoesNotKeepObject() {
        var target: Target? = Target(name: "gone")
        let reference = WeakReference(target!)
        let read = { reference.object?.name }
        #expect(read() == "gone")
        target = nil
        #expect(read() == nil)
    }
}
