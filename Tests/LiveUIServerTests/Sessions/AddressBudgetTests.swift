import Testing
@testable import LiveUIServer

@Suite("AddressBudget")
struct AddressBudgetTests {
    @Test("an address gets its burst at once, then a session per refill, with the seconds until the next")
    func burstThenRefill() {
        let budget = AddressBudget(burst: 3, rate: 0.5)
        for _ in 0..<3 { #expect(budget.take("10.0.0.1", now: 0) == nil) }
        #expect(budget.take("10.0.0.1", now: 0) == 2)
        #expect(budget.take("10.0.0.1", now: 1.5) == 1)
        #expect(budget.take("10.0.0.1", now: 2) == nil)
        #expect(budget.take("10.0.0.1", now: 2) != nil)
        // Another address has its own bucket.
        #expect(budget.take("10.0.0.2", now: 2) == nil)
    }

    @Test("a burst of 0 limits nothing")
    func disabled() {
        let budget = AddressBudget(burst: 0, rate: 1)
        for _ in 0..<1000 { #expect(budget.take("10.0.0.1", now: 0) == nil) }
        #expect(budget.count == 0)
    }

    @Test("IPv6 clients are charged by their /64, IPv4-mapped ones as IPv4")
    func keys() {
        #expect(AddressBudget.key(for: "203.0.113.9") == "203.0.113.9")
        #expect(AddressBudget.key(for: "::ffff:203.0.113.9") == "203.0.113.9")
        #expect(AddressBudget.key(for: "2001:db8:1:2::1") == AddressBudget.key(for: "2001:db8:1:2:ffff:eeee:dddd:cccc"))
        #expect(AddressBudget.key(for: "2001:db8:1:2::1") != AddressBudget.key(for: "2001:db8:1:3::1"))
        let budget = AddressBudget(burst: 1, rate: 1)
        #expect(budget.take("2001:db8::1", now: 0) == nil)
        #expect(budget.take("2001:db8::2", now: 0) != nil)
    }

    @Test("a flood of addresses keeps the table within its capacity; refilled buckets go first, then the oldest")
    func boundedTable() {
        let budget = AddressBudget(burst: 2, rate: 1, capacity: 100)
        for i in 0..<10_000 {
            _ = budget.take("10.\(i / 65536).\(i / 256 % 256).\(i % 256)", now: Double(i) * 0.001)
            #expect(budget.count <= 100)
        }
        // An address charged last is still remembered (its bucket is not full again).
        #expect(budget.take("10.0.39.15", now: 10) == nil)
        #expect(budget.take("10.0.39.15", now: 10) != nil)
    }
}
