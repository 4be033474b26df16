import Foundation
import Testing

/// castctl's YAML against PyYAML on this machine (the one pre-commit brings into .tools/, see
/// `PreCommitInstall`): what `convert --to yaml` writes PyYAML reads as the same values and types,
/// and what castctl reads from YAML is what PyYAML's `safe_load` reads (or both refuse it, or
/// PyYAML's value has no JSON form and castctl refuses it).
@Suite(
  "YAML read and written as PyYAML reads it",
  .enabled(if: CastctlProcess.isAvailable, "\(CastctlProcess.missing)"),
  .enabled(if: PreCommitInstall.installed, "PyYAML comes with pre-commit, which could not be installed (scripts/install-pre-commit.sh); skipping"))
struct YAMLOracleTests {
  static var python: String { CastctlProcess.packageRoot.appendingPathComponent(".tools/pre-commit/bin/python").path }

  /// JSON values whose YAML spelling a reader could take for something else.
  static let written: [String] = [
    "[1e3, 1E3, 1e+2, 5e-324, 1.7976931348623157e308, -2.5e-3, 1.5e3, 0.1, -0.0, 12345678901234567890]",
    #"["1e3", "1.0e+3", "0o17", "017", "0x1F", "1:20", "yes", "on", "~", "null", "", ".inf", ".nan", "2001-01-01", "<<", "="]"#,
    ##"["a\u2028b", "\ufeffd", "x\u0085y", "e]*", "- a", "#x", "a: b", " lead", "trail ", "tab\tx", "line\nbreak", "\u0000nul"]"##,
    #"{"\u2028[": "", "\ufeffa": 1, "e]*": [["e]*"]], "\r": {}, "? k": "v", "*x": "&y"}"#,
    #"{"k": [{"": [["e]*"]]}, {"\r": {}}], "n": null, "t": true, "deep": [[[[{"a": [1.5e300]}]]]]}"#,
  ]

  /// YAML documents, each read by both.
  static let read: [String] = [
    "%YAML 1.2\n---\n[yes, on, 1:20, 0o17, 017, 1e3, 1.5e+3, 1.5e3, 0x1F, 0b101, 1_000, +12, -0.0]\n",
    "a: !!int \"42\"\nd: !!float \"1.5\"\ne: !!bool \"true\"\nf: !!null \"\"\ns: !!str 12\nt: !!str true\n",
    "g: !custom 1\n",
    "p: .nan\n",
    "q: -.inf\n",
    "b: !!bool maybe\n",
    "i: !!int 1.5x\n",
    "s: !!set {a, b}\n",
    "- 'a\u{2028}b'\n- d\n- \"\\uFEFF\"\n- 'e'\n",
    "- \"a\u{85}b\"\n- \"\\uFEFFz\"\n",
    "a: e]*\n? y\n: 1\n",
    "a: x,*y\nb: e]#not a comment\n",
    "base: &b {x: 1, y: 2}\nderived:\n  <<: *b\n  y: 3\n",
    "a: &x [1, 2]\nb: *x\n",
    "{a: [1, 2, {b: c}], 'q': \"w\"}\n",
    "a: ~\nb: null\nc: Null\nd:\n",
    // Integers beyond Int64 in every form, exact (a Double kept 17 digits of them).
    "- 0x10000000000000001\n- -0x8000000000000001\n- 0b1\(String(repeating: "0", count: 64))\n- 07777777777777777777777777\n"
      + "- 1_000_000_000_000_000_000_001\n- 1:20:30:40:50:59:59:59:59:59:59:59\n- -0x0\n- +0x_1F\n- 0xFFFFFFFFFFFFFFFF\n",
    "a: !!int 0o17\nb: !!int 1:99\nc: !!int 0x\(String(repeating: "f", count: 300))\nd: !!int 00\ne: !!int 0b2\n",
  ]

