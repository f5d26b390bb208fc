/// `onAppear`: runs once when the identity enters the tree, after the pass that created it.
nonisolated struct OnAppearModifier: PrimitiveModifier {
    let action: (() -> Void)?
    let disappear: (() -> Void)?

    func makeContent(content: ModifierContent, node: GraphNode) -> NodeContent {
        let behavior = node.behavior { AppearBehavior() }
        behavior.onDisappear = disappear
        if !behavior.appeared {
            behavior.appeared = true
            if let action { node.graph.runAfterPass(action) }
        }
        return NodeContent(child: .index(0), content)
    }
}

final class AppearBehavior: NodeBehavior {
    var appeared = false
    var onDisappear: (() -> Void)?
    func unmount(_ node: GraphNode) {
        if let onDisappear { node.graph.runAfterPass(onDisappear) }
    }
}

/// `task`/`task(id:)`: a Swift task that starts when the identity appears, runs on the session's queue,
/// and is cancelled when the identity ends or the id changes.
nonisolated struct TaskModifier: PrimitiveModifier {
    let id: AnyHashable?
    let priority: TaskPriority?
    let action: () async -> Void

    func makeContent(content: ModifierContent, node: GraphNode) -> NodeContent {
        let behavior = node.behavior { TaskBehavior() }
        if !behavior.started || behavior.id != id {
            behavior.started = true
            behavior.id = id
            behavior.cancel()
            let action = self.action
            let priority = self.priority
            let graph = node.graph
            graph.runAfterPass { [weak behavior] in
                guard let behavior, node.isMounted else { return }
                behavior.start(action, priority: priority, executor: graph.scheduler.taskExecutor)
            }
        }
        return NodeContent(child: .index(0), content)
    }
}

final class TaskBehavior: NodeBehavior {
    var started = false
    var id: AnyHashable?
    private var task: Task<Void, Never>?

    func start(_ action: @escaping () async -> Void, priority: TaskPriority?, executor: any TaskExecutor) {
        cancel()
        let body = UncheckedSendable(action)
        task = Task(executorPreference: executor, priority: priority) { await body.value() }
    }

    func cancel() {
        task?.cancel()
        task = nil
    }

    func unmount(_ node: GraphNode) { cancel() }
}

/// `onChange(of:)`: runs after a pass in which the value changed.
nonisolated struct OnChangeModifier<Value: Equatable>: PrimitiveModifier {
    let value: Value
    let initial: Bool
    let action: (Value, Value) -> Void

    func makeContent(content: ModifierContent, node: GraphNode) -> NodeContent {
        let behavior = node.behavior { ChangeBehavior<Value>() }
        let action = self.action
        if let previous = behavior.last {
            if previous != value {
                let new = value
                node.graph.runAfterPass { action(previous, new) }
            }
        } else if initial {
            let new = value
            node.graph.runAfterPass { action(new, new) }
        }
        behavior.last = value
        return NodeContent(child: .index(0), content)
    }
}

final class ChangeBehavior<Value>: NodeBehavior {
    var last: Value?
    func unmount(_ node: GraphNode) {}
}

/// `onReceive`: runs `action` with each value the publisher sends while the identity lives.
nonisolated struct OnReceiveModifier<P: Publisher>: PrimitiveModifier where P.Failure == Never {
    let publisher: P
    let action: (P.Output) -> Void

    func makeContent(content: ModifierContent, node: GraphNode) -> NodeContent {
        let behavior = node.behavior { ReceiveBehavior<P.Output>() }
        behavior.action = action
        let identity = publisherIdentity(publisher)
        if behavior.subscription == nil || identity == nil || identity != behavior.identity {
            behavior.identity = identity
            let graph = WeakGraph(node.graph)
            let target = UncheckedSendable(behavior)
            behavior.subscription = publisher.sink { value in
                if graph.isCurrent {
                    target.value.action?(value)
                } else {
                    let delivery = UncheckedSendable(value)
                    graph.enqueue { target.value.action?(delivery.value) }
                }
            }
        }
        return NodeContent(child: .index(0), content)
    }
}

final class ReceiveBehavior<Output>: NodeBehavior {
    var action: ((Output) -> Void)?
    var identity: ObjectIdentifier?
    var subscription: AnyCancellable?
    func unmount(_ node: GraphNode) {
        subscription?.cancel()
        subscription = nil
        action = nil
    }
}

/// A handle on a graph for callbacks that may arrive on any thread; it does not keep the graph alive.
struct WeakGraph: Sendable {
    let serial: UInt64
    let scheduler: any GraphScheduler

    init(_ graph: ViewGraph) {
        self.serial = graph.serial
        self.scheduler = graph.scheduler
    }

    /// Whether the calling thread is running this graph's job.
    var isCurrent: Bool { ThreadContext.isRunning(graph: serial) }

    func enqueue(_ job: @escaping @Sendable () -> Void) { scheduler.enqueue(job) }
}

nonisolated extension View {
    /// Runs `action` when this view's identity enters the tree.
    public consuming func onAppear(perform action: (() -> Void)? = nil) -> some View {
        modifier(OnAppearModifier(action: action, disappear: nil))
    }

    /// Runs `action` when this view's identity leaves the tree.
    public consuming func onDisappear(perform action: (() -> Void)? = nil) -> some View {
        modifier(OnAppearModifier(action: nil, disappear: action))
    }

    /// Starts `action` when this view appears; cancels it when the view's identity ends.
    public consuming func task(priority: TaskPriority = .userInitiated, _ action: @escaping () async -> Void) -> some View {
        modifier(TaskModifier(id: nil, priority: priority, action: action))
    }

    /// Starts `action` when this view appears and restarts it whenever `id` changes.
    public consuming func task<T: Equatable & Hashable>(
        id value: T, priority: TaskPriority = .userInitiated, _ action: @escaping () async -> Void
    ) -> some View {
        modifier(TaskModifier(id: AnyHashable(value), priority: priority, action: action))
    }

    /// Runs `action(old, new)` after an update in which `value` changed.
    public consuming func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping (V, V) -> Void) -> some View {
        modifier(OnChangeModifier(value: value, initial: initial, action: action))
    }

    /// Runs `action()` after an update in which `value` changed.
    public consuming func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping () -> Void) -> some View {
        modifier(OnChangeModifier(value: value, initial: initial, action: { _, _ in action() }))
    }

    /// Runs `action(new)` after an update in which `value` changed (the older SwiftUI form).
    public consuming func onChange<V: Equatable>(of value: V, perform action: @escaping (V) -> Void) -> some View {
        modifier(OnChangeModifier(value: value, initial: false, action: { _, new in action(new) }))
    }

    /// Runs `action` with each value `publisher` sends while this view's identity lives.
    public consuming func onReceive<P: Publisher>(_ publisher: P, perform action: @escaping (P.Output) -> Void) -> some View
    where P.Failure == Never {
        modifier(OnReceiveModifier(publisher: publisher, action: action))
    }
}
