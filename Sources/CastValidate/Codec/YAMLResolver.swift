import Yams

/// How a plain YAML scalar is typed: as PyYAML reads YAML 1.1, which is what most YAML a JSON
/// model meets was written for. Yams's own rules differ in two places, so castctl agreed with no
/// reader: an integer `0o17` (YAML 1.2's octal; PyYAML reads text), and a float without a `.` or
/// with an unsigned exponent (`1e3`, `1.5e3`: text to PyYAML). The `%YAML` directive changes
/// nothing, as in PyYAML.
enum YAMLResolver {
  /// PyYAML's `int` rule (`yaml/resolver.py`).
  static let intPattern = #"^(?:[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+)$"#
  /// PyYAML's `float` rule.
  static let floatPattern =
    #"^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?|\.[0-9_]+(?:[eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$"#

  /// Yams's rules with PyYAML's `int` and `float` (the others are PyYAML's already).
  static let pyYAML: Resolver = {
    // NB: the patterns are constants a test compiles; Yams's rules stand in should one not.
    (try? Resolver.default.replacing(.int, with: intPattern).replacing(.float, with: floatPattern)) ?? .default
  }()

  /// The tag of a plain scalar as PyYAML resolves it.
  static func resolve(_ text: String) -> Tag.Name {
    pyYAML.resolveTag(of: Node(text, Tag(.implicit)))
  }
}
