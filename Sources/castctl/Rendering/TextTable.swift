import CastSchema

/// Left-aligned columns padded to their widest cell; widths are terminal columns (`DisplayWidth`:
/// a CJK character or an emoji takes two).
struct TextTable {
  var header: [String]
  var rows: [[String]] = []

  func render(indent: String = "  ", style: TextStyle) -> String {
    let widths = header.indices.map { column in
      ([header] + rows).map { $0.indices.contains(column) ? DisplayWidth.of($0[column]) : 0 }.max() ?? 0
    }
    func line(_ cells: [String]) -> String {
      let padded = cells.enumerated().map { column, cell in
        column == cells.count - 1 ? cell : cell + String(repeating: " ", count: max(0, widths[column] - DisplayWidth.of(cell)))
      }
      return indent + padded.joined(separator: "  ")
    }
    var out = style.dim(line(header)) + "\n"
    for row in rows { out += line(row) + "\n" }
    return out
  }
}

