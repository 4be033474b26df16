/// Skipping a whole value without recursion, so input nested far deeper than the stack allows
/// still ends in a depth error rather than a crash.
extension JSONScanner {
  /// Validates and skips any value (fully checked: strings' UTF-8, numbers' grammar, depth).
  package mutating func skipValue() throws(JSONSyntaxError) {
    var kinds = ContainerKinds()
    var level = 0
    value: while true {
      switch try peekKind() {
      case .object:
        try beginObject()
        var first = true
        if try nextKey(&first) != nil {
          level &+= 1
          kinds.set(level, isObject: true)
          continue value
        }
      case .array:
        try beginArray()
        var first = true
        if try nextElement(&first) {
          level &+= 1
          kinds.set(level, isObject: false)
          continue value
        }
      case .string: _ = try readStringAtQuote()
      case .number: _ = try readNumber()
      case .bool: _ = try readBool()
      case .null: try readNull()
      }
      // A value just ended: close every container that ends with it, until one has a next member.
      while level > 0 {
        var first = false
        if kinds.isObject(level) {
          if try nextKey(&first) != nil { continue value }
        } else {
          if try nextElement(&first) { continue value }
        }
        level &-= 1
      }
      return
    }
  }
}

/// Whether each open container of a `skipValue` is an object or an array, one bit per level.
///
/// The first 128 levels live inline, so skipping ordinary documents never allocates.
struct ContainerKinds {
  /// Levels 1…64.
  private var near: UInt64 = 0
  /// Levels 65…128.
  private var middle: UInt64 = 0
  /// Levels beyond 128, 64 to a word.
  private var far: [UInt64] = []

  /// Records the kind of the container at `level` (1-based).
  mutating func set(_ level: Int, isObject: Bool) {
    let bit = UInt64(1) &<< UInt64((level &- 1) & 63)
    let word = (level &- 1) &>> 6
    switch word {
    case 0: near = isObject ? near | bit : near & ~bit
    case 1: middle = isObject ? middle | bit : middle & ~bit
    default:
      let slot = word &- 2
      while far.count <= slot { far.append(0) }
      far[slot] = isObject ? far[slot] | bit : far[slot] & ~bit
    }
  }

  /// True when the container at `level` (1-based) is an object.
  func isObject(_ level: Int) -> Bool {
    let bit = UInt64(1) &<< UInt64((level &- 1) & 63)
    let word = (level &- 1) &>> 6
    switch word {
    case 0: return near & bit != 0
    case 1: return middle & bit != 0
    default:
      let slot = word &- 2
      return slot < far.count && far[slot] & bit != 0
    }
  }
}
