"""Fixtures shared by the Hermes integration tests."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh HERMES_HOME with vecmem installed and selected as the memory provider
    (the base configuration of ``test_hermes.write_config``)."""
    from tests.integrations.test_hermes import write_config

    from vecmem.integrations.hermes import install as installer

    hermes_home = tmp_path / "hermes-home"
    hermes_home.mkdir()
    monkeypatch.setenv("HERMES_HOME", str(hermes_home))
    write_config(hermes_home)
    installer.install(hermes_home)
    return hermes_home
