"""A log of any game, as a file holds it: read into its decoded form (text or JSON), its JSON
values placed at their line and column, and converted between its two forms without a loss.

The games themselves are in :mod:`cartlog.games`; this package only tells them apart and runs
the right game's reader and writer.
"""

from cartlog.logs.conversion import check_conversion, convert_log, write_log
from cartlog.logs.forms import strip_spans, text_form_problems, value_problems
from cartlog.logs.places import place_of_path
from cartlog.logs.reading import is_json, read_log

__all__ = ["check_conversion", "convert_log", "is_json", "place_of_path", "read_log",
           "strip_spans", "text_form_problems", "value_problems", "write_log"]
