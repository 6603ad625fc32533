"""Settings: defaults < vecmem.toml < Hermes section < environment < arguments, each a
pydantic-settings source; the report language follows the locale; every setting is
documented in docs/settings.md, which is regenerated from the model."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from vecmem import InvalidInputError, Memory
from vecmem.settings import Settings, locale_language, settings_markdown

ROOT = Path(__file__).resolve().parents[2]


def test_precedence_defaults_file_env_arguments(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    toml = tmp_path / "vecmem.toml"
    toml.write_text('top_k = 3\nscope = "from-file"\nllm_timeout = 5\n'
                    'llm_api_key = "sk-file-must-be-ignored"\n', encoding="utf-8")
    assert Settings.load(toml).top_k == 3
    assert Settings.load(toml).llm_api_key is None  # secrets never come from a file
    assert Settings.load(tmp_path / "absent.toml").top_k == 8  # default
    monkeypatch.setenv("VECMEM_TOP_K", "4")
    monkeypatch.setenv("VECMEM_LLM_API_KEY", "sk-env")
    s = Settings.load(toml, scope="from-argument")
    assert (s.top_k, s.scope, s.llm_timeout) == (4, "from-argument", 5.0)
    assert s.llm_api_key is not None and s.llm_api_key.get_secret_value() == "sk-env"
    assert Settings.load(toml, top_k=9, scope=None).top_k == 9  # None means "not given"
    # A [vecmem] table works as the top level does; the Hermes section sits above the file.
    table = tmp_path / "table.toml"
    table.write_text('[vecmem]\ntop_k = 6\nduplicate_threshold = 0.9\n', encoding="utf-8")
    monkeypatch.delenv("VECMEM_TOP_K")
    s = Settings.load(table, hermes={"top_k": 7, "embed_api_key": "not-from-a-file"})
    assert (s.top_k, s.duplicate_threshold, s.embed_api_key) == (7, 0.9, None)


def test_the_toml_file_is_found_by_env_and_in_the_working_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "vecmem.toml").write_text("top_k = 11\n", encoding="utf-8")
    assert Settings.load().top_k == 11  # the tests run in tmp_path
    other = tmp_path / "other.toml"
    other.write_text("top_k = 12\n", encoding="utf-8")
    monkeypatch.setenv("VECMEM_CONFIG", str(other))
    assert Settings.load().top_k == 12
    assert Settings().top_k == 8  # built directly: arguments and environment only


def test_bad_files_and_values_are_input_errors(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    broken = tmp_path / "broken.toml"
    broken.write_text("top_k = [\n", encoding="utf-8")
    with pytest.raises(InvalidInputError, match="cannot read config file"):
        Settings.load(broken)
    monkeypatch.setenv("VECMEM_TOP_K", "lots")
    with pytest.raises(InvalidInputError, match="invalid setting top_k"):
        Settings.load()
    monkeypatch.delenv("VECMEM_TOP_K")
    with pytest.raises(InvalidInputError, match="confirm_phrase"):
        Settings.load(confirm_phrase="   ")


@pytest.mark.parametrize(
    ("env", "language"),
    [
        ({}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"LANG": "zh_CN.UTF-8"}, "zh"),
        ({"LANG": "zh_TW.UTF-8"}, "zh"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({"LANG": "zh_CN.UTF-8", "LC_MESSAGES": "en_GB.UTF-8"}, "en"),
        ({"LANG": "en_US.UTF-8", "LC_MESSAGES": "zh_CN.UTF-8"}, "zh"),
        ({"LC_ALL": "zh_SG.UTF-8", "LC_MESSAGES": "en_US.UTF-8", "LANG": "en_US"}, "zh"),
        ({"LC_ALL": "", "LANG": "zh_HK"}, "zh"),
    ],
)
def test_language_follows_the_locale(env: dict[str, str], language: str,
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    assert locale_language(env) == language
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert Settings.load().language == language


def test_an_explicit_language_beats_the_locale(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "zh_CN.UTF-8")
    toml = tmp_path / "en.toml"
    toml.write_text('language = "en"\n', encoding="utf-8")
    assert Settings.load(toml).language == "en"
    monkeypatch.setenv("VECMEM_LANGUAGE", "zh")
    assert Settings.load(toml).language == "zh"


def test_reports_from_the_cli_follow_the_locale(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """The README's cron line mails a report in the language of the machine's locale."""
    from vecmem.cli import app

    db = str(tmp_path / "r.db")
    Memory.open(db, embed_provider="hashing").close()
    env = {"VECMEM_DB": db, "VECMEM_EMBED_PROVIDER": "hashing"}
    runner = CliRunner()
    english = runner.invoke(app, ["health"], env={**env, "LANG": "en_US.UTF-8"})
    assert english.stdout.startswith("Health report"), english.stdout
    chinese = runner.invoke(app, ["health"], env={**env, "LANG": "zh_CN.UTF-8"})
    assert chinese.stdout.startswith("健康报告"), chinese.stdout
    forced = runner.invoke(app, ["health", "--lang", "en"], env={**env, "LANG": "zh_CN.UTF-8"})
    assert forced.stdout.startswith("Health report")
    helped = runner.invoke(app, ["--help"]).stdout + runner.invoke(app, ["health", "--help"]).stdout
    assert "LC_ALL" in helped and "LANG" in helped


def test_hermes_language_is_the_default_inside_hermes(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("yaml")
    from vecmem.integrations.hermes.provider import resolve_settings

    home = tmp_path / "hermes"
    home.mkdir()
    config = home / "config.yaml"
    config.write_text("display:\n  language: zh\nmemory:\n  provider: vecmem\n",
                      encoding="utf-8")
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    assert resolve_settings(home)[0].language == "zh"  # Hermes' language beats the locale
    config.write_text("display:\n  language: de\n", encoding="utf-8")
    assert resolve_settings(home)[0].language == "en"  # a language vecmem lacks: English
    config.write_text("display:\n  language: zh\nmemory:\n  vecmem:\n    language: en\n",
                      encoding="utf-8")
    assert resolve_settings(home)[0].language == "en"  # memory.vecmem.language wins
    config.write_text("memory:\n  vecmem:\n    top_k: 5\n", encoding="utf-8")
    monkeypatch.setenv("HERMES_LANGUAGE", "zh-CN")
    s, _ = resolve_settings(home)
    assert (s.language, s.top_k) == ("zh", 5)
    monkeypatch.setenv("VECMEM_TOP_K", "6")
    assert resolve_settings(home)[0].top_k == 6  # the environment beats the section
    assert resolve_settings(home, {"top_k": 7})[0].top_k == 7  # arguments beat both


def test_every_setting_is_described() -> None:
    missing = [name for name, field in Settings.model_fields.items()
               if not (field.description or "").strip()]
    assert missing == []


def test_docs_settings_md_is_current() -> None:
    doc = ROOT / "docs" / "settings.md"
    assert doc.read_text(encoding="utf-8") == settings_markdown(), (
        "docs/settings.md is stale: python -m vecmem.settings --markdown > docs/settings.md")
    for name in Settings.model_fields:
        assert f"`VECMEM_{name.upper()}`" in doc.read_text(encoding="utf-8")


def test_the_generator_runs_as_a_module() -> None:
    result = subprocess.run([sys.executable, "-m", "vecmem.settings", "--markdown"],
                            capture_output=True, text=True, timeout=60, check=True)
    assert result.stdout == settings_markdown()
    assert "RuntimeWarning" not in result.stderr
