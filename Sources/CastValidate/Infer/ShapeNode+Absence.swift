/// The first object that lacked each key, which `--seed` names as the example of a property
/// made optional. Kept as "the earliest (input, offset)", so it does not depend on the order of
/// the records or on how they were split between threads.
extension ShapeNode {
  /// After one object at this node (its serial is `objects`): every known key it lacked notes
  /// the object, unless an earlier one already did.
  /// Each group of `alternatives` (`InferOptions.alternativeKeys`) notes whether the object had
  /// any of its keys, or else the object, unless an earlier one already did.
  func noteAbsentKeys(input: Int, offset: Int, pointer: @autoclosure () -> String, alternatives: [[String]]) {
    guard let fields else { return }
    var text: String?
    for (_, field) in fields where field.seenIn != objects && field.absent == nil {
      let spelled = text ?? pointer()
      text = spelled
      field.absent = ValueExample(input: input, offset: offset, pointer: spelled)
    }
    guard !alternatives.isEmpty else { return }
    if alternativesPresent.isEmpty {
      alternativesPresent = Array(repeating: 0, count: alternatives.count)
      alternativesAbsent = Array(repeating: nil, count: alternatives.count)
    }
    for (index, keys) in alternatives.enumerated() {
      if keys.contains(where: { fields[FieldKey($0)]?.seenIn == objects }) {
        alternativesPresent[index] += 1
      } else if alternativesAbsent[index] == nil {
        let spelled = text ?? pointer()
        text = spelled
        alternativesAbsent[index] = ValueExample(input: input, offset: offset, pointer: spelled)
      }
    }
  }

  /// Adds another node's counts of objects with any key of each `??` group, and its first
  /// object without one.
  func mergeAlternatives(_ other: ShapeNode) {
    guard !other.alternativesPresent.isEmpty else { return }
    guard !alternativesPresent.isEmpty else {
      (alternativesPresent, alternativesAbsent) = (other.alternativesPresent, other.alternativesAbsent)
      return
    }
    for index in alternativesPresent.indices {
      alternativesPresent[index] += other.alternativesPresent[index]
      alternativesAbsent[index] = ValueExample.earliest(alternativesAbsent[index], other.alternativesAbsent[index])
    }
  }

  /// A key first seen in a later object: every object before it here lacked it, the earliest of
  /// them first.
  func noteNewKey(_ field: FieldEvidence) {
    field.seenIn = objects
    if objects > 1 { field.absent = exampleSlots[JSONKind.object.slot] }
  }

  /// Before `other` is merged in: a key only one side has was absent from every object of the
  /// other side. Our keys are noted here; the first of our objects is returned for the keys
  /// only `other` has, noted as they are added (`other` itself is left as it is).
  func noteAbsence(merging other: ShapeNode) -> ValueExample? {
    guard let mine = fields, let theirs = other.fields else { return nil }
    let theirFirst = other.objects > 0 ? other.exampleSlots[JSONKind.object.slot] : nil
    for (key, field) in mine where theirs[key] == nil {
      field.absent = ValueExample.earliest(field.absent, theirFirst)
    }
    return objects > 0 ? exampleSlots[JSONKind.object.slot] : nil
  }
}

/// Where each distinct string (and integer) was first seen, kept only while the sketch keeps the values.
extension ShapeNode {
  /// Notes a string value at `pointer` of the record at `offset` of input `input`.
  func noteValue(_ text: String, input: Int, offset: Int, pointer: @autoclosure () -> String, options: InferOptions) {
    guard strings.distinct != nil, valueExamples[text] == nil, valueExamples.count < StringSketch.limit(options) else { return }
    valueExamples[text] = ValueExample(input: input, offset: offset, pointer: pointer())
  }

  /// Notes an integer value at `pointer` of the record at `offset` of input `input`.
  func noteInteger(_ value: Int64, input: Int, offset: Int, pointer: @autoclosure () -> String, options: InferOptions) {
    integerValues.observe(value, limit: StringSketch.limit(options)) { ValueExample(input: input, offset: offset, pointer: pointer()) }
  }

  /// Adds another node's first places, the earlier of two for the same value.
  func mergeValueExamples(_ other: ShapeNode, options: InferOptions) {
    for (text, example) in other.valueExamples {
      guard let known = valueExamples[text] else {
        if valueExamples.count < StringSketch.limit(options) { valueExamples[text] = example }
        continue
      }
      valueExamples[text] = ValueExample.earliest(known, example)
    }
  }
}

extension ValueExample {
  /// The one earlier in the input, either when only one is known.
  static func earliest(_ a: ValueExample?, _ b: ValueExample?) -> ValueExample? {
    guard let a else { return b }
    guard let b else { return a }
    return (b.input, b.offset) < (a.input, a.offset) ? b : a
  }
}
