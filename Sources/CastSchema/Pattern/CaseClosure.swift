/// The scalars `(?i)` takes for one another: those their one-scalar lower, upper and title case
/// mappings connect, in either direction, as ICU's case-insensitive matching takes them (`ſ`,
/// `S` and `s` are one class, as are `K` (the Kelvin sign), `K` and `k`, and `ς`, `σ` and `Σ`).
/// Mappings followed forward only matched `S` for `(?i)ſ` but not `ſ` for `(?i)s`. As in ICU,
/// the dotted and dotless `İ` and `ı` are no one's case but their own (`I` and `i` are one
/// class).
enum CaseClosure {
  /// The scalars a mapping leads away from with none leading back (`ſ` → `S`, whose mappings
  /// are `s` and `S`): a class looks them up, since following mappings from it never meets them.
  /// `CaseClosureTests` rebuilds the list from every scalar's mappings.
  static let reverseOnly: [UInt32] = [
    0xB5, 0x17F, 0x345, 0x3C2, 0x3D0, 0x3D1, 0x3D5, 0x3D6, 0x3F0, 0x3F1, 0x3F4, 0x3F5, 0x1C80, 0x1C81, 0x1C82, 0x1C83,
    0x1C84, 0x1C85, 0x1C86, 0x1C87, 0x1C88, 0x1E9B, 0x1E9E, 0x1FBE, 0x2126, 0x212A, 0x212B,
  ]

  /// The scalars each of `reverseOnly` leads to.
  private static let reverseOnlyClasses: [(scalar: UInt32, reached: Set<UInt32>)] = reverseOnly.map { ($0, forward($0)) }

  /// A scalar's one-scalar lower, upper and title case mappings other than itself (none for `İ`
  /// and `ı`, nor to them).
  static func mappings(of value: UInt32) -> [UInt32] {
    guard value != 0x130, value != 0x131, let scalar = Unicode.Scalar(value), scalar.properties.changesWhenCaseMapped else { return [] }
    let properties = scalar.properties
    var mapped: [UInt32] = []
    for mapping in [properties.lowercaseMapping, properties.uppercaseMapping, properties.titlecaseMapping] {
      // Only one-scalar mappings: `ß` → `SS` is two characters, which one class cannot match.
      let scalars = mapping.unicodeScalars
      if scalars.count == 1, let other = scalars.first?.value, other != value, other != 0x130, other != 0x131 {
        mapped.append(other)
      }
    }
    return mapped
  }

  /// `value` and every scalar its mappings lead to, and theirs.
  static func forward(_ value: UInt32) -> Set<UInt32> {
    var reached: Set<UInt32> = [value]
    var pending = [value]
    while let next = pending.popLast() {
      for other in mappings(of: next) where reached.insert(other).inserted { pending.append(other) }
    }
    return reached
  }

  /// The other scalars of `value`'s class.
  static func others(of value: UInt32) -> [UInt32] {
    var members = forward(value)
    var grew = true
    while grew {
      grew = false
      for (scalar, reached) in reverseOnlyClasses where !members.contains(scalar) && !reached.isDisjoint(with: members) {
        members.formUnion(reached)
        grew = true
      }
    }
    members.remove(value)
    return members.sorted()
  }
}
