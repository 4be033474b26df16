"""castctl under Spark: validate the rows of a DataFrame against a .cast model.

castctl runs once per partition in its pipe mode (`validate --format jsonl`): the partition's
rows are streamed to it one JSON line each while its verdicts, one line per row in the same
order, are read back and zipped to the rows. Neither side holds a partition in memory. The
castctl binary and the schema files go to the executors with `SparkContext.addFile`.

    from castctl_spark import validate, split
    checked = validate(df, ["models/user.cast"], "User", column="value")
    good, rejects = split(df, ["models/user.cast"], "User", column="value")
"""

import collections
import json
import os
import shutil
import stat
import subprocess
import threading

__all__ = ["validate", "split", "CastctlError"]

VALID = "castctl_valid"
FINDINGS = "castctl_findings"
BYTE_ORDER_MARK = b"\xef\xbb\xbf"


class CastctlError(RuntimeError):
    """castctl itself failed (not a finding): the Spark task fails with its message."""


def _castctl_binary(castctl):
    path = castctl or os.environ.get("CASTCTL_BIN") or shutil.which("castctl")
    if not path or not os.path.isfile(path):
        raise CastctlError("castctl binary not found: pass castctl=PATH or set CASTCTL_BIN")
    return os.path.abspath(path)


def _arguments(model, options):
    """castctl's command-line options from keyword options (strict=True, unknown="warn", …)."""
    args = []
    if model:
        args += ["--model", model]
    for key, value in sorted(options.items()):
        flag = "--" + key.replace("_", "-")
        if value is True:
            args.append(flag)
        elif value is False or value is None:
            continue
        else:
            args += [flag, str(value)]
    return args


def _line(row, column):
    """The bytes castctl reads for a row, without its line feed: its `column` as is (text, or the
    bytes of a binary column), JSON `null` for a null, or the whole row as a JSON object."""
    if column is None:
        text = _json(row.asDict(recursive=True)).encode("utf-8")
    else:
        value = row[column]
        if value is None:
            # NB: no value is not a blank line (which split() leaves out of both results).
            text = b"null"
        elif isinstance(value, (bytes, bytearray)):
            text = bytes(value)
        else:
            text = str(value).encode("utf-8")
    # Each row is a JSON text of its own, which may begin with a byte order mark (RFC 8259 §8.1;
    # `spark.read.text` keeps a file's on its first row). castctl skips one only at the start of
    # its input, so it is dropped here: a row's verdict must not depend on where in a partition
    # it lands.
    if text.startswith(BYTE_ORDER_MARK):
        text = text[len(BYTE_ORDER_MARK):]
    return _one_line(text)


def _one_line(text):
    """A row's text as one line. A line break outside a string is whitespace, so it becomes a
    space; one inside a string ends the record there, as it ends a line of an NDJSON file, and
    castctl says the string is unterminated, as it says of that file."""
    if b"\n" not in text:
        return text
    out = bytearray()
    in_string = escaped = False
    for index, byte in enumerate(text):
        if in_string:
            if escaped:
                escaped = False
            elif byte == 0x5C:
                escaped = True
            elif byte == 0x22:
                in_string = False
            elif byte == 0x0A:
                return bytes(out[:-1] if out.endswith(b"\r") else out)
        elif byte == 0x22:
            in_string = True
        elif byte == 0x0A:
            if out.endswith(b"\r"):
                out[-1] = 0x20
                continue
            byte = 0x20
        out.append(byte)
    return bytes(out)


def _json(value):
    """A row's value as JSON text, the types Spark gives written as JSON has them: a timestamp as
    ISO 8601 with its offset, a date as ISO 8601, a decimal as the number it is (every digit),
    bytes as base64 (as Codable's Data)."""
    import base64
    import datetime
    import decimal

    if value is None or isinstance(value, (bool, int, str)):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, (float, decimal.Decimal)):
        # NB: NaN and the infinities have no JSON form: written as Python spells them, they make
        # the row malformed rather than read as something they are not.
        return json.dumps(value) if isinstance(value, float) else str(value)
    if isinstance(value, datetime.datetime):
        # NB: Spark hands a timestamp over as a naive datetime in the worker's local time.
        return json.dumps((value if value.tzinfo else value.astimezone()).isoformat())
    if isinstance(value, (datetime.date, datetime.time)):
        return json.dumps(value.isoformat())
    if isinstance(value, (bytes, bytearray)):
        return json.dumps(base64.b64encode(bytes(value)).decode("ascii"))
    if isinstance(value, dict):
        return "{" + ",".join(json.dumps(str(key), ensure_ascii=False) + ":" + _json(item) for key, item in value.items()) + "}"
    if isinstance(value, (list, tuple)):
        return "[" + ",".join(_json(item) for item in value) + "]"
    return json.dumps(str(value), ensure_ascii=False)


