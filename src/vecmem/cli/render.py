"""Every character the CLI prints goes through here, and none of it is ever markup.

Stored text holds things like ``[production]``, ``[/b]`` or ``[/INST]``; Rich would read
them as markup (hiding them, or crashing on a closing tag). So nothing here asks Rich to
parse markup: lines are written as they are, with colour added only to the pieces marked
:class:`Styled` (and only on a terminal, and not under ``NO_COLOR``); table cells are
Rich ``Text`` objects on a console whose markup, emoji codes and highlighting are off.

Output that is not a terminal gets plain lines: a table becomes tab-separated rows under
a header (whole values, never wrapped into narrow columns), ready for ``cut`` or ``awk``.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable, Sequence
from typing import Any, TextIO

_ANSI = {"red": "31", "green": "32", "yellow": "33", "magenta": "35", "cyan": "36",
         "bold": "1", "dim": "2"}


class Styled(str):
    """A piece of a line shown in a colour on a terminal (the text itself is literal)."""

    style: str

    def __new__(cls, text: str, style: str) -> Styled:
        obj = super().__new__(cls, text)
        obj.style = style
        return obj


def styled(text: str, style: str) -> Styled:
    return Styled(text, style)


def _stream(stderr: bool) -> TextIO:
    return sys.stderr if stderr else sys.stdout


def is_terminal(stderr: bool = False) -> bool:
    stream = _stream(stderr)
    return bool(getattr(stream, "isatty", None) and stream.isatty())


def _colour(stderr: bool) -> bool:
    return is_terminal(stderr) and "NO_COLOR" not in os.environ


def line(*parts: str, stderr: bool = False) -> None:
    """Print one line made of ``parts`` (plain strings are literal; Styled ones coloured)."""
    colour = _colour(stderr)
    out = []
    for part in parts:
        text = str(part)
        if colour and isinstance(part, Styled) and part.style in _ANSI:
            text = f"\x1b[{_ANSI[part.style]}m{text}\x1b[0m"
        out.append(text)
    stream = _stream(stderr)
    stream.write("".join(out) + "\n")
    stream.flush()


def text(value: str, *, stderr: bool = False) -> None:
    """Print a block of text as it is (reports end with their own newline)."""
    stream = _stream(stderr)
    stream.write(value)
    stream.flush()


def error(message: str) -> None:
    line(styled("error:", "red"), " ", message, stderr=True)


def short(value: str, width: int = 70) -> str:
    value = value.replace("\r", " ").replace("\n", " ")
    return value if len(value) <= width else value[: width - 1] + "…"


def one_line(value: str) -> str:
    """A value on one line (for plain, tab-separated output)."""
    return value.replace("\r", " ").replace("\n", " ").replace("\t", " ")


def rich_console(stderr: bool = False) -> Any:
    """A Rich console that never interprets text: no markup, no emoji codes, no
    highlighting (imported on first use: Rich costs start-up time)."""
    from rich.console import Console

    return Console(file=_stream(stderr), markup=False, emoji=False, highlight=False,
                   soft_wrap=False)


def table(columns: Sequence[str], rows: Iterable[Sequence[Any]],
          wide: Sequence[str] = ("content", "reason")) -> None:
    """A table: Rich on a terminal (its width), tab-separated lines otherwise.

    On a terminal the ``wide`` columns are shortened to one line each; in plain output
    every value is whole (newlines and tabs become spaces)."""
    rows = [["" if v is None else str(v) for v in row] for row in rows]
    if not is_terminal():
        line("\t".join(columns))
        for row in rows:
            line("\t".join(one_line(v) for v in row))
        return
    from rich.table import Table
    from rich.text import Text

    grid = Table()
    for col in columns:
        grid.add_column(col, overflow="fold", ratio=3 if col in wide else None,
                        no_wrap=col not in wide)
    for row in rows:
        grid.add_row(*(Text(short(v, 200) if col in wide else v)
                       for col, v in zip(columns, row, strict=True)))
    rich_console().print(grid)


def value_text(value: Any) -> str:
    """Any JSON-like value as text a person reads, never a Python repr: ``{'store': 10}``
    is ``store 10``, a nested mapping goes in parentheses, True is yes, None is —."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "—"
    if isinstance(value, dict):
        return pairs(value) or "none"
    if isinstance(value, list | tuple):
        return ", ".join(value_text(v) for v in value) or "none"
    return str(value)


def pairs(items: dict[str, Any]) -> str:
    """``{'store': 10, 'review': 1}`` as ``store 10, review 1``."""
    return ", ".join(f"{k} ({value_text(v)})" if isinstance(v, dict) else f"{k} {value_text(v)}"
                     for k, v in items.items())
