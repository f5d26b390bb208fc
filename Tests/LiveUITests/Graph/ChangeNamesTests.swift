import Testing

@testable import LiveUI

@Suite("Change names of a node")
struct ChangeNamesTests {
    @Test("names keep the order they changed in and appear once; @self goes first")
    func orderedUniqueSelfFirst() {
        var names = ChangeNames()
        #expect(names.isEmpty)
        names.append("_count")
        names.append("@dependencies")
        names.append("_count")
        #expect(Array(names) == ["_count", "@dependencies"])
        names.prepend("@self")
        names.prepend("@self")
        #expect(Array(names) == ["@self", "_count", "@dependencies"])
        #expect(names.contains("@dependencies") && !names.contains("_other"))
        names.removeAll()
        #expect(names.isEmpty && Array(names).isEmpty)
    }

    @Test("a first name prepended to an empty list is the only one")
    func prependToEmpty() {
        var names = ChangeNames()
        names.prepend("@self")
        #expect(Array(names) == ["@self"])
        #expect(Array(ChangeNames(["@self", "@identity", "_count"])) == ["@self", "@identity", "_count"])
    }
}
