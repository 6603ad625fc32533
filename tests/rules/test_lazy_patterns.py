"""The rules' patterns compile at first use (start-up time); they must still all compile
and match exactly as ``re.compile`` would."""

from __future__ import annotations

import importlib
import pkgutil
import re

import vecmem.rules
from vecmem.text import LazyPattern, ascii_word_re, compile_all_patterns, lazy_re


def test_every_lazy_pattern_compiles() -> None:
    for mod in pkgutil.iter_modules(vecmem.rules.__path__):
        importlib.import_module(f"vecmem.rules.{mod.name}")
    # Hundreds of patterns: a bad one fails here, not at a user's first matching input.
    assert compile_all_patterns() > 200


def test_lazy_pattern_is_re_compile() -> None:
    source, text = r"(\w+)@(\w+)", "mail ada@example 与 bob@host"
    lazy, real = lazy_re(source, re.IGNORECASE), re.compile(source, re.IGNORECASE)
    assert lazy.pattern == source and lazy._rx is None  # nothing compiled yet
    assert [m.groups() for m in lazy.finditer(text)] == [m.groups() for m in real.finditer(text)]
    assert lazy.sub(r"\2", text) == real.sub(r"\2", text)
    assert lazy.subn("x", text) == real.subn("x", text)  # through __getattr__
    assert (lazy.groups, lazy.flags) == (real.groups, real.flags)
    assert lazy.compiled() is lazy.compiled()


def test_ascii_word_boundary_between_cjk_and_latin() -> None:
    rx = ascii_word_re(r"\bssh\b", re.IGNORECASE)
    assert isinstance(rx, LazyPattern)
    assert rx.search("添加GitHub的SSH key") and not rx.search("sshd")
    assert re.search(r"\bssh\b", "的SSH的", re.IGNORECASE) is None  # why the rules need it
    assert rx.search("的SSH的")
