"""Keyed seals: ``record --key FILE`` seals with HMAC-SHA256 and a key, so only the key's holder
can seal a log or verify one; ``check --key FILE`` verifies it, and reports a log sealed with
another key, sealed without one, or carrying no seal at all; without the key a keyed log is
one warning, ``seal/unverified`` (docs/cli.md, "Sealed logs")."""

from __future__ import annotations

import re

import pytest

from cartlog.core import seal as core
from tests.fuzzing import run
from tests.test_final_seal import pieces

FINAL = re.compile(r"final seal: ([0-9a-f]{16})")
GAMES_SEALED = ["cartagena", "meuterer", "mutiny"]


def _key(tmp_path, name: str = "club.key", text: str | None = None):
    path = tmp_path / name
    path.write_text(text if text is not None else f"{name}-0123456789abcdef0123456789\n",
                    encoding="utf-8")
    return path


def _recorded(tmp_path, game: str, key, lines: int = 12, name: str = "game.cartlog"):
    header, body = pieces(tmp_path, game, lines)
    out = tmp_path / name
    status, said = run(["record", "--from", str(header), "--key", str(key), "--out", str(out)],
                       input="\n".join(body) + "\n")
    assert status == 0, said
    found = FINAL.search(said)
    assert found, said
    assert f"--key {key}" in said  # the command it gives to verify names the key file
    return out, found.group(1)


def _codes(said: str) -> list[str]:
    return re.findall(r"(?:error|warning|info)\[(seal/[a-z-]+)\]", said)


@pytest.mark.parametrize("game", GAMES_SEALED)
def test_a_log_sealed_with_a_key_is_verified_only_with_that_key(game, tmp_path):
    key, other = _key(tmp_path), _key(tmp_path, "other.key")
    log, final = _recorded(tmp_path, game, key)
    text = log.read_text(encoding="utf-8")
    named = core.key_id(core.read_key(key.read_bytes()))
    assert '[Seal "hmac-sha256 ' in text and f"key {named}" in text
    assert "#sha256:" not in text and "#hmac-sha256:" in text
    status, said = run(["check", "--key", str(key), str(log)])
    assert "seal verified" in said and _codes(said) == [], said
    status, said = run(["check", "--key", str(key), "--seal", final, str(log)])
    assert "seal verified" in said and _codes(said) == [], said
    # without the key: one warning, and no claim of a verified seal
    status, said = run(["check", str(log)])
    assert _codes(said) == ["seal/unverified"] and "seal verified" not in said, said
    # with another key: one error naming both keys' ids, not an error on every line
    status, said = run(["check", "--key", str(other), str(log)])
    assert status == 1 and _codes(said) == ["seal/edited"] and "another key" in said, said


