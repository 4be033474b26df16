/// One thing wrong (or deceptively right) in a document derived from a valid one.
enum Fault: String, CaseIterable {
  case removeKey, null, wrongType, fraction, integralNumber, overflow, unknownEnumCase
  case badElement, badURL, badUUID, badBase64, badDate, otherDateFormat, unknownKey, badIntKey
  case duplicateSetElement, lowercaseUUID
}
