"""Every ``cartlog`` command the README shows is run, and what it prints is the output the
README shows after it (a ``text`` block right after the ``sh`` block of commands, ``...`` for
lines left out); a command shown without output must still run (exit 0 or 1). Commands that
cannot run here (an install, a terminal program, a recording at a terminal) are in
:data:`NOT_RUN` with the reason, and a test holds that list to the README.
"""

from __future__ import annotations

import re

from tests.test_cli_examples import ROOT, _matches, _process

README = ROOT / "README.md"
NOT_RUN = {
    "cartlog view samples/cartagena/jamaica-4p-disputed.cartlog": "a terminal program",
    "cartlog record cartagena --rules 2000-jamaica --out tonight.cartlog": "asks at a terminal",
    "cartlog record cartagena --position after-the-break.txt --out second-half.cartlog":
        "asks the players' names at a terminal",
}


def _blocks() -> list[tuple[int, list[str], list[str] | None]]:
    """``(line, cartlog commands, expected output or None)`` of each ``sh`` block of the
    README that runs cartlog; the output is the ``text`` block right after it, if any."""
    text = README.read_text(encoding="utf-8")
    fences = list(re.finditer(r"^```(\w*)\n(.*?)^```\n", text, re.S | re.M))
    out = []
    for n, block in enumerate(fences):
        if block.group(1) != "sh":
            continue
        commands = []
        for line in block.group(2).splitlines():
            for part in line.split("&&"):  # pip install . && cartlog check ...
                part = part.strip()
                if part.startswith("cartlog "):
                    commands.append(part)
        if not commands:
            continue
        expected = None
        after = fences[n + 1] if n + 1 < len(fences) else None
        if after is not None and after.group(1) == "text" \
                and not text[block.end():after.start()].strip():
            expected = after.group(2).rstrip("\n").split("\n")
        out.append((text[:block.start()].count("\n") + 1, commands, expected))
    return out


def test_every_readme_command_prints_what_the_readme_shows(tmp_path):
    (tmp_path / "samples").symlink_to(ROOT / "samples")
    wrong = []
    ran = 0
    for line, commands, expected in _blocks():
        said: list[str] = []
        for command in commands:
            if command in NOT_RUN:
                continue
            status, text = _process(command, tmp_path)
            ran += 1
            if status not in (0, 1):
                wrong.append(f"README.md:{line}: $ {command} exits {status}:\n{text}")
            said += text.rstrip("\n").split("\n") if text.strip() else []
        if expected is not None and not _matches(said, expected):
            wrong.append(f"README.md:{line}: {' ; '.join(commands)}\n--- the README:\n"
                         + "\n".join(expected) + "\n--- printed:\n" + "\n".join(said))
    assert not wrong, "\n\n".join(wrong)
    assert ran >= 6, "the README's examples are run"


def test_the_commands_not_run_are_in_the_readme():
    shown = {command for _, commands, _ in _blocks() for command in commands}
    assert set(NOT_RUN) <= shown, sorted(set(NOT_RUN) - shown)
