"""Game-independent building blocks: findings, codes, source locations, input errors."""

# The modules of this package that the install compiles with mypyc, into one shared library
# (setup.py reads this literal without importing cartlog; docs/performance.md, "Compiled
# rule modules"). Each must follow "Writing for the compiler" there.
COMPILED: tuple[str, ...] = ("cards", "notation", "walk")
