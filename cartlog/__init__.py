"""cartlog: replay recorder and rules auditor for pirate tabletop games.

Import layers run one way: ``cli`` -> ``render`` / ``audit`` -> ``games`` -> ``core``.
"""

__version__ = "0.1.0"
