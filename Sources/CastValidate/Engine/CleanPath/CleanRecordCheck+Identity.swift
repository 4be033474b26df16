import CastSchema

extension CleanRecordCheck {
  /// A word of the value of model `index` (one with `CleanModel.hasByteIdentity`) at the cursor,
  /// which the check has read clean: equal for two values `SetElementIdentity` finds equal, so
  /// that a set of such models whose words all differ holds no repeated element. Keys in any
  /// order, a `null` and an absent optional, keys no property reads, `1` and `1.0` of a `Double`,
  /// `-0` and `0`, a UUID in either case: equal values, equal words. Nil where a value's bytes do
  /// not tell its identity (a string with escapes or beyond ASCII, which Swift compares by
  /// canonical equivalence): the set is then left to the walk.
  func identityWord(_ index: Int, _ scanner: inout JSONScanner) throws(JSONSyntaxError) -> UInt64? {
    let model = models[index]
    var sum: UInt64 = 0
    var first = true
    var guess = 0
    try scanner.beginObject()
    while try scanner.beginKey(&first) {
      let key = try scanner.readStringAtQuote()
      try scanner.endKey()
      // NB: under `-i` a key in another case is the property's, as `model` read it.
      var folded = false
      guard let position = match(key.span, model, &guess, scanner, folded: &folded) else {
        try scanner.skipValue()
        continue
      }
      scanner.skipWhitespace()
      if scanner.byte(at: scanner.position) == JSONByte.lowerN {
        try scanner.readNull()
        continue
      }
      guard let part = try identityPart(fields[model.firstField &+ position].node, &scanner) else { return nil }
      // NB: a sum, so that the order of the keys does not count; each part mixed with its
      // property's position first, so that which property holds a value does.
      sum &+= ByteHash.mix(part ^ (UInt64(position) &* 0x9E37_79B9_7F4A_7C15))
    }
    return ByteHash.mix(sum)
  }

  /// A word of a property's value (not `null`) at the cursor, of a node `hasByteIdentity` allows.
  private func identityPart(_ node: ValueNode, _ scanner: inout JSONScanner) throws(JSONSyntaxError) -> UInt64? {
    switch node {
    case .scalar(.bool):
      return try scanner.readBool() ? 1 : 2
    case .scalar(let type) where type == .double || type == .cgFloat || type == .float:
      let token = try scanner.readNumber()
      return SetElementIdentity.floatingValue(scanner.double(token), as: type).bitPattern
    case .scalar(let type) where type.isInteger:
      return SetElements.integerBits(scanner.bytes(try scanner.readNumber().span))
    case .scalar(.uuid):
      return Self.uuidWord(scanner.bytes(try scanner.readStringAtQuote().span))
    case .scalar(.string), .enumeration:
      let token = try scanner.readStringAtQuote()
      let raw = scanner.bytes(token.span)
      guard !token.hasEscapes, ASCIIText.isASCII(raw) else { return nil }
      var hasher = Hasher()
      hasher.combine(bytes: raw)
      return UInt64(bitPattern: Int64(hasher.finalize()))
    case .model(let index):
      return try identityWord(index, &scanner)
    default:
      return nil
    }
  }
}
