import CastSchema

/// A key path compiled for the walk's lookups: which of the model's captured first keys it
/// starts from (`ModelPlan.deferredRoots`) and every later key as the matcher compares it, so a
/// lookup folds and converts no key text while it runs.
struct KeyRoute {
  /// One key of the path, folded as the model folds keys, and the array index after it, if any.
  struct Step {
    let key: [UInt8]
    let index: Int?
  }

  /// Index of the first key in `ModelPlan.deferredRoots` (nil: none captures it).
  let root: Int?
  /// Every step, the first one's key included.
  let steps: [Step]

  init(_ path: KeyPath, roots: [[UInt8]], folding: KeyFolding) {
    steps = path.components.map { Step(key: folding.declared($0.key), index: $0.index) }
    root = steps.first.flatMap { roots.firstIndex(of: $0.key) }
  }
}

/// The first keys of key paths the object's scan captured and their values' spans: a window
/// on the walker's `captureStack`, read after the scan.
struct Captures {
  let stack: RawStack<RootCapture>
  let base: Int

  /// What was captured for root `index` (nil: its key was not in the object).
  subscript(index: Int) -> RootCapture? {
    let capture = stack[base + index]
    return capture.value.start >= 0 ? capture : nil
  }
}
