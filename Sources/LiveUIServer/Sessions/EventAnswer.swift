import LiveUI

/// The answer to an applied event, `{"version":…,"seq":…,"patches":[…]}`, kept as its parts: the JSON is
/// written only where it is sent, straight into the memory libmicrohttpd sends from, so an answer makes no
/// string of its own. The patches' text is the update's, shared with the graph's patch log.
struct EventAnswer: Sendable {
    /// The update's version.
    let version: Int
    /// The event's `seq` (`null` in the JSON when the event had none).
    let seq: Int?
    /// The update's patches as JSON objects, comma-separated (``Update/patchesText``).
    let patchesText: String
    /// The update's animation as the wire JSON adds it (``Update/animationText``), usually `nil`.
    let animationText: String?

    /// The answer to the event numbered `seq` whose handling produced `update`.
    init(_ update: Update, seq: Int?) {
        version = update.version
        self.seq = seq
        patchesText = update.patchesText
        animationText = update.animationText
    }

    /// Appends the answer's JSON, the same text as ``Update/json(seq:)``, to `out`.
    func write(to out: inout UTF8Assembly) {
        Update.appendAnswerJSON(version: version, seq: seq, patchesText: patchesText, animationText: animationText, to: &out)
    }

    /// The answer's JSON as a string (for tests and the rare reader that needs the text).
    var json: String { assembleUTF8 { write(to: &$0) } }
}