def _verdicts(rows, binary_name, schema_files, arguments, column):
    """Runs castctl over one partition, yielding (row, valid, findings JSON) in row order."""
    from pyspark import SparkFiles

    binary = SparkFiles.get(binary_name)
    # NB: addFile does not keep the execute bit everywhere.
    mode = os.stat(binary).st_mode
    if not mode & stat.S_IXUSR:
        os.chmod(binary, mode | stat.S_IXUSR | stat.S_IXGRP | stat.S_IXOTH)
    schemas = [SparkFiles.get(os.path.basename(path)) for path in schema_files]
    # Findings name the schema file as the user gave it, not the executor's copy.
    originals = dict(zip(schemas, schema_files))
    command = [binary, "validate", *schemas, "-", "--format", "jsonl", *arguments]
    process = subprocess.Popen(
        command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, bufsize=1 << 16)
    # The rows sent and not yet answered: at most what the pipes and castctl's batch hold.
    pending = collections.deque()
    failure = []
    errors = []

    def feed():
        try:
            for row in rows:
                pending.append(row)
                process.stdin.write(_line(row, column) + b"\n")
        except BrokenPipeError:
            pass  # castctl ended early; its exit status and message say why
        except Exception as error:  # noqa: BLE001 - reported on the task's thread
            failure.append(error)
        finally:
            try:
                process.stdin.close()
            except BrokenPipeError:
                pass

    def drain():
        errors.append(process.stderr.read().decode("utf-8", "replace"))

    writer = threading.Thread(target=feed, daemon=True)
    reader = threading.Thread(target=drain, daemon=True)
    writer.start()
    reader.start()
    for raw in process.stdout:
        if not pending:
            raise CastctlError("castctl answered more lines than it was given")
        verdict = json.loads(raw)
        row = pending.popleft()
        if verdict.get("blank"):
            yield row, None, "[]"
        else:
            findings = verdict["findings"]
            for finding in findings:
                declaration = finding.get("schema")
                if declaration and declaration.get("file") in originals:
                    declaration["file"] = originals[declaration["file"]]
            yield row, bool(verdict["valid"]), json.dumps(findings, ensure_ascii=False, separators=(",", ":"))
    writer.join()
    status = process.wait()
    reader.join()
    if failure:
        raise failure[0]
    if status != 0:
        raise CastctlError("castctl failed (exit %d): %s" % (status, "".join(errors).strip()))
    if pending:
        raise CastctlError("castctl answered fewer lines than it was given (%d unanswered)" % len(pending))


def validate(df, schema_files, model=None, column=None, castctl=None, **options):
    """The rows of `df` with two more columns: `castctl_valid` (true, false, or null for a blank
    line) and `castctl_findings` (the findings as a JSON array, as `--format json` writes them;
    their line numbers count within the partition).

    `column` names a string column holding each row's JSON text (e.g. "value" of
    `spark.read.text`); without it each row is sent as a JSON object. `options` become castctl's
    options: strict=True, unknown="warn", max_depth=64, jobs=1, …
    """
    from pyspark.sql.types import BooleanType, StringType, StructField, StructType

    session = df.sparkSession
    context = session.sparkContext
    binary = _castctl_binary(castctl)
    context.addFile(binary)
    schema_files = list(schema_files)
    if len({os.path.basename(path) for path in schema_files}) != len(schema_files):
        raise ValueError("schema files are shipped by name: give them different names")
    for path in schema_files:
        context.addFile(os.path.abspath(path))
    binary_name = os.path.basename(binary)
    options.setdefault("jobs", 1)  # one castctl per partition already; Spark runs them side by side
    arguments = _arguments(model, options)

    def partition(rows):
        for row, valid, findings in _verdicts(rows, binary_name, schema_files, arguments, column):
            yield tuple(row) + (valid, findings)

    schema = StructType(df.schema.fields + [StructField(VALID, BooleanType(), True), StructField(FINDINGS, StringType(), False)])
    return session.createDataFrame(df.rdd.mapPartitions(partition), schema)


def split(df, schema_files, model=None, column=None, castctl=None, **options):
    """(valid, rejects): the valid rows as they were, and the rejected rows with their findings.
    Blank lines go to neither. The validation runs once (the result is cached)."""
    from pyspark.sql import functions

    checked = validate(df, schema_files, model, column=column, castctl=castctl, **options).cache()
    valid = checked.filter(functions.col(VALID) == functions.lit(True)).drop(VALID, FINDINGS)
    rejects = checked.filter(functions.col(VALID) == functions.lit(False)).drop(VALID)
    return valid, rejects
