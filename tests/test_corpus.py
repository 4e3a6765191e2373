"""Whole archives: ``cartlog.corpus.audit_files`` and ``cartlog check`` over many logs.

The outcomes come in the order given whatever runs them (this process, worker processes, any
executor), with a bounded number of tasks in flight; the check command streams them, lists
the logs that failed, counts findings by code, filters by severity, and draws a progress bar
on a terminal only. ``simulate --count`` writes a corpus in one call.
"""

from __future__ import annotations

import io
import os
import pickle
import re
import subprocess
import sys
from concurrent.futures import Executor, Future, ThreadPoolExecutor
from pathlib import Path

import msgspec
import pytest
from typer.testing import CliRunner

from cartlog import corpus
from cartlog.audit import audit
from cartlog.cli import FEW_LOGS, app
from cartlog.documents import CheckWriter, CodeTally, check_document

ROOT = Path(__file__).resolve().parent.parent
runner = CliRunner()


def run(*args, input: str | None = None):
    result = runner.invoke(app, [str(a) for a in args], input=input)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return result


@pytest.fixture(scope="module")
def archive(tmp_path_factory) -> Path:
    """Ten logs: eight clean three-player games, one with a wrong destination, one with a
    warning (a wrong turn number), one unfinished (an info), one unreadable; in sorted
    order by name."""
    d = tmp_path_factory.mktemp("archive")
    assert run("simulate", "cartagena", "--players", "3", "--count", "8", "--out", d,
               "--seed", "10").exit_code == 0
    clean = sorted(d.glob("*.cartlog"))
    text = clean[0].read_text(encoding="utf-8")
    (d / "f-findings.cartlog").write_text(re.sub(
        r"^(1\. \w+ [A-Z]0-)(\d+)", lambda m: f"{m.group(1)}{int(m.group(2)) + 1}", text,
        count=1, flags=re.MULTILINE), encoding="utf-8")
    (d / "w-warning.cartlog").write_text(re.sub(r"^3\. ", "33. ", text, flags=re.MULTILINE),
                                         encoding="utf-8")
    lines = text.splitlines(keepends=True)
    cut = next(i for i, ln in enumerate(lines) if ln.startswith("6. "))
    (d / "u-unfinished.cartlog").write_text(
        "".join(ln for ln in lines[:cut] if not ln.startswith("[Result")), encoding="utf-8")
    (d / "x-broken.cartlog").write_text(re.sub(r"^(2\. \w+ )[A-Z]", r"\1X", text, count=1,
                                               flags=re.MULTILINE), encoding="utf-8")
    return d


def files(archive: Path) -> list[Path]:
    return sorted(archive.glob("*.cartlog"))


def summary(outcome: corpus.Outcome) -> tuple:
    r = outcome.report
    return (outcome.name, outcome.status, r and (r.errors, r.warnings, r.infos,
                                                   [f.code for f in r.findings]))


# -- the library -------------------------------------------------------------------------------


def test_outcomes_come_in_the_order_given(archive):
    paths = files(archive)
    paths = paths[::-1] + [archive / "missing.cartlog"] + paths[:3]
    alone = [summary(o) for o in corpus.audit_files(paths, jobs=1)]
    assert [name for name, *_ in alone] == [str(p) for p in paths]
    with ThreadPoolExecutor(3) as pool:
        # one file per task, so that later tasks often finish first
        threaded = [summary(o) for o in corpus.audit_files(paths, executor=pool, batch=1)]
    assert threaded == alone
    parallel = [summary(o) for o in corpus.audit_files(paths, jobs=2, batch=2)]
    assert parallel == alone


def test_unreadable_files_among_readable_ones(archive, tmp_path):
    (tmp_path / "folder").mkdir()
    (tmp_path / "latin1.cartlog").write_bytes(b"[Game \"Cartagena\"]\n\xe9\n")
    paths = [files(archive)[0], tmp_path / "nosuch.cartlog", archive / "x-broken.cartlog",
             tmp_path / "folder", tmp_path / "latin1.cartlog", files(archive)[1]]
    out = list(corpus.audit_files(paths, jobs=2, batch=1))
    assert [o.status for o in out] == [0, 2, 2, 2, 2, 0]
    messages = [o.error.problems[0].message for o in out if o.error is not None]
    assert messages[0] == "no such file"
    assert messages[1].startswith("cannot read action")
    assert messages[2].startswith("is a directory with no log in it")
    assert messages[3].startswith("not UTF-8 text")
    assert out[2].error.source is not None  # to show the line under the caret
    quiet = list(corpus.audit_files(paths, jobs=1, text=False))
    assert quiet[2].error.problems == out[2].error.problems
    # without the log's text, only the lines its problems show are kept (check -q shows them)
    kept = quiet[2].error.source.split("\n")
    shown = {p.line for p in quiet[2].error.problems}
    assert all(bool(line) == (n in shown) for n, line in enumerate(kept, 1))
    assert kept[-1] == out[2].error.source.split("\n")[max(shown) - 1]


