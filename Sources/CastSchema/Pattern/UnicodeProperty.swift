
/// `\p{…}` and `\P{…}` in a pattern: the scalars of a Unicode general category (`L`, `Lu`,
/// `Letter`, `Nd`, …) or of a binary property (`Alphabetic`, `White_Space`, `Uppercase`,
/// `Lowercase`, `Emoji`), as a `ScalarSet` built once per process from the standard library's
/// Unicode data. Scripts (`\p{Greek}`) are not known to the standard library, so not supported.
enum UnicodeProperty {
  /// The set a property name stands for, or nil when the name is not one castctl knows.
  static func set(named name: String) -> ScalarSet? {
    let key = canonical(name)
    guard let test = tests[key] else { return nil }
    if let known = cache.withLock({ $0[key] }) { return known }
    let made = build(test)
    cache.withLock { $0[key] = made }
    return made
  }

  /// The names, for the error that lists them.
  static let knownNames = "L Lu Ll Lt Lm Lo M Mn Mc Me N Nd Nl No P Pc Pd Ps Pe Pi Pf Po S Sm Sc Sk So Z Zs Zl Zp Cc Cf Co, "
    + "their long names (Letter, Uppercase_Letter, Decimal_Number, …), Alphabetic, White_Space, Uppercase, Lowercase, Emoji"

  private static let cache = Locked<[String: ScalarSet]>([:])

  /// Names compared without case, spaces, `_` and `-`, as Unicode's loose matching does.
  private static func canonical(_ name: String) -> String {
    String(name.lowercased().unicodeScalars.filter { $0 != "_" && $0 != "-" && $0 != " " })
  }

  private typealias Category = Unicode.GeneralCategory

  private static func categories(_ list: Category...) -> @Sendable (Unicode.Scalar.Properties) -> Bool {
    { list.contains($0.generalCategory) }
  }

  private static let tests: [String: @Sendable (Unicode.Scalar.Properties) -> Bool] = {
    var tests: [String: @Sendable (Unicode.Scalar.Properties) -> Bool] = [:]
    func add(_ names: [String], _ test: @escaping @Sendable (Unicode.Scalar.Properties) -> Bool) {
      for name in names { tests[canonical(name)] = test }
    }
    add(["L", "Letter"], categories(.uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter))
    add(["Lu", "Uppercase_Letter"], categories(.uppercaseLetter))
    add(["Ll", "Lowercase_Letter"], categories(.lowercaseLetter))
    add(["Lt", "Titlecase_Letter"], categories(.titlecaseLetter))
    add(["Lm", "Modifier_Letter"], categories(.modifierLetter))
    add(["Lo", "Other_Letter"], categories(.otherLetter))
    add(["M", "Mark"], categories(.nonspacingMark, .spacingMark, .enclosingMark))
    add(["Mn", "Nonspacing_Mark"], categories(.nonspacingMark))
    add(["Mc", "Spacing_Mark"], categories(.spacingMark))
    add(["Me", "Enclosing_Mark"], categories(.enclosingMark))
    add(["N", "Number"], categories(.decimalNumber, .letterNumber, .otherNumber))
    add(["Nd", "Decimal_Number", "digit"], categories(.decimalNumber))
    add(["Nl", "Letter_Number"], categories(.letterNumber))
    add(["No", "Other_Number"], categories(.otherNumber))
    add(
      ["P", "Punctuation", "punct"],
      categories(
        .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
        .finalPunctuation, .otherPunctuation))
    add(["Pc", "Connector_Punctuation"], categories(.connectorPunctuation))
    add(["Pd", "Dash_Punctuation"], categories(.dashPunctuation))
    add(["Ps", "Open_Punctuation"], categories(.openPunctuation))
    add(["Pe", "Close_Punctuation"], categories(.closePunctuation))
    add(["Pi", "Initial_Punctuation"], categories(.initialPunctuation))
    add(["Pf", "Final_Punctuation"], categories(.finalPunctuation))
    add(["Po", "Other_Punctuation"], categories(.otherPunctuation))
    add(["S", "Symbol"], categories(.mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol))
    add(["Sm", "Math_Symbol"], categories(.mathSymbol))
    add(["Sc", "Currency_Symbol"], categories(.currencySymbol))
    add(["Sk", "Modifier_Symbol"], categories(.modifierSymbol))
    add(["So", "Other_Symbol"], categories(.otherSymbol))
    add(["Z", "Separator"], categories(.spaceSeparator, .lineSeparator, .paragraphSeparator))
    add(["Zs", "Space_Separator"], categories(.spaceSeparator))
    add(["Zl", "Line_Separator"], categories(.lineSeparator))
    add(["Zp", "Paragraph_Separator"], categories(.paragraphSeparator))
    add(["Cc", "Control", "cntrl"], categories(.control))
    add(["Cf", "Format"], categories(.format))
    add(["Co", "Private_Use"], categories(.privateUse))
    add(["Alphabetic", "Alpha"], { $0.isAlphabetic })
    add(["White_Space", "space"], { $0.isWhitespace })
    add(["Uppercase", "upper"], { $0.isUppercase })
    add(["Lowercase", "lower"], { $0.isLowercase })
    add(["Emoji"], { $0.isEmoji })
    return tests
  }()

  /// Where Unicode assigns anything but private use: the planes up to CJK Extension H, and the
  /// tags and variation selectors of plane 14. Scanning only these keeps building a set fast.
  private static let assigned: [ClosedRange<UInt32>] = [0...0x323AF, 0xE0000...0xE01EF]
  /// The private-use planes, every scalar of which is `Co` (and nothing else).
  private static let privateUsePlanes: [ClosedRange<UInt32>] = [0xF0000...0xFFFFD, 0x100000...0x10FFFD]

  /// Every scalar that passes `test`, as ranges.
  private static func build(_ test: (Unicode.Scalar.Properties) -> Bool) -> ScalarSet {
    var ranges: [ClosedRange<UInt32>] = []
    for block in assigned {
      var start: UInt32?
      for value in block {
        let passes = Unicode.Scalar(value).map { test($0.properties) } ?? false
        if passes {
          if start == nil { start = value }
        } else if let first = start {
          ranges.append(first...(value - 1))
          start = nil
        }
      }
      if let first = start { ranges.append(first...block.upperBound) }
    }
    if let probe = Unicode.Scalar(privateUsePlanes[0].lowerBound), test(probe.properties) { ranges += privateUsePlanes }
    return ScalarSet(ranges)
  }
}
