"""cartlog: replay recorder and rules auditor for pirate tabletop games.

Import layers run one way: ``cli`` -> ``render`` / ``audit`` -> ``games`` -> ``core``.
"""

__version__ = "0.1.0"


def version_line() -> str:
    """``cartlog 0.1.0 (compiled: yes)``: the version, and whether the rule modules run
    compiled (setup.py) or as pure Python; found without importing them."""
    from importlib.util import find_spec

    spec = find_spec("cartlog.core.cards")
    compiled = spec is not None and not (spec.origin or "").endswith(".py")
    return f"cartlog {__version__} (compiled: {'yes' if compiled else 'no'})"
