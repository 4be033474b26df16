/// What a run of NDJSON lines gave: the counts of its records, how many lines it read, and the
/// malformed JSON that ended it, if any (the counts are then of the records before it).
package struct LinesRead {
  package var summary = ValidationSummary()
  package var lines = 0
  package var malformed: JSONSyntaxError?
}
