/// The scalars `(?i)` takes for one another: those its one-scalar lower, upper and title case
/// mappings connect, in either direction, as ICU's case-insensitive matching takes them (`ſ`,
/// `S` and `s` are one class, as are `K` (the Kelvin sign), `K` and `k`, and `ς`, `σ` and
/// `Σ`). A mapping followed forward only matched `S` for `(?i)ſ` and not `ſ` for `(?i)s`. As in
/// ICU, the dotted and dotless `İ` and `ı` are no one's case but their own (`I` and `i` are one
/// class). Worked out once, on the first `(?i)` pattern of the process, over the planes that
/// hold cased letters.
enum CaseClosure {
  /// The other scalars of each cased scalar's class.
  static let others: [UInt32: [UInt32]] = {
    // Union-find over the mappings' edges.
    var parent: [UInt32: UInt32] = [:]
    func root(_ value: UInt32) -> UInt32 {
      var value = value
      while let next = parent[value], next != value { value = next }
      return value
    }
    for value in UInt32(0)...0x1FFFF where value != 0x130 && value != 0x131 {
      guard let scalar = Unicode.Scalar(value), scalar.properties.changesWhenCaseMapped else { continue }
      let properties = scalar.properties
      for mapped in [properties.lowercaseMapping, properties.uppercaseMapping, properties.titlecaseMapping] {
        // Only one-scalar mappings: `ß` → `SS` is two characters, which one class cannot match.
        let scalars = mapped.unicodeScalars
        guard scalars.count == 1, let other = scalars.first?.value, other != value else { continue }
        let (a, b) = (root(value), root(other))
        if parent[a] == nil { parent[a] = a }
        if parent[b] == nil { parent[b] = b }
        if a != b { parent[a] = b }
      }
    }
    var classes: [UInt32: [UInt32]] = [:]
    for value in parent.keys { classes[root(value), default: []].append(value) }
    var others: [UInt32: [UInt32]] = [:]
    for members in classes.values where members.count > 1 {
      for member in members { others[member] = members.filter { $0 != member } }
    }
    return others
  }()
}
