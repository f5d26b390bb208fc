/// An invariant a fuzz target checks that an input broke, in debug and release builds alike.
public struct FuzzFailure: Error, CustomStringConvertible {
    /// What broke, with the values involved.
    public let description: String
}

/// Throws a `FuzzFailure` saying `message` when `condition` is false.
func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) throws(FuzzFailure) {
    if !condition() { throw FuzzFailure(description: message()) }
}
