/// Shared by the test targets (a target of its own: test targets cannot depend on each other).
/// SplitMix64: tiny, fast, and the same on every platform and Swift version (unlike `Int.random(in:using:)`,
/// whose reduction is an implementation detail), so a seed always replays the same sequence.
public struct SplitMix64: RandomNumberGenerator {
    /// The generator's whole state.
    public var state: UInt64
    /// A generator that replays the sequence of `seed`.
    public init(_ seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// 0..<n (n > 0).
    public mutating func int(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    /// lower...upper.
    public mutating func int(_ lower: Int, _ upper: Int) -> Int { lower + int(upper - lower + 1) }
    /// `true` about `percent` times in 100.
    public mutating func chance(_ percent: Int) -> Bool { int(100) < percent }
    /// One of `values` (not empty).
    public mutating func pick<T>(_ values: [T]) -> T { values[int(values.count)] }
    /// `values` in a random order.
    public mutating func shuffle<T>(_ values: inout [T]) {
        guard values.count > 1 else { return }
        for i in stride(from: values.count - 1, to: 0, by: -1) { values.swapAt(i, int(i + 1)) }
    }
}
