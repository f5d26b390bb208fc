extension ViewGraph {
    /// The element whose internal sub-element `target` names (`k12c` names a part of `k12`), if that
    /// element has a sub-element with exactly this lid: a made-up suffix (`k12x`) names nothing, so an
    /// event for it is an unknown target, not an event for `k12`.
    func subElementOwner(_ target: String) -> GraphNode? {
        guard let number = ElementLid.ownerNumber(target), let owner = elementNode(number: number),
            let lid = owner.lid, let spec = currentSpec(owner)
        else { return nil }
        return Self.spec(spec, lid: lid, hasSubElement: target) ? owner : nil
    }

    /// Whether `spec` (the element `lid`) has, at any depth, a sub-element whose lid is `target`.
    private static func spec(_ spec: ElementSpec, lid: String, hasSubElement target: String) -> Bool {
        guard case .children(let children) = spec.content else { return false }
        for case .element(let suffix, let sub) in children {
            let subLid = lid + suffix
            if subLid == target { return true }
            if target.hasPrefix(subLid) && Self.spec(sub, lid: subLid, hasSubElement: target) { return true }
        }
        return false
    }
}
