import CastSchema

/// Enums without a raw type in the synthesized `Codable` form (SE-0295), as JSONDecoder reads
/// them: an object with exactly one key naming a case (keys naming no case are not read; of a
/// repeated one, JSONDecoder reads the first value), whose value is an object holding the case's
/// associated values (`{"circle": {"radius": 2}}`, `{"pair": {"_0": 1, "name": "x"}}`, `{"none": {}}`).
extension RecordValidator {
  mutating func keyedCase(
    _ plan: EnumPlan, _ kind: JSONValueKind, _ scanner: inout JSONScanner, policy: Policy, declaration: SourceRange?,
    build wantInstance: Bool
  ) throws(JSONSyntaxError) -> Outcome {
    guard kind == .object else { return try mismatch(plan.name, kind, &scanner, declaration: declaration) }
    let start = scanner.offset
    try scanner.beginObject()
    var first = true
    var named: [Int] = []
    // The decoder counts the case keys before it reads any value, so the value is read afterwards,
    // from a copy of the scanner left at it.
    var chosen: (key: JSONStringToken, at: JSONScanner)?
    while let key = try scanner.nextKey(&first) {
      guard let caseIndex = caseIndex(of: key, in: plan, scanner) else {
        try scanner.skipValue()
        continue
      }
      _ = try scanner.peekKind()
      if named.contains(caseIndex) {
        if let previous = chosen, named == [caseIndex] {
          reportDuplicate(
            key, previous: previous.at.offset, at: scanner.offset, declaration: plan.caseDeclarations[caseIndex],
            firstWins: policy.duplicateKeyFirstWins)
          if !policy.duplicateKeyFirstWins { chosen = (key, scanner) }
        }
      } else {
        named.append(caseIndex)
        chosen = (key, scanner)
      }
      try scanner.skipValue()
    }
    guard named.count == 1, let caseIndex = named.first, let (key, at) = chosen else {
      let list: String = plan.caseKeys.prefix(8).map { (name: String) -> String in "\"" + name + "\"" }
        .joined(separator: ", ") + (plan.caseKeys.count > 8 ? ", …" : "")
      let expected = plan.caseKeys.isEmpty
        ? "\(plan.name) has no cases, so no value is one"
        : "\(plan.name) is an object with exactly one of the keys \(list)"
      let found = named.isEmpty ? "none of them" : "\(named.count) of them"
      report(
        .typeMismatch, .error, expected + (plan.caseKeys.isEmpty ? "" : ", here \(found)"), at: start,
        declaration: declaration, expected: plan.name, found: String(named.count) + " case keys")
      return .unconvertible
    }
    var payload = at
    path.push(.key(key))
    defer { path.pop() }
    let caseName = plan.caseNames[caseIndex]
    let caseKey = plan.writtenCaseKeys[caseIndex]
    let caseDeclaration = plan.caseDeclarations[caseIndex]
    let valueKind = try payload.peekKind()
    let valueStart = payload.offset
    if valueKind == .null {
      try payload.readNull()
      report(
        .nullNotAllowed, .error, "null where the object of case '\(caseName)' is expected", at: valueStart,
        declaration: caseDeclaration, expected: "[String: Any]", found: "null")
      return .unconvertible
    }
    guard valueKind == .object else {
      return try mismatch("an object (the case's associated values)", valueKind, &payload, declaration: caseDeclaration)
    }
    guard let payloadPlan = plan.payloadPlans[caseIndex] else {
      try payload.skipValue()
      return .value(wantInstance ? .json(.object([JSONMember(key: caseKey, value: .object([]))])) : nil)
    }
    let outcome = try model(payloadPlan, &payload, declaration: caseDeclaration, build: wantInstance)
    guard case .value(let instance) = outcome else { return .unconvertible }
    return .value(instance.map { .dictionary([InstanceMember(key: caseKey, value: $0)]) })
  }

  /// The case a key names: its bytes, or under `convertFromSnakeCase` the key it converts to.
  private func caseIndex(of key: JSONStringToken, in plan: EnumPlan, _ scanner: JSONScanner) -> Int? {
    guard plan.caseKeysFromSnakeCase else { return plan.stringRaws.firstIndex { scanner.equals(key, $0) } }
    let converted = FoundationSnakeCase.fromSnakeCase(scanner.string(key))
    return plan.caseKeys.firstIndex(of: converted)
  }
}
