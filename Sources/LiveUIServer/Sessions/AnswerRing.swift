/// The answers a graph keeps for `seq` retries: the last `capacity` given, found by their `seq` without
/// hashing. Appending overwrites the oldest once full, and a retry (usually of a recent event) is searched
/// from the newest answer back.
struct AnswerRing {
    private var entries: [(seq: Int, response: HTTPResponse)] = []
    /// Where the next answer goes: the end while the ring fills, then the oldest answer's place. The newest
    /// answer is always just before it.
    private var next = 0
    let capacity: Int

    /// An empty ring keeping at most `capacity` answers (at least one).
    init(capacity: Int) { self.capacity = max(1, capacity) }

    /// The answers kept, at most ``capacity``.
    var count: Int { entries.count }

    /// The answer kept for `seq`, if it is among the last ``capacity`` given.
    func response(for seq: Int) -> HTTPResponse? {
        let count = entries.count
        // Newest first: back from the slot before `next`, around the ring.
        for back in stride(from: 1, through: count, by: 1) {
            let index = (next - back + count) % count
            if entries[index].seq == seq { return entries[index].response }
        }
        return nil
    }

    /// Keeps `response` as the answer for `seq`, dropping the oldest answer when the ring is full.
    mutating func append(seq: Int, _ response: HTTPResponse) {
        if entries.count < capacity {
            if entries.isEmpty { entries.reserveCapacity(capacity) }
            entries.append((seq, response))
        } else {
            entries[next] = (seq, response)
        }
        next = (next + 1) % capacity
    }
}
