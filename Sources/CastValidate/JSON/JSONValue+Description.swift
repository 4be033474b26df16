/// A JSON value printed as compact JSON text (`{"a":[1,"x"]}`), as castctl's reports show values.
extension JSONValue: CustomStringConvertible {
  public var description: String { JSONWriter(style: .compact).write(self) }
}
