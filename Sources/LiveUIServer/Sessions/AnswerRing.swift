/// The answers a graph keeps for `seq` retries: the last `capacity` given, found by their `seq` without
/// hashing. Appending overwrites the oldest once full, and a retry (usually of a recent event) is searched
/// from the newest answer back.
struct AnswerRing {
    private var entries: [(seq: Int, response: HTTPResponse)] = []
    /// Where the next answer goes once the ring is full: the oldest answer's place.
    private var oldest = 0
    let capacity: Int

    /// An empty ring keeping at most `capacity` answers (at least one).
    init(capacity: Int) { self.capacity = max(1, capacity) }

    /// The answers kept, at most ``capacity``.
    var count: Int { entries.count }

    /// The answer kept for `seq`, if it is among the last ``capacity`` given.
    func response(for seq: Int) -> HTTPResponse? {
        // Newest first: from the slot before `oldest` back to the start, then from the end back to `oldest`.
        for index in stride(from: oldest - 1, through: 0, by: -1) where entries[index].seq == seq {
            return entries[index].response
        }
        for index in stride(from: entries.count - 1, through: oldest, by: -1) where entries[index].seq == seq {
            return entries[index].response
        }
        return nil
    }

    /// Keeps `response` as the answer for `seq`, dropping the oldest answer when the ring is full.
    mutating func append(seq: Int, _ response: HTTPResponse) {
        if entries.count < capacity {
            if entries.isEmpty { entries.reserveCapacity(capacity) }
            entries.append((seq, response))
            // Not full yet: the next answer goes at the end, and `oldest` stays at the first.
            oldest = entries.count == capacity ? 0 : entries.count
            return
        }
        entries[oldest] = (seq, response)
        oldest = (oldest + 1) % capacity
    }
}
