"""The Spark integration in local mode against one castctl run over the same data.

Run by run-tests.sh (which installs pyspark into .venv first). Skips, saying why, when pyspark
or Java cannot be used here.
"""

import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
SCHEMA = os.path.join(ROOT, "schemas", "users.cast")

try:
    import pyspark  # noqa: F401

    PYSPARK = None
except ImportError as error:  # pragma: no cover - depends on the machine
    PYSPARK = "pyspark is not installed (%s); run integrations/spark/setup.sh" % error


def castctl_binary():
    for candidate in (os.environ.get("CASTCTL_BIN"), os.path.join(ROOT, ".build", "release", "castctl"),
                      os.path.join(ROOT, ".build", "debug", "castctl")):
        if candidate and os.path.isfile(candidate) and os.access(candidate, os.X_OK):
            return candidate
    return None


def records(partition, count, rng):
    """`count` NDJSON lines: 1% invalid records, a few malformed and blank lines."""
    valid = {"id": 0, "user_name": "ada", "email": "ada@example.org", "role": "admin",
             "created_at": "2024-03-01T09:30:00Z", "address": {"street": "1 Main St", "city": "London", "zip": "10001"}}
    lines = []
    for index in range(count):
        record = dict(valid, id=partition * 100000 + index)
        roll = rng.random()
        if roll < 0.01:
            record["role"] = "superuser"
            lines.append(json.dumps(record))
        elif roll < 0.013:
            lines.append('{"id": %d, "user_name": broken' % index)
        elif roll < 0.015:
            lines.append("")
        else:
            lines.append(json.dumps(record))
    return lines


def without_positions(findings):
    """Findings without their line numbers, which count within a partition under Spark."""
    return [{key: value for key, value in finding.items() if key not in ("line", "record")} for finding in findings]


