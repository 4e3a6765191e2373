"""A second, deliberately simple reading of the rules of Meuterer (base game and the pirate
variant), written from rulebook 001 and the rulings U1-U8 only, sharing no rule code with
cartlog, to check cartlog's verdicts:

- ``rules``: the rules as pure functions (rounds, destinations, the pirate ship, sales,
  majorities, the mutiny, the winners), each citing its rulebook section or ruling;
- ``game``: the state of a game as plain dicts and lists, and each move as a check and an apply;
- ``play``: a random player that plays lawful games from a seed;
- ``write`` and ``read``: the log in cartlog's notation, as the table or one seat saw it;
- ``judge``: replays a log and puts its first fault at a line;
- ``mutate``: one-fault mutants of a game;
- ``run``: both verdicts compared over many games (``python -m tests.oracle.meuterer.run``);
- ``known`` and DISAGREEMENTS.md: where cartlog is wrong, by the rule texts.
"""