def test_the_text_comes_only_to_show_lines(archive):
    by_name = {Path(o.name).name: o for o in corpus.audit_files(files(archive), jobs=1)}
    assert by_name["f-findings.cartlog"].text.startswith("[Game")
    assert all(o.text is None for name, o in by_name.items()
               if name.startswith("cartagena-"))
    assert all(o.text is None for o in corpus.audit_files(files(archive), text=False,
                                                          jobs=1))


def test_outcomes_pickle(archive):
    for outcome in corpus.audit_files(files(archive), jobs=1):
        back = pickle.loads(pickle.dumps(outcome))
        assert back == outcome or (back.error is not None and
                                   back.error.problems == outcome.error.problems)


def test_reports_are_those_of_a_single_audit(archive):
    path = archive / "f-findings.cartlog"
    [outcome] = corpus.audit_files([path], jobs=1)
    log, _, name = corpus.parse(path)
    assert outcome.report == audit(log, name)


class CountingExecutor(Executor):
    """Runs each task when submitted, and counts the tasks submitted and not yet yielded."""

    def __init__(self) -> None:
        self.submitted = 0

    def submit(self, fn, /, *args, **kwargs):
        future: Future = Future()
        future.set_result(fn(*args, **kwargs))
        self.submitted += 1
        return future


def test_tasks_in_flight_and_paths_read_ahead_are_bounded(archive):
    """However many paths, at most ``in_flight`` tasks of ``batch`` files wait, and the paths
    are taken from the iterator only as the work goes: memory stays flat."""
    pool = CountingExecutor()
    taken = 0
    clean = files(archive)[0]

    def endless():
        nonlocal taken
        while True:
            taken += 1
            yield clean

    outcomes = corpus.audit_files(endless(), executor=pool, batch=3, in_flight=4)
    for yielded in range(1, 61):
        next(outcomes)
        assert pool.submitted * 3 - yielded <= 3 * 4  # outcomes held: 4 tasks of 3
        assert taken - yielded <= 3 * 4
    outcomes.close()
    assert pool.submitted == 20 + 4 - 1  # the 20 yielded batches and those in flight


def test_a_batch_size_for_every_corpus():
    assert corpus.batch_size(3, 2) == 1
    assert corpus.batch_size(100, 2) == 12
    assert corpus.batch_size(100_000, 2) == corpus.MAX_BATCH
    assert corpus.batch_size(None, 2) == corpus.BATCH


def test_min_severity_keeps_the_counts_and_renumbers_follows(archive):
    [outcome] = corpus.audit_files([archive / "w-warning.cartlog"], jobs=1)
    report = outcome.report
    assert report.warnings and not report.errors
    errors_only = corpus.at_least(report, "error")
    assert errors_only.findings == [] and errors_only.warnings == report.warnings
    assert corpus.at_least(report, "info") is report
    with pytest.raises(ValueError):
        next(corpus.audit_files([archive / "w-warning.cartlog"], min_severity="fatal"))


def test_min_severity_drops_follows_to_findings_left_out():
    from cartlog.audit import Report
    from cartlog.core.findings import Finding

    findings = [Finding(code="a", severity="warning", message="w"),
                Finding(code="b", severity="error", message="e"),
                Finding(code="c", severity="error", message="f", follows=1),
                Finding(code="d", severity="error", message="g", follows=0)]
    report = Report(file="x", game="cartagena", rules="r", findings=findings, errors=3,
                    warnings=1, infos=0, condoned=0, unchecked=[], breakdown=None)
    kept = corpus.at_least(report, "error").findings
    assert [(f.code, f.follows) for f in kept] == [("b", None), ("c", 0), ("d", None)]


