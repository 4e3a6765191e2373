"""``cartlog schema``: the JSON Schemas of the documents cartlog reads and writes."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Optional

import typer

from cartlog.cli.application import Command, app
from cartlog.cli.output import EXIT_FINDINGS, fail, write_json, write_text


@app.command(cls=Command)
def schema(
    out: Annotated[Optional[Path], typer.Option("--out", "-o", metavar="DIR", help="Write the "
                                                "schema files into this folder.",
                                                readable=False)] = None,
    check_only: Annotated[bool, typer.Option("--check", help="Write nothing; exit 1 if the "
                                             "files in --out are stale.")] = False,
) -> None:
    """Print or write the JSON Schemas of logs and of the JSON documents.

    Without --out, prints one JSON object: file name -> schema.

    Exit status: 0 done (or up to date), 1 stale files (with --check), 2 cannot write.

    Examples:

      cartlog schema --out schemas

      cartlog schema --out schemas --check
    """
    import msgspec

    from cartlog.schemas import all_schemas

    docs = all_schemas()
    if out is None:
        if check_only:
            fail("--check needs --out, the folder to compare")
        write_json({name: msgspec.json.decode(text) for name, text in docs.items()})
        return
    stale = []
    for name, text in docs.items():
        target = out / name
        try:
            current = target.read_text(encoding="utf-8") if target.is_file() else None
        except (OSError, UnicodeDecodeError):
            current = None
        if current == text:
            continue
        stale.append(name)
        if not check_only:
            try:
                out.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                if out.exists() and not out.is_dir():
                    fail(f"{out} is a file: --out names a folder for the schemas (give a "
                         "folder's name)")
                fail(f"{out}: cannot make the folder: {exc.strerror or exc}")
            write_text(text, target)
    if check_only:
        if stale:
            fail(f"stale schema files in {out}: {', '.join(stale)} (run cartlog schema "
                  f"--out {out})", EXIT_FINDINGS)
        sys.stdout.write(f"{out}: {len(docs)} schema files up to date\n")
    else:
        sys.stdout.write(f"{out}: {len(stale)} written, {len(docs) - len(stale)} unchanged\n")
