import TetherJSON
import TetherTuning

/// The options of the commands that replay a grid of parameter values (`sweep` and `tune`),
/// declared once for both.
enum GridOptions {
    static let vary = Option<SweepAxis>(
        "--vary", value: "PATH=START:STOP:STEP|PATH=V1,V2,...", repeats: true, required: true,
        help: """
            START:STOP:STEP: values START + i·STEP up to STOP inclusive
            (within round-off), rounded to the decimals the three numbers are
            written with. V1,V2,...: a list of values, each read like a --set VALUE.
            """
    ) { (text: String) throws(OptionValueError) -> SweepAxis in
        do throws(SweepSpecError) {
            return try SweepAxis(parsing: text)
        } catch {
            throw .message("invalid --vary '\(MessageText.plain(text))': \(error.message)")
        }
    }
    static let jobs = Option<Int>(
        "--jobs", value: "N", help: "Replay N combinations at a time (default 1); the output is the same\nfor any N.",
        expected: "a whole number from 1 to 256", parse: OptionValue.wholeNumber(in: 1...256))
    static let settleDistance = Option<Double>(
        "--settle-distance", value: "PT", help: "Settled means within PT points of rest (default 0.5).",
        expected: "a number > 0", parse: OptionValue.positive)
    static let settleSpeed = Option<Double>(
        "--settle-speed", value: "PT/S", help: "...and slower than PT/S points per second (default 1).",
        expected: "a number > 0", parse: OptionValue.positive)
}
