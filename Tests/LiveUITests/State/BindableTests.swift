import Observation
import Testing

@testable import LiveUI

@Observable
final class Profile {
    var name = "Ada"
}

nonisolated private struct ProfileEditor: View {
    @Bindable var profile: Profile
    var body: some View {
        VStack {
            TextField("Name", text: $profile.name).accessibilityIdentifier("name")
            Text("Name: \(profile.name)")
        }
    }
}

@Suite("@Bindable")
struct BindableTests {
    @Test("$object.property binds a text field to an @Observable object")
    func bindableBinding() async throws {
        let profile = Profile()
        let session = LiveSession(changeLog: .discard) { ProfileEditor(profile: profile) }
        _ = await session.html()
        let update = try await session.send(.input("name", "Grace"))
        #expect(profile.name == "Grace")
        #expect(await session.html().contains("Name: Grace"))
        #expect(update.patches.contains { $0.op == "text" })
    }
}