@unittest.skipIf(PYSPARK, PYSPARK or "")
@unittest.skipIf(castctl_binary() is None, "castctl is not built (swift build); skipping")
@unittest.skipIf(shutil.which("java") is None and not os.environ.get("JAVA_HOME"), "no Java for Spark; skipping")
class SparkIntegrationTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        from pyspark.sql import SparkSession

        os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
        cls.spark = (SparkSession.builder.master("local[2]").appName("castctl-spark-test")
                     .config("spark.driver.bindAddress", "127.0.0.1").config("spark.driver.host", "127.0.0.1")
                     .config("spark.ui.enabled", "false").config("spark.sql.shuffle.partitions", "2")
                     # NB: a file costs as much as a whole partition, so each file is one partition.
                     .config("spark.sql.files.openCostInBytes", str(128 << 20)).getOrCreate())
        cls.folder = tempfile.mkdtemp(prefix="castctl-spark-")
        rng = random.Random(25)
        cls.files = []
        for partition in range(8):
            path = os.path.join(cls.folder, "part-%05d.ndjson" % partition)
            with open(path, "w") as handle:
                handle.write("\n".join(records(partition, 500, rng)) + "\n")
            cls.files.append(path)

    @classmethod
    def tearDownClass(cls):
        cls.spark.stop()
        shutil.rmtree(cls.folder, ignore_errors=True)

    def reference(self):
        """One castctl run over the concatenated partitions: (text, valid, findings) per line."""
        lines = []
        for path in self.files:
            with open(path) as handle:
                lines += handle.read().splitlines()
        output = subprocess.run([castctl_binary(), "validate", SCHEMA, "-", "--model", "User", "--format", "jsonl"],
                                input=("\n".join(lines) + "\n").encode(), capture_output=True, check=True)
        verdicts = [json.loads(line) for line in output.stdout.decode().splitlines()]
        self.assertEqual(len(verdicts), len(lines))
        return sorted((text, verdict.get("valid"), json.dumps(without_positions(verdict.get("findings", [])), sort_keys=True))
                      for text, verdict in zip(lines, verdicts))

    def test_validate_matches_one_castctl_run(self):
        from castctl_spark import validate

        df = self.spark.read.text(self.folder)
        self.assertEqual(df.rdd.getNumPartitions(), 8)
        checked = validate(df, [SCHEMA], "User", column="value", castctl=castctl_binary())
        rows = checked.collect()
        got = sorted((row["value"], row["castctl_valid"],
                      json.dumps(without_positions(json.loads(row["castctl_findings"])), sort_keys=True)) for row in rows)
        expected = self.reference()
        self.assertEqual(len(got), 8 * 500)
        self.assertEqual(got, expected)
        invalid = sum(1 for row in rows if row["castctl_valid"] is False)
        self.assertGreater(invalid, 8 * 500 // 100 // 2)

    def test_split(self):
        from castctl_spark import split

        df = self.spark.read.text(self.folder)
        valid, rejects = split(df, [SCHEMA], "User", column="value", castctl=castctl_binary())
        expected = self.reference()
        self.assertEqual(valid.count(), sum(1 for item in expected if item[1] is True))
        self.assertEqual(rejects.count(), sum(1 for item in expected if item[1] is False))
        self.assertEqual(valid.columns, ["value"])

    def test_rows_castctl_reads_as_they_are(self):
        """A line break inside a string, a null, a binary column and Spark's own types: each gets
        castctl's verdict on what the row holds."""
        import datetime
        import decimal

        from castctl_spark import validate
        from pyspark.sql.types import BinaryType, DecimalType, StringType, StructField, StructType, TimestampType

        folder = tempfile.mkdtemp(prefix="castctl-spark-rows-")
        model = os.path.join(folder, "event.cast")
        with open(model, "w") as handle:
            handle.write("struct Event: DictionaryConvertible {\n    let name: String\n    let at: Date\n    let amount: Decimal\n}\n")
        good = '{"name": "a", "at": "2024-03-01T09:30:00Z", "amount": 1.5}'
        rows = [(good, bytearray(good.encode())), ('{"name": "a\nb", "at": 0, "amount": 1}', None), (None, None)]
        schema = StructType([StructField("value", StringType(), True), StructField("raw", BinaryType(), True)])
        df = self.spark.createDataFrame(rows, schema)
        texts = validate(df, [model], "Event", column="value", castctl=castctl_binary(), strict=True).collect()
        self.assertEqual([row["castctl_valid"] for row in texts], [True, False, False])
        self.assertEqual(json.loads(texts[1]["castctl_findings"])[0]["code"], "malformed-json")
        self.assertEqual(json.loads(texts[2]["castctl_findings"])[0]["code"], "null-not-allowed")
        raw = validate(df.limit(1), [model], "Event", column="raw", castctl=castctl_binary(), strict=True).collect()
        self.assertEqual(raw[0]["castctl_valid"], True, raw[0]["castctl_findings"])
        typed = self.spark.createDataFrame(
            [("a", datetime.datetime(2024, 3, 1, 9, 30), decimal.Decimal("12.340000000000000001"))],
            StructType([StructField("name", StringType()), StructField("at", TimestampType()), StructField("amount", DecimalType(38, 18))]))
        objects = validate(typed, [model], "Event", castctl=castctl_binary(), strict=True).collect()
        self.assertEqual(objects[0]["castctl_valid"], True, objects[0]["castctl_findings"])
        shutil.rmtree(folder, ignore_errors=True)

    def test_byte_order_mark_row_judged_wherever_it_lands(self):
        """A row beginning with a byte order mark (a file's first line under `spark.read.text`)
        has one verdict whether it is a partition's first row or not."""
        from castctl_spark import validate

        record = json.dumps({"id": 1, "user_name": "ada", "email": "ada@example.org", "role": "admin",
                             "created_at": "2024-03-01T09:30:00Z",
                             "address": {"street": "1 Main St", "city": "London", "zip": "10001"}})
        rows = [("\ufeff" + record,), (record,), ("\ufeff" + record,)]
        df = self.spark.createDataFrame(rows, ["value"]).coalesce(1)
        checked = validate(df, [SCHEMA], "User", column="value", castctl=castctl_binary(), strict=True).collect()
        self.assertEqual([row["castctl_valid"] for row in checked], [True, True, True],
                         [row["castctl_findings"] for row in checked])

    def test_castctl_failure_fails_the_task(self):
        from castctl_spark import validate

        broken = os.path.join(tempfile.mkdtemp(prefix="castctl-spark-schema-"), "broken.cast")
        with open(broken, "w") as handle:
            handle.write("struct User { let id: Nope }\n")
        df = self.spark.read.text(self.files[0])
        with self.assertRaises(Exception) as raised:
            validate(df, [broken], "User", column="value", castctl=castctl_binary()).collect()
        self.assertIn("castctl failed (exit 2)", str(raised.exception))


class RowTextTest(unittest.TestCase):
    """What castctl_spark sends castctl for a row: no Spark needed."""

    def test_line_breaks(self):
        from castctl_spark import _one_line

        cases = [
            (b'{"a": 1}', b'{"a": 1}'),
            # Outside a string a line break is whitespace.
            (b'{"a":\n1}', b'{"a": 1}'),
            (b'{"a":\r\n1}', b'{"a": 1}'),
            # Inside one it ends the record, as it ends an NDJSON line (castctl: unterminated string).
            (b'{"a":"x\nb"}', b'{"a":"x'),
            (b'{"a":"x\r\nb"}', b'{"a":"x'),
            (b'{"a":"q\\"\n"}', b'{"a":"q\\"'),
            (b'{"a":"q\\\\"\n}', b'{"a":"q\\\\" }'),
        ]
        for text, expected in cases:
            self.assertEqual(_one_line(text), expected, text)

    def test_byte_order_mark_dropped_from_every_row(self):
        from castctl_spark import _line

        for value in ('\ufeff{"a": 1}', b'\xef\xbb\xbf{"a": 1}'):
            self.assertEqual(_line({"value": value}, "value"), b'{"a": 1}', value)
        # Only one, at the row's start: a second is the row's own text, which castctl refuses.
        self.assertEqual(_line({"value": '\ufeff\ufeff1'}, "value"), b'\xef\xbb\xbf1')
        self.assertEqual(_line({"value": ' \ufeff1'}, "value"), b' \xef\xbb\xbf1')

    def test_values_as_json(self):
        import datetime
        import decimal

        from castctl_spark import _json

        zone = datetime.timezone(datetime.timedelta(hours=2))
        value = {"at": datetime.datetime(2024, 3, 1, 9, 30, tzinfo=zone), "day": datetime.date(2024, 3, 1),
                 "amount": decimal.Decimal("12.3400000000000000001"), "blob": b"hi", "none": None,
                 "list": [1, 2.5, True, "é"], "nan": float("nan")}
        self.assertEqual(_json(value), '{"at":"2024-03-01T09:30:00+02:00","day":"2024-03-01","amount":12.3400000000000000001,'
                                       '"blob":"aGk=","none":null,"list":[1,2.5,true,"é"],"nan":NaN}')
        # A naive timestamp (as Spark gives one) is the worker's local time, written with its offset.
        naive = datetime.datetime(2024, 3, 1, 9, 30)
        self.assertEqual(json.loads(_json(naive)), naive.astimezone().isoformat())


def skip_reason():
    """Why the Spark tests would be skipped here, or None."""
    if PYSPARK:
        return PYSPARK
    if castctl_binary() is None:
        return "castctl is not built"
    if shutil.which("java") is None and not os.environ.get("JAVA_HOME"):
        return "no Java for Spark"
    return None


if __name__ == "__main__":
    sys.path.insert(0, HERE)
    # CI (make test-ci-spark): a skipped test would pass unseen, so a reason to skip is a failure.
    if os.environ.get("CASTCTL_SPARK_REQUIRED") == "1" and skip_reason():
        sys.exit("FAILED: the Spark tests cannot run here: %s" % skip_reason())
    unittest.main(verbosity=2)
