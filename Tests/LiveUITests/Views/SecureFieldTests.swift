import Foundation
import Testing

@testable import LiveUI

@Suite("SecureField")
struct SecureFieldTests {
    private struct Login: View {
        @State var user = "ada"
        @State var password = ""
        var body: some View {
            VStack {
                TextField("User", text: $user).accessibilityIdentifier("user")
                SecureField("Password", text: $password).accessibilityIdentifier("password")
            }
        }
    }

    @Test("the inspector's tree shows the state a SecureField writes redacted, other state as it is")
    func redactedInTree() async throws {
        let session = LiveSession(changeLog: .discard) { Login() }
        _ = try await session.send(.input("password", "hunter2"))
        let json = await session.treeJSON()
        #expect(!json.contains("hunter2"))
        #expect(json.contains("\"_password\":\"••••\""), "\(json)")
        #expect(json.contains("\"_user\":\"ada\""), "\(json)")
        #expect(!(await session.html()).contains("hunter2"))
    }
}
