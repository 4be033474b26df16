import CastValidate

/// The report of `infer --seed` on standard error: one line per change, with the data that
/// needed it.
enum SeedChangeText {
  /// `castctl: seed: Order.price at /price: Int → Double (integers and fractions: Double; e.g. data.ndjson:3 /price)`.
  static func render(_ changes: [SeedChange], seed: String, inputs: InferInputs) -> String {
    guard !changes.isEmpty else { return "castctl: seed: the data fits \(seed) as it is: no changes\n" }
    var out = ""
    for change in changes {
      var why = change.reason
      if let example = change.example {
        let source = inputs.inputs[example.input].source
        why += "; e.g. \(source.name):\(source.position(of: example.offset).line) \(example.pointer.isEmpty ? "(the record)" : example.pointer)"
      }
      out += "castctl: seed: \(change.subject) at \(change.path.isEmpty ? "/" : change.path): \(change.before) → \(change.after) (\(why))\n"
    }
    return out
  }
}