  /// Judges pairs `[yaml, json]` on standard input: for each, whether PyYAML's `safe_load` of the
  /// YAML is the JSON's value (numbers by value and kind, int or float; keys in order), where
  /// `json` is null when castctl refused the YAML: right when PyYAML refuses it too or reads a
  /// value JSON has no form for (NaN, infinity, a set, bytes). One line per pair: `ok` or why not.
  static let judge = """
    import json, math, sys, yaml
    def same(a, b):
        if isinstance(a, bool) or isinstance(b, bool): return type(a) is type(b) and a == b
        if isinstance(a, (int, float)) and isinstance(b, (int, float)):
            return isinstance(a, int) == isinstance(b, int) and a == b and (a != 0 or math.copysign(1, a) == math.copysign(1, b))
        if isinstance(a, list) and isinstance(b, list): return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
        if isinstance(a, dict) and isinstance(b, dict):
            return list(a.keys()) == list(b.keys()) and all(same(a[k], b[k]) for k in a)
        return type(a) is type(b) and a == b
    def jsonable(value):
        if isinstance(value, float): return math.isfinite(value)
        if isinstance(value, list): return all(jsonable(v) for v in value)
        if isinstance(value, dict): return all(isinstance(k, str) and jsonable(v) for k, v in value.items())
        return value is None or isinstance(value, (bool, int, str))
    for text, castctl in json.load(sys.stdin):
        try:
            value = yaml.safe_load(text)
        except Exception as error:
            print("ok" if castctl is None else "PyYAML refuses it (%s); castctl read %s" % (str(error).splitlines()[0], castctl))
            continue
        if castctl is None:
            print("ok" if not jsonable(value) else "castctl refused it; PyYAML read %r" % (value,))
        elif not same(value, json.loads(castctl)):
            print("PyYAML read %r; castctl %s" % (value, castctl))
        else:
            print("ok")
    """

  /// PyYAML's verdict on each pair (`judge`).
  static func judged(_ pairs: [(yaml: String, castctl: String?)]) throws -> [String] {
    let input = String(
      decoding: try JSONSerialization.data(withJSONObject: pairs.map { [$0.yaml, $0.castctl ?? NSNull()] as [Any] }), as: UTF8.self)
    let file = try CastctlProcess.temporaryFile("pairs.json", input)
    defer { CastctlProcess.removeTemporaryFile(file) }
    let ending = try ChildProcess(URL(fileURLWithPath: python), ["-c", judge], in: FileManager.default.temporaryDirectory, stdin: file)
      .finish(timeout: 60)
    try #require(ending.status == 0 && !ending.signalled, "\(ending)")
    return ending.stdout.split(separator: "\n").map(String.init)
  }

  @Test("what convert --to yaml writes, PyYAML reads as the same values; castctl reads it back unchanged", arguments: written)
  func writtenYAML(_ document: String) throws {
    let scratch = try ScratchFolder(copying: [])
    defer { scratch.remove() }
    try scratch.write("in.json", document)
    let yaml = try CastctlProcess.run(["convert", "--type", "Any", "in.json", "--to", "yaml"], in: scratch.url)
    #expect(yaml.status == 0, "\(yaml.stderr)")
    try scratch.write("out.yaml", yaml.stdout)
    let back = try CastctlProcess.run(["convert", "--type", "Any", "out.yaml", "--compact"], in: scratch.url)
    #expect(back.status == 0, "\(back.stderr)")
    // PyYAML reads castctl's YAML as the input's values, and castctl's reading of it is the same.
    #expect(try Self.judged([(yaml.stdout, document), (yaml.stdout, back.stdout)]) == ["ok", "ok"], "\(yaml.stdout)")
  }

  @Test("castctl reads each YAML document as PyYAML's safe_load does, or refuses what PyYAML refuses or cannot put in JSON")
  func readYAML() throws {
    let scratch = try ScratchFolder(copying: [])
    defer { scratch.remove() }
    var pairs: [(yaml: String, castctl: String?)] = []
    for (index, text) in Self.read.enumerated() {
      try scratch.write("doc\(index).yaml", text)
      let run = try CastctlProcess.run(["convert", "--type", "Any", "doc\(index).yaml", "--compact"], in: scratch.url)
      #expect(run.status == 0 || run.status == 3, "\(run.stderr)")
      if run.status == 3 { #expect(run.stderr.contains("doc\(index).yaml:"), "a refusal says where: \(run.stderr)") }
      pairs.append((text, run.status == 0 ? run.stdout : nil))
    }
    let verdicts = try Self.judged(pairs)
    try #require(verdicts.count == Self.read.count, "\(verdicts)")
    for (text, verdict) in zip(Self.read, verdicts) where verdict != "ok" {
      Issue.record("\(text.debugDescription): \(verdict)")
    }
  }
}
