"""Pictures of games, as PNG bytes, made only from what a seat or the public may see (views).

One package per game, with the same inner layout and the same entry points: ``render/<game>/__init__.py``
exposes ``PICTURES``, a ``render.core.pictures.Pictures`` (``board``, ``battle``, ``private`` and
``warm``), so callers draw any game without naming it; a game's package may also keep an adapter from
its views to its drawing code's plain data (``picture.py``).

``render.core`` holds what every game's pictures share (the ``Pictures`` contract, palette, fonts, badges,
die faces, title bar, legend, caching) and imports no game; a game's package imports only ``render.core``,
``rules``, ``data`` and itself, never another game's package. Nothing here imports Discord, the database
or ``bot``: the bot calls these functions from worker threads and uploads the bytes.
"""