def test_expand_finds_logs_in_folders_and_passes_other_json_over(tmp_path, archive):
    (tmp_path / "a" / ".hidden").mkdir(parents=True)
    (tmp_path / "a" / "z.cartlog").write_bytes(files(archive)[0].read_bytes())
    (tmp_path / "a" / ".hidden" / "h.cartlog").write_text("x", encoding="utf-8")
    (tmp_path / "a" / "schema.json").write_text('{"properties": {"game": 1}}',
                                                encoding="utf-8")
    (tmp_path / "a" / "log.json").write_text('{"game": "cartagena"}', encoding="utf-8")
    (tmp_path / "a" / "bom.json").write_bytes(b'\xef\xbb\xbf{\n  "game": "x"}')
    (tmp_path / "a" / "broken.json").write_text('{"gam', encoding="utf-8")
    (tmp_path / "empty").mkdir()
    *found, empty = corpus.expand([tmp_path / "a", "-", tmp_path / "empty"])
    assert [p.name for p in found] == ["bom.json", "broken.json", "log.json", "z.cartlog", "-"]
    assert empty.status == 2 and empty.name == str(tmp_path / "empty")
    assert empty.error.problems[0].message.startswith("is a directory with no log in it")
    [outcome] = corpus.audit_files([tmp_path / "a"], jobs=1)
    assert outcome.error.problems[0].message == "is a directory, not a log"


