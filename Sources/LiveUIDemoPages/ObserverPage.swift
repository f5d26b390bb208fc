import Foundation
import LiveUI

/// The seed's `Observer` view, verbatim.
struct Observer<Obs, Content>: View where Obs: ObservableObject, Content: View {
    @State private var obs: Obs?
    private var content: Content
    private var initializer: () -> Obs

    init(_ initializer: @autoclosure @escaping () -> Obs, @ViewBuilder content: () -> Content) {
        self.content = content()
        self.initializer = initializer
    }

    var body: some View {
        if let obs = obs {
            content.environmentObject(obs)
        } else {
            Color.clear.onAppear(perform: initialize)
        }
    }

    private func initialize() {
        obs = initializer()
    }
}

/// How many models were created and released in this session.
final class ModelLedger: ObservableObject {
    @Published var created = 0
    @Published var released = 0
}

final class ObserverModel: ObservableObject {
    @Published var taps = 0
    private let ledger: ModelLedger
    init(ledger: ModelLedger) {
        self.ledger = ledger
        ledger.created += 1
    }
    deinit {
        let ledger = self.ledger
        ledger.released += 1
    }
}

struct ObserverContent: View {
    @EnvironmentObject var model: ObserverModel
    var body: some View {
        Button("Tapped \(model.taps) times") { model.taps += 1 }.accessibilityIdentifier("tap")
    }
}

/// `/observer`: the model is created once, survives parent renders, and is released when the view goes.
public struct ObserverPage: View {
    @StateObject private var ledger = ModelLedger()
    @State private var showsObserver = true
    @State private var parentRenders = 0

    /// The page, in its initial state.
    public init() {}

    public var body: some View {
        NavigationStack {
            VStack(alignment: .leading, spacing: 12) {
                Text("Models created: \(ledger.created), released: \(ledger.released)").accessibilityIdentifier("ledger")
                HStack {
                    Button("Re-render parent (\(parentRenders))") { parentRenders += 1 }.accessibilityIdentifier("rerender")
                    Button(showsObserver ? "Remove Observer" : "Insert Observer") { showsObserver.toggle() }
                        .accessibilityIdentifier("toggle-observer")
                }
                if showsObserver {
                    Observer(ObserverModel(ledger: ledger)) { ObserverContent() }
                }
                BackLink()
            }
            .padding()
            .navigationTitle("Observer")
        }
    }
}
