"""Every command docs/cli.md shows with its output is run, and prints what the page says.

The page's examples work on files it describes: ``game.cartlog`` (``cartlog simulate
cartagena --players 3 --seed 2``), ``disputed.cartlog`` (turn 5 written ``5. blue H3-7``),
``broken.cartlog`` (turn 4 written ``4. red X0-16``), their JSON forms, ``club.cartlog`` (the
three one after the other) and ``mutin.cartlog`` (a Meuterer game), beside the repository's
``samples/`` and ``schemas/``. They are made here as the page says, in a folder of their own, and each ``$ cartlog ...`` line of a ``console``
block is run there at 80 columns with no colour; its output must be the lines under it, up
to the next ``$`` (a last line ``...`` stands for more output, not shown). A few commands
cannot run here (they ask questions at a terminal, or take minutes); :data:`NOT_RUN` says
which, and why.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "cli.md"
# commands the page shows but this test does not run, with the reason
NOT_RUN = {
    "cartlog simulate cartagena --count 5000 --out corpus/": "takes minutes",
    "cartlog check -q corpus/ | tail -1": "needs the corpus above",
    "cartlog check --jobs 1 -q corpus/ > one.txt; cartlog check -q corpus/ > all.txt; cmp "
    "one.txt all.txt": "needs the corpus above",
    "cartlog simulate cartagena --count 1000 --seed 1 --out corpus/": "takes a minute",
    "cartlog record cartagena --rules ravensburger --out game.cartlog": "asks at a terminal",
    "cartlog record --resume game.cartlog": "asks at a terminal",
    "cartlog --install-completion": "changes the shell's set-up",
    "cartlog check -q samples/": "the output lists every sample: shown in part",
    "cartlog record meuterer --position round6.txt --out game.cartlog < rounds.txt":
        "its input files are shown in part",
    "cartlog record --from header.cartlog --out game.cartlog < turns.txt":
        "its input files are shown in part",
    "cartlog record --resume game.cartlog < more-turns.txt": "its input files are shown in part",
}


def _examples() -> list[tuple[int, str, list[str]]]:
    """``(line, command, expected output lines)`` of every console block, in order."""
    text = DOC.read_text(encoding="utf-8")
    out: list[tuple[int, str, list[str]]] = []
    for block in re.finditer(r"^```console\n(.*?)^```", text, re.S | re.M):
        first = text[:block.start()].count("\n") + 2
        lines = block.group(1).rstrip("\n").split("\n")
        for i, line in enumerate(lines):
            if line.startswith("$ "):
                expected = []
                for later in lines[i + 1:]:
                    if later.startswith("$ "):
                        break
                    expected.append(later)
                while expected and not expected[-1].strip():
                    expected.pop()  # a blank line between two commands
                out.append((first + i, line[2:], expected))
    return out


EXAMPLES = _examples()


def make_files(here: Path) -> Path:
    """The files of the page's examples, in ``here``."""
    (here / "samples").symlink_to(ROOT / "samples")
    shutil.copytree(ROOT / "schemas", here / "schemas")  # the repository's, up to date
    _run("cartlog simulate cartagena --players 3 --seed 2 -o game.cartlog", here)
    game = (here / "game.cartlog").read_text(encoding="utf-8")
    (here / "disputed.cartlog").write_text(
        game.replace("\n5. blue H3-5\n", "\n5. blue H3-7\n"), encoding="utf-8")
    (here / "broken.cartlog").write_text(
        game.replace("\n4. red D0-16\n", "\n4. red X0-16\n"), encoding="utf-8")
    _run("cartlog convert disputed.cartlog -o disputed.json", here)
    _run("cartlog convert game.cartlog -o game.json", here)  # with a wrong rules value
    json_log = (here / "game.json").read_text(encoding="utf-8")
    (here / "game.json").write_text(json_log.replace('"rules": "2000-jamaica"', '"rules": 5'),
                                    encoding="utf-8")
    _run("cartlog simulate meuterer --rules pirate --players 3 --seed 1 -o mutin.cartlog", here)
    club = game + "; the club's second game\n" + (here / "disputed.cartlog").read_text() + (
        here / "broken.cartlog").read_text()
    (here / "club.cartlog").write_text(club, encoding="utf-8")
    return here


def _run(command: str, where: Path) -> str:
    """A command line of the page, run by the shell in ``where`` with ``cartlog`` this
    package: its output and error text together, as a terminal shows them."""
    return _process(command, where)[1]


def _process(command: str, where: Path) -> tuple[int, str]:
    bin_dir = where / ".bin"
    if not bin_dir.exists():
        bin_dir.mkdir()
        script = bin_dir / "cartlog"
        script.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m cartlog "$@"\n')
        script.chmod(0o755)
    env = {**os.environ, "COLUMNS": "80", "NO_COLOR": "1", "TERM": "dumb",
           "CARTLOG_NO_PLUGINS": "1",  # cartlog's own games, as a user has them
           "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}",
           "PYTHONPATH": os.pathsep.join(p for p in (str(ROOT), os.environ.get("PYTHONPATH"))
                                         if p)}
    proc = subprocess.run(["bash", "-c", command], cwd=where, env=env, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, timeout=300)
    return proc.returncode, proc.stdout


def _without_comment(command: str) -> str:
    return re.sub(r"\s+#\s.*$", "", command)


def test_every_command_prints_what_the_page_shows(tmp_path):
    """The commands run in the page's order, one after the other in one folder (an example
    uses the files the ones before it wrote); every mismatch is listed."""
    folder = make_files(tmp_path)
    wrong: list[str] = []
    statuses: dict[int, int] = {}
    for n, (line, command, expected) in enumerate(EXAMPLES):
        bare = _without_comment(command)
        if bare in NOT_RUN:
            continue
        if command.startswith("echo $?"):  # the status of the command before it
            if n and n - 1 in statuses and [str(statuses[n - 1])] != expected:
                wrong.append(f"docs/cli.md:{line}: {EXAMPLES[n - 1][1]} exits "
                             f"{statuses[n - 1]}, the page says {expected}")
            continue
        status, text = _process(bare, folder)
        statuses[n] = status
        shown = text.rstrip("\n").split("\n") if text.strip() else []
        if not expected and bare != command:  # an example whose output the page does not show
            if status not in (0, 1):
                wrong.append(f"docs/cli.md:{line}: $ {command} exits {status}:\n{text}")
        elif not _matches(shown, expected):
            wrong.append(f"docs/cli.md:{line}: $ {command}\n--- the page:\n"
                         + "\n".join(expected) + "\n--- printed:\n" + "\n".join(shown))
    assert not wrong, "\n\n".join(wrong)
    assert len(statuses) >= 25, "the page's examples are run"


def _matches(shown: list[str], expected: list[str]) -> bool:
    """Whether ``shown`` is ``expected``, each line ``...`` of which stands for any lines."""
    parts: list[list[str]] = [[]]
    for line in expected:
        if line.strip() == "...":
            parts.append([])
        else:
            parts[-1].append(line)
    if len(parts) == 1:
        return shown == expected
    if shown[:len(parts[0])] != parts[0]:
        return False
    at = len(parts[0])
    for part in parts[1:-1]:
        found = next((i for i in range(at, len(shown) - len(part) + 1)
                      if shown[i:i + len(part)] == part), None)
        if found is None:
            return False
        at = found + len(part)
    last = parts[-1]
    return not last or (len(shown) - len(last) >= at and shown[len(shown) - len(last):] == last)
