import LiveUI

/// A shape of the app's own: a triangle pointing up.
struct Triangle: Shape {
    func path(in rect: CGRect) -> Path {
        Path { path in
            path.move(to: CGPoint(x: rect.midX, y: rect.minY))
            path.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
            path.addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
            path.closeSubpath()
        }
    }
}

/// `/shapes`: shapes drawn as SVG, a progress ring driven by a button, accessibility modifiers and named colours.
public struct ShapesPage: View {
    @State private var progress = 0.0
    @State private var isFavourite = false

    /// The page, in its initial state.
    public init() {}

    /// The palette the demo declares for `Color("name")` (set by the demo's `main.swift`).
    public static let palette: [String: Color] = ["Brand": Color(red: 0.35, green: 0.2, blue: 0.75)]

    public var body: some View {
        NavigationStack {
            VStack(alignment: .leading, spacing: 20) {
                Text("Progress ring").font(.headline).accessibilityAddTraits(.isHeader)
                HStack(spacing: 24) {
                    ZStack {
                        Circle().stroke(Color.gray.opacity(0.25), lineWidth: 12)
                        Circle()
                            .trim(from: 0, to: progress)
                            .stroke(Color("Brand"), style: StrokeStyle(lineWidth: 12, lineCap: .round))
                            .rotationEffect(.degrees(-90))
                            .accessibilityIdentifier("ring")
                        Text("\(Int((progress * 100).rounded()))%").font(.title2).accessibilityIdentifier("percent")
                    }
                    .frame(width: 140, height: 140)
                    .accessibilityElement(children: .ignore)
                    .accessibilityLabel("Progress")
                    .accessibilityValue("\(Int((progress * 100).rounded())) percent")
                    .accessibilityAddTraits(.updatesFrequently)
                    VStack(alignment: .leading, spacing: 8) {
                        Button("Step +10%") { progress = min(progress + 0.1, 1) }
                            .accessibilityIdentifier("step")
                            .accessibilityHint("Fills a tenth more of the ring")
                        Button("Reset") { progress = 0 }.accessibilityIdentifier("reset-ring").disabled(progress == 0)
                    }
                }

                Text("Shapes").font(.headline).accessibilityAddTraits(.isHeader)
                HStack(spacing: 12) {
                    Rectangle().fill(Color.orange).frame(width: 48, height: 48)
                    RoundedRectangle(cornerRadius: 12).fill(Color.teal).frame(width: 48, height: 48)
                    Circle().fill(Color.pink).frame(width: 48, height: 48)
                    Ellipse().fill(Color.indigo).frame(width: 72, height: 48)
                    Capsule().fill(Color.green).frame(width: 72, height: 32)
                    Triangle().fill(Color("Brand")).frame(width: 48, height: 48).accessibilityIdentifier("triangle")
                    RoundedRectangle(cornerRadius: 8).strokeBorder(Color.blue, lineWidth: 4).frame(width: 48, height: 48)
                    Circle().stroke(Color.red, style: StrokeStyle(lineWidth: 3, dash: [6, 4])).frame(width: 48, height: 48)
                }
                HStack(spacing: 12) {
                    Text("Clipped").foregroundStyle(.black).padding().background(Color.yellow).clipShape(Capsule())
                    Text("Background in a shape").padding(.all, 10).background(Color.mint, in: RoundedRectangle(cornerRadius: 10))
                    Text("Outlined").padding(.all, 10).overlay(Capsule().stroke(Color.purple, lineWidth: 2))
                }

                Text("Styles").font(.headline).accessibilityAddTraits(.isHeader)
                HStack(spacing: 12) {
                    Button("Bordered") { progress = min(progress + 0.1, 1) }.buttonStyle(.bordered).accessibilityIdentifier("bordered")
                    Button("Prominent") { progress = min(progress + 0.1, 1) }.buttonStyle(.borderedProminent)
                    Button("Pill") { progress = min(progress + 0.1, 1) }.buttonStyle(PillButtonStyle())
                    ProgressView("Done", value: progress).progressViewStyle(RingProgressStyle()).accessibilityIdentifier("styled-progress")
                    Toggle("Favourite", isOn: $isFavourite).toggleStyle(.button)
                    Label("Starred", systemImage: "star.fill").labelStyle(.iconOnly)
                }

                Text("Accessibility").font(.headline).accessibilityAddTraits(.isHeader)
                HStack(spacing: 4) {
                    Image(systemName: "star.fill")
                    Image(systemName: "star.fill")
                    Image(systemName: "star.fill")
                    Text("3 of 5")
                }
                .accessibilityElement(children: .ignore)
                .accessibilityLabel("Rating")
                .accessibilityValue("3 of 5 stars")
                .accessibilityIdentifier("rating")
                Text(isFavourite ? "♥ Favourite" : "♡ Not a favourite")
                    .padding(.all, 8)
                    .onTapGesture { isFavourite.toggle() }
                    .accessibilityAddTraits(isFavourite ? [.isButton, .isSelected] : .isButton)
                    .accessibilityIdentifier("favourite")

                Text("Named colours").font(.headline).accessibilityAddTraits(.isHeader)
                HStack(spacing: 12) {
                    Color("Brand").frame(width: 32, height: 32).accessibilityLabel("Brand")
                    Text("Color(\"Brand\") from the app's palette")
                    Color("NotInThePalette").frame(width: 32, height: 32).accessibilityLabel("Missing colour")
                    Text("an unknown name: magenta")
                }
                BackLink()
            }
            .padding()
            .navigationTitle("Shapes & accessibility")
        }
    }
}

/// A capsule of the accent colour around the button's label.
struct PillButtonStyle: ButtonStyle {
    func makeBody(configuration: Configuration) -> some View {
        configuration.label
            .padding(.all, 8)
            .foregroundStyle(.white)
            .background(Color.accentColor, in: Capsule())
    }
}

/// A progress view drawn as a small ring with its percentage.
struct RingProgressStyle: ProgressViewStyle {
    func makeBody(configuration: Configuration) -> some View {
        ZStack {
            Circle().stroke(Color.gray.opacity(0.25), lineWidth: 5)
            Circle()
                .trim(from: 0, to: configuration.fractionCompleted ?? 0)
                .stroke(Color.green, style: StrokeStyle(lineWidth: 5, lineCap: .round))
                .rotationEffect(.degrees(-90))
            Text("\(Int(((configuration.fractionCompleted ?? 0) * 100).rounded()))").font(.caption)
        }
        .frame(width: 44, height: 44)
    }
}
