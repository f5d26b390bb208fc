/// What an element node keeps about its element: kept apart so that the other nodes do not carry it.
/// Touched only by the graph's serial job, like its node (no run-time exclusivity checks: measured with
/// ``GraphNode``'s).
///
/// Laid out to fit 104 bytes, a smaller `malloc` chunk than 120 would take (three of them per row of a
/// list): the lid's number sits in the padding after `spec`.
package final class ElementState {
    /// The element as the client has it.
    @exclusivity(unchecked) package var spec: ElementSpec?
    /// Whether the client has the element (``spec`` is set), found without a copy of it.
    var hasSpec: Bool {
        switch spec {
        case .some: true
        case .none: false
        }
    }
    // The lid's number (``ElementLid``, 48 bits), in two parts that fill the padding after `spec`.
    private var lidHigh: UInt16
    private var lidLow: UInt32
    /// The element's children as the client has them, kept only from the first change to the tree
    /// below the element until that change is diffed; `nil` the rest of the time, when the tree below the
    /// element shows them (an element keeps no list of its children between events).
    @exclusivity(unchecked) var capturedChildren: [SnapshotChild]?
    /// Event handlers by event type.
    @exclusivity(unchecked) package var handlers = EventHandlers()

    /// State for the element whose lid has the number `lidNumber` (at most ``ElementLid/maximum``).
    init(lidNumber: UInt64) {
        lidHigh = UInt16(truncatingIfNeeded: lidNumber >> 32)
        lidLow = UInt32(truncatingIfNeeded: lidNumber)
    }

    /// The number of the element's `data-lid` (see ``ElementLid``).
    var lidNumber: UInt64 {
        get { UInt64(lidHigh) << 32 | UInt64(lidLow) }
        set {
            lidHigh = UInt16(truncatingIfNeeded: newValue >> 32)
            lidLow = UInt32(truncatingIfNeeded: newValue)
        }
    }
    /// The `data-lid`.
    package var lid: String { ElementLid.string(lidNumber) }

    /// Whether the client's element renders exactly as `other` (compared where it is stored).
    func rendersSame(as other: borrowing ElementSpec) -> Bool {
        Self.rendersSame(&spec, as: other)
    }

    /// The stored element's `data-aid` (``ElementSpec/accessibilityID``), read where it is stored.
    var accessibilityID: String? { Self.accessibilityID(&spec) }

    /// `accessibilityID` through exclusive access, as `rendersSame(_:as:)` reads.
    private static func accessibilityID(_ stored: inout ElementSpec?) -> String? {
        stored?.accessibilityID
    }

    /// What the client's element needs to become `new` when both are leaves (text or nothing inside)
    /// with the same tag and attributes; ``LeafChange/other`` otherwise, or when there is no element yet.
    func leafChange(to new: borrowing ElementSpec) -> LeafChange { Self.leafChange(&spec, to: new) }

    /// `leafChange(to:)` through exclusive access, as `rendersSame(_:as:)` reads.
    private static func leafChange(_ stored: inout ElementSpec?, to new: borrowing ElementSpec) -> LeafChange {
        stored?.leafChange(to: new) ?? .other
    }

    /// `rendersSame(as:)` on the stored element through exclusive access: read where it is, where a
    /// plain read of the property copies it out of the object first (a retain and a release for each
    /// string and list in it).
    private static func rendersSame(_ stored: inout ElementSpec?, as other: borrowing ElementSpec) -> Bool {
        stored?.rendersSame(as: other) ?? false
    }
}