@pytest.mark.skipif(sys.platform == "win32", reason="Dask example run on POSIX only")
def test_audit_files_on_a_local_dask_cluster(archive):
    distributed = pytest.importorskip(
        "distributed", reason="dask is not installed: pip install 'cartlog[dask]'")
    paths = files(archive)
    expected = [summary(o) for o in corpus.audit_files(paths, jobs=1)]
    with distributed.LocalCluster(processes=False, n_workers=1, threads_per_worker=2,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        got = [summary(o) for o in corpus.audit_files(paths, executor=client.get_executor(),
                                                       batch=2)]
    assert got == expected


# -- cartlog check -----------------------------------------------------------------------------


def test_check_with_jobs_gives_the_same_output_and_status(archive):
    assert len(files(archive)) >= FEW_LOGS
    for args, status in ((["-q"], 2), ([], 2), (["--format", "json"], 2)):
        one = run("check", "--jobs", "1", *args, archive)
        two = run("check", "--jobs", "2", *args, archive)
        assert one.exit_code == two.exit_code == status
        assert one.stdout == two.stdout and one.stderr == two.stderr
    readable = [p for p in files(archive) if p.name != "x-broken.cartlog"]
    assert run("check", "-q", "-j", "2", *readable).exit_code == 1
    clean = [p for p in files(archive) if p.name.startswith("cartagena-")]
    clean += [clean[0]] * max(0, FEW_LOGS - len(clean))
    assert run("check", "-q", "-j", "2", *clean, archive / "w-warning.cartlog").exit_code == 0


def test_check_reads_standard_input_among_files_with_jobs(archive):
    text = (archive / "f-findings.cartlog").read_text(encoding="utf-8")
    paths = files(archive)[:FEW_LOGS]
    result = run("check", "-q", "-j", "2", paths[0], "-", *paths[1:], input=text)
    lines = result.stdout.splitlines()
    assert lines[1].startswith("<stdin>: 1 error")
    assert [ln.split(":")[0] for ln in lines[:FEW_LOGS + 1]] == [
        str(paths[0]), "<stdin>", *map(str, paths[1:])]
    assert result.exit_code == 1


def test_check_lists_the_logs_that_failed_before_the_totals(archive):
    result = run("check", "-q", archive)
    tail = result.stdout.splitlines()[-5:]
    assert tail == ["1 log with errors:",
                    f"  {archive / 'f-findings.cartlog'} (1 error)",
                    "1 log could not be read:",
                    f"  {archive / 'x-broken.cartlog'}",
                    "12 logs: 10 clean, 1 with errors, 1 unreadable"]
    assert f"{archive / 'x-broken.cartlog'}:" in result.stderr


def test_check_folder_and_files_together(archive, tmp_path):
    sub = tmp_path / "more"
    sub.mkdir()
    (sub / "a.cartlog").write_bytes(files(archive)[0].read_bytes())
    result = run("check", "-q", "-j", "2", sub, archive)
    names = [ln.split(":")[0] for ln in result.stdout.splitlines()[:12]]
    assert names == [str(sub / "a.cartlog")] + [
        str(p) for p in files(archive) if p.name != "x-broken.cartlog"]


def test_statistics_count_findings_by_code(archive):
    result = run("check", "-q", "--statistics", archive)
    lines = result.stdout.splitlines()
    start = lines.index("findings by code (3 findings, 3 codes):")
    rows = [ln.split() for ln in lines[start + 1:start + 4]]
    assert sorted(rows) == [["game/unfinished", "info", "1", "in", "1", "log"],
                            ["move/forward-destination", "error", "1", "in", "1", "log"],
                            ["turn/number", "warning", "1", "in", "1", "log"]]
    assert lines[-1].startswith("12 logs:")
    doc = msgspec.json.decode(run("check", "--statistics", "--format", "json",
                                  archive).stdout)
    assert {s["code"]: s["findings"] for s in doc["statistics"]} == {
        "game/unfinished": 1, "move/forward-destination": 1, "turn/number": 1}
    assert "statistics" not in msgspec.json.decode(run("check", "--format", "json",
                                                       archive).stdout)
    single = run("check", "--statistics", "--min-severity", "error",
                 archive / "w-warning.cartlog")
    assert single.stdout.splitlines()[-1] == "findings by code: none"


def test_min_severity_filters_what_is_shown_not_the_status(archive):
    path = archive / "w-warning.cartlog"
    shown = run("check", path)
    assert "warning[turn/number]" in shown.stdout and shown.exit_code == 0
    hidden = run("check", "--min-severity", "error", path)
    assert "turn/number" not in hidden.stdout
    assert hidden.stdout.splitlines()[-1] == shown.stdout.splitlines()[-1]  # 1 warning
    unfinished = archive / "u-unfinished.cartlog"
    assert "game/unfinished" in run("check", unfinished).stdout
    assert "game/unfinished" not in run("check", "--min-severity", "warning",
                                        unfinished).stdout
    errors = run("check", "--min-severity", "error", "-j", "2", archive)
    assert errors.exit_code == 2 and "move/forward-destination" in errors.stdout
    doc = msgspec.json.decode(run("check", "--format", "json", "--min-severity", "error",
                                  path).stdout)
    assert doc["reports"][0]["findings"] == [] and doc["reports"][0]["warnings"] == 1
    assert run("check", "--min-severity", "fatal", path).exit_code == 2


def test_bad_jobs_are_bad_usage(archive):
    for value in ("0", "-1", "two"):
        result = run("check", "--jobs", value, archive)
        assert result.exit_code == 2, value


def test_the_streamed_json_document_is_the_whole_one(archive):
    outcomes = list(corpus.audit_files(files(archive), jobs=1))
    reports = [o.report for o in outcomes if o.report is not None]
    errors = [o.error for o in outcomes if o.error is not None]
    tally = CodeTally()
    for r in reports:
        tally.add(r)
    for rs, es, stats in ((reports, errors, None), ([], errors, None), (reports, [], None),
                          ([], [], None), (reports[:1], [], tally.rows()),
                          (reports, errors, [])):
        out = io.StringIO()
        writer = CheckWriter(out.write)
        for r in rs:
            writer.report(r)
        for e in es:
            writer.unreadable(e)
        writer.close(stats)
        whole = check_document(rs, es, stats)
        assert out.getvalue() == msgspec.json.format(msgspec.json.encode(whole).decode(),
                                                     indent=2) + "\n"


def cartlog_process(*args, **kwargs):
    env = {**os.environ, "PYTHONPATH": str(ROOT), "NO_COLOR": "1"}
    env.pop("COLUMNS", None)
    return subprocess.run([sys.executable, "-m", "cartlog", *map(str, args)], cwd=ROOT,
                          env=env, capture_output=True, timeout=60, **kwargs)


def test_no_progress_bar_in_pipes(archive):
    proc = cartlog_process("check", "-j", "2", archive)
    assert proc.returncode == 2
    err = proc.stderr.decode()
    assert "checking" not in err and "logs/s" not in err and "\x1b[" not in err
    assert err.startswith(f"{archive / 'x-broken.cartlog'}:")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a pseudo-terminal")
def test_progress_bar_on_a_terminal_only(archive):
    import pty

    def on_a_terminal(*args: str) -> str:
        leader, follower = pty.openpty()
        env = {**os.environ, "PYTHONPATH": str(ROOT), "TERM": "xterm", "COLUMNS": "120"}
        env.pop("NO_COLOR", None)
        proc = subprocess.Popen([sys.executable, "-m", "cartlog", "check", *args, archive],
                                cwd=ROOT, env=env, stdin=subprocess.DEVNULL,
                                stdout=follower, stderr=follower)
        os.close(follower)
        chunks = []
        while True:
            try:
                chunk = os.read(leader, 65536)
            except OSError:  # the other end closed
                break
            if not chunk:
                break
            chunks.append(chunk)
        proc.wait(timeout=60)
        os.close(leader)
        return b"".join(chunks).decode("utf-8", "replace")

    shown = on_a_terminal("-j", "2")
    assert "checking" in shown and "logs/s" in shown
    assert "12 logs: 10 clean" in re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", shown)
    assert "checking" in on_a_terminal("-q", "-j", "1")  # with --quiet too
    assert "checking" not in on_a_terminal("--ascii", "-j", "1")  # nor with --format json


# -- simulate --count --------------------------------------------------------------------------


def test_simulate_count_writes_a_corpus_that_sorts(tmp_path):
    result = run("simulate", "meuterer", "--count", "11", "--seed", "95", "--out",
                 tmp_path / "m")
    assert result.exit_code == 0, result.output
    names = sorted(p.name for p in (tmp_path / "m").iterdir())
    assert names[0] == "meuterer-base-4p-095.cartlog"
    assert names[-1] == "meuterer-base-4p-105.cartlog"
    assert len(names) == 11
    assert result.stdout == (f"{tmp_path / 'm'}: 11 logs written (meuterer-base-4p-095.cartlog "
                             "to meuterer-base-4p-105.cartlog)\n")
    single = run("simulate", "meuterer", "--seed", "100")
    assert (tmp_path / "m" / "meuterer-base-4p-100.cartlog").read_text(
        encoding="utf-8") == single.stdout
    assert run("check", "-q", tmp_path / "m").exit_code == 0


def test_simulate_count_in_json(tmp_path):
    assert run("simulate", "cartagena", "-c", "2", "-f", "json", "--out", tmp_path).exit_code \
        == 0
    paths = sorted(tmp_path.iterdir())
    assert [p.name for p in paths] == ["cartagena-2000-jamaica-4p-0.json",
                                       "cartagena-2000-jamaica-4p-1.json"]
    logs = [msgspec.json.decode(p.read_bytes()) for p in paths]
    assert logs[0]["game"] == "cartagena" and logs[0] != logs[1]
    assert logs[0] == msgspec.json.decode(run("simulate", "cartagena", "-f", "json").stdout)


def test_simulate_count_bad_usage(tmp_path):
    assert run("simulate", "cartagena", "--count", "3").exit_code == 2
    assert run("simulate", "cartagena", "--count", "0", "--out", tmp_path).exit_code == 2
    assert run("simulate", "cartagena", "--out", tmp_path, "-o", tmp_path / "x").exit_code \
        == 2
    assert run("simulate", "cartagena", "--out", tmp_path, "--seed", "-1").exit_code == 2
    assert run("simulate", "nope", "--out", tmp_path).exit_code == 2
    (tmp_path / "file").write_text("x", encoding="utf-8")
    result = run("simulate", "cartagena", "--out", tmp_path / "file")
    assert result.exit_code == 2 and "is a file: --out names the folder" in result.stderr
    assert not list((tmp_path).glob("*.cartlog"))
    result = run("schema", "--out", tmp_path / "file")
    assert result.exit_code == 2 and "is a file: --out names a folder" in result.stderr


def test_audit_files_on_a_local_ray_cluster(archive, tmp_path):
    """The Ray executor of docs/performance.md, run as written there (its ``__main__`` part
    on ``archive``): the outcomes are those of one process."""
    ray = pytest.importorskip("ray", reason="ray is not installed: pip install ray")
    text = (ROOT / "docs" / "performance.md").read_text(encoding="utf-8")
    block = next(b for b in re.findall(r"```python\n(.*?)```", text, re.S) if "RayExecutor" in b)
    recipe, main = block.split('if __name__ == "__main__":')
    namespace: dict = {}
    exec(compile(recipe, "docs/performance.md", "exec"), namespace)
    paths = files(archive)
    expected = [summary(o) for o in corpus.audit_files(paths, jobs=1)]
    ray.init(num_cpus=2, include_dashboard=False)
    try:
        got = [summary(o) for o in corpus.audit_files(
            paths, executor=namespace["RayExecutor"](), batch=2)]
    finally:
        ray.shutdown()
    assert got == expected
    assert "audit_files(expand([" in main  # the block's use is the one run here
