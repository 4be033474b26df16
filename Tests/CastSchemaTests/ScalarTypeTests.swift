import Testing

@testable import CastSchema

/// `ScalarType`'s written-out `==` and classifications agree with what the cases mean.
struct ScalarTypeTests {
  @Test func isStoredInOneByte() {
    // `==` compares the one-byte tags; a payload or a 257th case would break that.
    #expect(MemoryLayout<ScalarType>.size == 1)
  }

  @Test(arguments: ScalarType.allCases)
  func equalityIsSameCase(_ type: ScalarType) {
    for other in ScalarType.allCases {
      #expect((type == other) == (type.rawValue == other.rawValue), "\(type) == \(other)")
    }
  }

  @Test(arguments: ScalarType.allCases)
  func integerTypesAreThoseWithBounds(_ type: ScalarType) {
    #expect(type.isInteger == (type.integerBounds != nil))
  }

  @Test(arguments: ScalarType.allCases)
  func floatingPointTypesAreTheThreeBinaryOnes(_ type: ScalarType) {
    #expect(type.isFloatingPoint == ["Float", "Double", "CGFloat"].contains(type.rawValue))
  }
}
