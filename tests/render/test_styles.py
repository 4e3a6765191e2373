"""Each game brings its own styles (``cartlog/games/<game>/styles.py``) to the shared
ones of ``cartlog.render.theme``: no game overrides a shared name or another game's, the
light theme darkens only names the game defines, and both themes carry every game's names."""

from __future__ import annotations

import importlib

from cartlog.games import GAMES
from cartlog.render.theme import LIGHT_STYLES, STYLES, theme


def _game_styles():
    for spec in GAMES.values():
        try:
            yield spec.name, importlib.import_module(f"{spec.package}.styles")
        except ModuleNotFoundError:
            continue


def test_every_game_styles_its_own_names_only():
    owner: dict[str, str] = {}
    found = list(_game_styles())
    assert {"cartagena", "meuterer"} <= {name for name, _ in found}
    for name, styles in found:
        assert not set(styles.DARK) & set(STYLES), name
        assert set(getattr(styles, "LIGHT", {})) <= set(styles.DARK), name
        for key in styles.DARK:
            assert owner.setdefault(key, name) == name, (key, owner[key], name)


def test_both_themes_carry_every_game_style():
    dark, light = theme("dark").styles, theme("light").styles
    for _, styles in _game_styles():
        for key, value in styles.DARK.items():
            assert str(dark[key]) == str(theme("dark").styles[key])
            assert key in light
            want = getattr(styles, "LIGHT", {}).get(key, value)
            assert light[key] == theme("light").styles[key] and str(light[key]) == str(
                type(light[key]).parse(want))
    assert set(STYLES) <= set(dark) and set(LIGHT_STYLES) <= set(light)
