import CastSchema
import Testing

/// `Locked`: what one thread does inside the lock, no other sees half done.
@Suite("Locked: a value behind a lock")
struct LockedTests {
  @Test("increments from many threads at once all land")
  func concurrentIncrements() async {
    let counter = Locked([Int: Int]())
    await withTaskGroup(of: Void.self) { group in
      for task in 0..<8 {
        group.addTask {
          for step in 0..<2_000 {
            // A read and a write in one critical section: a lost update would show in the sums.
            counter.withLock { $0[step % 16, default: 0] += 1 }
            if step % 500 == 0 { _ = counter.withLock { $0.count } + task }
          }
        }
      }
    }
    #expect(counter.withLock { $0.values.reduce(0, +) } == 16_000)
    #expect(counter.withLock { $0.count } == 16)
  }

  @Test("an error thrown inside leaves the lock free and the value as the body left it")
  func throwingBody() {
    struct Stop: Error {}
    let value = Locked(1)
    #expect(throws: Stop.self) {
      try value.withLock { number in
        number = 2
        throw Stop()
      }
    }
    #expect(value.withLock { $0 } == 2)
  }
}
