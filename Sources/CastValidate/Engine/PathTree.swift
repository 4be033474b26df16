import CastSchema

/// The objects and arrays that a model's key paths, index keys and `//! super` pass through, as a
/// tree of key components: which members of each the model reads. Node 0 is the model's own
/// object, whose members the scan itself judges; below it, a member no path reads is unknown and
/// a member read twice is a duplicate, as at the model's own level.
struct PathTree: Sendable {
  /// One member on the way: the key as the matcher compares it and as declared, and its node.
  struct Member: Sendable {
    /// Folded to lower case under `-i`, as `SchemaCompiler.keyBytes` folds direct keys.
    let key: [UInt8]
    let name: String
    let node: Int
  }

  /// One element an index key reads, and its node.
  struct Element: Sendable {
    let index: Int
    let node: Int
  }

  /// One value on the way to the values the properties read.
  struct Node: Sendable {
    /// A property reads the whole value here: what is inside is its type's business, not the
    /// tree's (a path that goes on below a read value does not make its members known).
    var isLeaf = false
    var members: [Member] = []
    var elements: [Element] = []
    /// Where each member's key is in `members`, and each index in `elements`: a model's key paths
    /// may pass through one object thousands of times.
    var memberPositions: [[UInt8]: Int] = [:]
    var elementPositions: [Int: Int] = [:]
    /// The property whose key first reaches here, or the model for its `//! super` object: what
    /// a finding about a member here is declared by.
    let declaration: SourceRange
  }

  private(set) var nodes: [Node]
  private let folding: KeyFolding

  /// The tree of every key of `fields` and of `superKey`; nil when every key is a plain key, so
  /// that such models carry nothing to walk.
  init?(fields: [FieldPlan], superKey: KeyPath?, declaration: SourceRange, folding: KeyFolding) {
    guard superKey != nil || fields.contains(where: { $0.directKey == nil }) else { return nil }
    self.folding = folding
    nodes = [Node(declaration: declaration)]
    // NB: the super key first, so that its object is declared by the model, not by the first
    // inherited property.
    if let superKey { insert(superKey, leaf: false, declaration: declaration) }
    for field in fields {
      for key in field.property.keys { insert(key, leaf: true, declaration: field.declaration) }
    }
  }

  /// Whether a property reads the value at `key` whole.
  func isRead(_ key: KeyPath) -> Bool {
    node(at: key).map { nodes[$0].isLeaf } ?? false
  }

  /// The node `key` leads to; nil when no key of the tree goes that way.
  func node(at key: KeyPath) -> Int? {
    var node = 0
    for component in key.components {
      let bytes = folding.declared(component.key)
      guard let member = nodes[node].memberPositions[bytes] else { return nil }
      node = nodes[node].members[member].node
      if let index = component.index {
        guard let element = nodes[node].elementPositions[index] else { return nil }
        node = nodes[node].elements[element].node
      }
    }
    return node
  }

  private mutating func insert(_ key: KeyPath, leaf: Bool, declaration: SourceRange) {
    var node = 0
    for component in key.components {
      let bytes = folding.declared(component.key)
      if let existing = nodes[node].memberPositions[bytes] {
        node = nodes[node].members[existing].node
      } else {
        nodes.append(Node(declaration: declaration))
        nodes[node].memberPositions[bytes] = nodes[node].members.count
        nodes[node].members.append(Member(key: bytes, name: component.key, node: nodes.count - 1))
        node = nodes.count - 1
      }
      if let index = component.index {
        if let existing = nodes[node].elementPositions[index] {
          node = nodes[node].elements[existing].node
        } else {
          nodes.append(Node(declaration: declaration))
          nodes[node].elementPositions[index] = nodes[node].elements.count
          nodes[node].elements.append(Element(index: index, node: nodes.count - 1))
          node = nodes.count - 1
        }
      }
    }
    if leaf { nodes[node].isLeaf = true }
  }
}
