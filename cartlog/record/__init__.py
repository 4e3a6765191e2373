"""The recorder's session: a game written down as it is played, one line at a time, checked as it goes.

A :class:`Recorder` holds a game in progress (an engine of :mod:`cartlog.engine`) and the log
file it writes. Each line typed is read in the game's own notation (``read``), checked
(``check``) and, when lawful, applied and written; an unlawful line is refused with the rule it
breaks and the lawful lines closest to it, unless it is typed again with ``!`` at the end,
when it is written as played all the same (condoned, where the notation has a mark for it).

The recorder knows no game: everything game-specific comes from the engine and from the
game's notation module, which gives ``format_event(event, log)`` (one event in canonical
notation), ``RULES_TAG`` and ``header_questions(rules)`` (what to ask for a new header), and,
for a game whose log writes several events on one line (Cartagena's turn, Meuterer's
``sell``), ``join_event(line, event, game)`` and ``split_line(line)``; ``CONDONED_MARK``
(``"!"``) where the notation marks an action the table let stand.

The file on disk is a complete, valid log after every accepted line (docs/cli.md, "The
log on disk"), and after every write that fails it is the log it was before:

- a new log is written to a temporary file beside it, synced and linked into place, so that
  it appears whole (and never over a file that is there);
- a line that only adds to the file is appended, flushed and synced (``os.fsync``); when any
  step fails (a full disk, an I/O error, a permission lost), the file is cut back to the length
  it had, so that no part of the line stays (:func:`~cartlog.record.storage.append`);
- a line already on disk that changes (``undo``, or a turn line that grows by an action) is
  never rewritten in place: the whole log is written to a temporary file beside it, synced,
  and renamed over it; a failure before the rename leaves the file untouched;
- a line still being written (a turn not yet ended) is followed by the comment line
  :data:`OPEN_MARK`, so that ``cartlog record --resume`` goes on with that line; it goes
  once the line is complete.

A line whose write fails is not recorded: the game in memory goes back to the file's, and
the reply says so (``failed``); the session goes on, and the line may be typed again. A log
symbolic link is written through: the recorder writes the file it points to
(:attr:`Recorder.file`), so the link stays.

``--resume`` reads only a whole log: a text log whose last line does not end in a line break
was cut while being written (:func:`torn_line`) and is refused, located at that line.

One recorder at a time: :func:`hold` and :class:`Lock`, see there.

With sealing on (``--hash``), the header and every line carry a seal
(:mod:`cartlog.core.seal`).

When the game ends, the header gets its ``Result`` tag (the whole log written again, and
sealed again when sealed: the header begins the chain); ``undo`` takes it away again, the
header being part of what ``undo`` goes back to. Nothing here draws or reads a terminal: that is
:mod:`cartlog.record_cli`'s business.

The package is three modules: :mod:`~cartlog.record.session` (the :class:`Recorder`),
:mod:`~cartlog.record.storage` (the file on disk and its lock) and
:mod:`~cartlog.record.header` (setting a recording up).
"""

from cartlog.record.header import (
    answer_problems,
    canonical_header,
    header_text,
    read_position,
    setup_problems,
)
from cartlog.record.session import (
    CLOSEST,
    COMMANDS,
    MAX_RECORD_LINES,
    MAX_UNDO,
    MAX_UNIT_LINES,
    OPEN_MARK,
    OPEN_TEXT,
    UNDO_TEXT,
    Recorder,
    Reply,
    shown,
)
from cartlog.record.storage import Busy, Lock, hold, lock_path, regular_file, torn_line

__all__ = ["CLOSEST", "COMMANDS", "MAX_RECORD_LINES", "MAX_UNDO", "MAX_UNIT_LINES", "OPEN_MARK",
           "OPEN_TEXT", "UNDO_TEXT", "Busy", "Lock", "Recorder", "Reply", "answer_problems",
           "canonical_header", "header_text", "hold",
           "lock_path", "read_position", "regular_file", "setup_problems", "shown", "torn_line"]