@pytest.mark.parametrize("game", GAMES_SEALED)
def test_a_keyed_log_changed_cut_or_stripped_is_found(game, tmp_path):
    key = _key(tmp_path)
    log, final = _recorded(tmp_path, game, key)
    lines = log.read_text(encoding="utf-8").rstrip("\n").split("\n")
    sealed = [i for i, line in enumerate(lines) if "#hmac-sha256:" in line]
    # a line changed by hand: its seal no longer matches (the change is a comment's word, so
    # the line reads the same in every game)
    changed = list(lines)
    i = sealed[len(sealed) // 2]
    changed[i] = changed[i].replace("#hmac-sha256:", "edited; #hmac-sha256:")
    edited = tmp_path / "edited.cartlog"
    edited.write_text("\n".join(changed) + "\n", encoding="utf-8")
    status, said = run(["check", "--key", str(key), str(edited)])
    assert status == 1 and "seal/edited" in _codes(said), said
    # cut short: only the final seal tells
    cut = tmp_path / "cut.cartlog"
    cut.write_text("\n".join(lines[:sealed[-1]]) + "\n", encoding="utf-8")
    status, said = run(["check", "--key", str(key), "--seal", final, str(cut)])
    assert status == 1 and "does not end with the final seal" in said, said
    # seals taken out: with the key given, a log with no seal is an error
    stripped = tmp_path / "stripped.cartlog"
    stripped.write_text("\n".join(
        re.sub(r"\s*;?\s*#hmac-sha256:[0-9a-f]{16}", "", line) for line in lines
        if not line.startswith("[Seal") and "seal of the line above" not in line) + "\n",
        encoding="utf-8")
    status, said = run(["check", "--key", str(key), str(stripped)])
    assert status == 1 and "carries no seal" in said, said


@pytest.mark.parametrize("game", GAMES_SEALED)
def test_a_forger_without_the_key_cannot_seal_again(game, tmp_path):
    """The forger strips the seals, changes what they like and records the log again: with
    --hash (no key) or with a key of their own. Either way check --key says so."""
    key, own = _key(tmp_path), _key(tmp_path, "forger.key")
    log, _ = _recorded(tmp_path, game, key)
    header, body = pieces(tmp_path, game)
    unkeyed = tmp_path / "resealed.cartlog"
    status, said = run(["record", "--from", str(header), "--hash", "--out", str(unkeyed)],
                       input="\n".join(body) + "\n")
    assert status == 0, said
    status, said = run(["check", "--key", str(key), str(unkeyed)])
    assert status == 1 and "sealed without a key" in said, said
    forged = tmp_path / "forged.cartlog"
    status, said = run(["record", "--from", str(header), "--key", str(own), "--out",
                        str(forged)], input="\n".join(body) + "\n")
    assert status == 0, said
    status, said = run(["check", "--key", str(key), str(forged)])
    assert status == 1 and "another key" in said, said


def test_resume_goes_on_sealing_only_with_the_same_key(tmp_path):
    key, other = _key(tmp_path), _key(tmp_path, "other.key")
    header, body = pieces(tmp_path, "cartagena", 8)
    log = tmp_path / "game.cartlog"
    status, said = run(["record", "--from", str(header), "--key", str(key), "--out", str(log)],
                       input="\n".join(body[:4]) + "\n")
    assert status == 0, said
    before = log.read_text(encoding="utf-8")
    for argv, words in ((["record", "--resume", str(log)], "give it with --key"),
                        (["record", "--resume", str(log), "--key", str(other)], "another key"),
                        (["record", "--resume", str(log), "--hash"], "give it with --key")):
        status, said = run(argv, input="\n".join(body[4:]) + "\n")
        assert status == 2 and words in said and "Traceback" not in said, (argv, said)
        assert log.read_text(encoding="utf-8") == before  # nothing written
    status, said = run(["record", "--resume", str(log), "--key", str(key)],
                       input="\n".join(body[4:]) + "\n")
    assert status == 0, said
    status, said = run(["check", "--key", str(key), str(log)])
    assert "seal verified" in said and _codes(said) == [], said
    # a log sealed without a key, or not sealed, takes no key on resuming
    plain = tmp_path / "plain.cartlog"
    assert run(["record", "--from", str(header), "--hash", "--out", str(plain)],
               input=body[0] + "\n")[0] == 0
    status, said = run(["record", "--resume", str(plain), "--key", str(key)], input="")
    assert status == 2 and "sealed without a key" in said, said


@pytest.mark.parametrize("text, words", [
    ("short\n", "at least 16 characters"),
    ("", "at least 16 characters"),
    ("x" * 5000, "not a key file"),
])
def test_a_key_file_that_cannot_be_used_is_bad_usage(tmp_path, text, words):
    key = _key(tmp_path, "bad.key", text)
    header, body = pieces(tmp_path, "cartagena", 2)
    for argv in (["check", "--key", str(key), str(header)],
                 ["record", "--from", str(header), "--key", str(key), "--out",
                  str(tmp_path / "x.cartlog")]):
        status, said = run(argv, input="\n".join(body) + "\n")
        assert status == 2 and words in said and "Traceback" not in said, said
    assert not (tmp_path / "x.cartlog").exists()
    status, said = run(["check", "--key", str(tmp_path / "missing.key"), str(header)])
    assert status == 2 and "cannot read the key" in said, said


def test_the_key_id_names_the_key_and_gives_nothing_of_it():
    one, two = b"0123456789abcdef-one", b"0123456789abcdef-two"
    assert core.key_id(one) != core.key_id(two)
    assert len(core.key_id(one)) == core.KEY_ID_DIGITS
    assert core.key_id(one) not in one.hex()
    # the same text and seal before it seal differently with and without a key
    assert core.line_seal("0" * 16, "1. red S0-1") != core.line_seal("0" * 16, "1. red S0-1",
                                                                      one)
    assert core.read_key(b"  0123456789abcdef\n") == b"0123456789abcdef"


@pytest.mark.parametrize("blank", ["", "\n", "\n\n"])
@pytest.mark.parametrize("keyed", [False, True])
def test_the_seal_tag_stands_in_the_header_whatever_the_header_ends_with(tmp_path, blank,
                                                                         keyed):
    header, body = pieces(tmp_path, "cartagena", 3)
    header.write_text(header.read_text(encoding="utf-8") + blank, encoding="utf-8")
    out = tmp_path / "game.cartlog"
    sealing = ["--key", str(_key(tmp_path))] if keyed else ["--hash"]
    status, said = run(["record", "--from", str(header), *sealing, "--out", str(out)],
                       input="\n".join(body) + "\n")
    assert status == 0, said
    head, rest = out.read_text(encoding="utf-8").split("\n\n", 1)
    assert head.split("\n")[-1].startswith("[Seal "), head
    assert not rest.startswith("["), rest


def test_the_keyed_sample_verifies_with_its_key_and_only_with_it(tmp_path):
    from tests.fuzzing import ROOT

    sample = ROOT / "samples" / "cartagena" / "sealed-with-key.cartlog"
    key = ROOT / "samples" / "cartagena" / "club.key"
    status, said = run(["check", "--key", str(key), str(sample)])
    assert status == 0 and "seal verified" in said and _codes(said) == [], said
    status, said = run(["check", "--key", str(_key(tmp_path)), str(sample)])
    assert status == 1 and _codes(said) == ["seal/edited"], said


def test_a_key_given_as_a_fifo_or_a_folder_is_refused_without_waiting(tmp_path):
    import os

    fifo = tmp_path / "key.fifo"
    os.mkfifo(fifo)
    header, _ = pieces(tmp_path, "cartagena", 1)
    for key in (fifo, tmp_path):
        status, said = run(["check", "--key", str(key), str(header)], timeout=20)
        assert status == 2 and "not a key file" in said, said


@pytest.mark.parametrize("game", GAMES_SEALED)
def test_a_game_recorded_to_its_end_with_a_key_gets_its_result_and_verifies(game, tmp_path):
    """The line that ends the game writes the Result tag, and the header is sealed again:
    with the key, not without it."""
    key = _key(tmp_path)
    header, body = pieces(tmp_path, game, 10_000)
    out = tmp_path / "game.cartlog"
    status, said = run(["record", "--from", str(header), "--key", str(key), "--out", str(out)],
                       input="\n".join(body) + "\n")
    assert status == 0, said
    text = out.read_text(encoding="utf-8")
    assert "[Result " in text and "#sha256:" not in text, text[:400]
    status, said = run(["check", "--key", str(key), str(out)])
    assert "seal verified" in said and _codes(said) == [] and "as recorded" in said, said


def test_a_keyed_log_given_with_from_goes_on_only_with_its_key(tmp_path):
    key = _key(tmp_path)
    log, _ = _recorded(tmp_path, "cartagena", key, lines=4)
    header, body = pieces(tmp_path, "cartagena", 8)
    for argv, words in ((["record", "--from", str(log), "--out", str(tmp_path / "a.cartlog")],
                         "give it with --key"),
                        (["record", "--from", str(log), "--hash", "--out",
                          str(tmp_path / "b.cartlog")], "give it with --key")):
        status, said = run(argv, input="\n".join(body[4:]) + "\n")
        assert status == 2 and words in said, said
    out = tmp_path / "c.cartlog"
    status, said = run(["record", "--from", str(log), "--key", str(key), "--out", str(out)],
                       input="\n".join(body[4:]) + "\n")
    assert status == 0, said
    status, said = run(["check", "--key", str(key), str(out)])
    assert "seal verified" in said and _codes(said) == [], said
