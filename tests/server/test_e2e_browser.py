"""End to end in headless Chromium: a real uvicorn server on 127.0.0.1 over a seeded
SQLite file, driven by Playwright with Debian's ``/usr/bin/chromium`` (no browser
download). Every change made through the page is verified through ``Memory``.

Screenshots land in ``docs/screenshots/`` (the README shows them), or in
``$VECMEM_SCREENSHOTS_DIR`` when set.
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from server_seed import PHRASE, TOKEN, Seeded, install_into, seeded_home

from vecmem import Memory
from vecmem.server.app import create_app

CHROMIUM = Path("/usr/bin/chromium")
# The README's pictures; point VECMEM_SCREENSHOTS_DIR elsewhere to leave them untouched.
SCREENSHOTS = Path(os.environ.get("VECMEM_SCREENSHOTS_DIR")
                   or Path(__file__).resolve().parents[2] / "docs" / "screenshots")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                 "--no-first-run", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]
VIEWPORT = {"width": 1400, "height": 900}

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not CHROMIUM.exists(),
                       reason="/usr/bin/chromium is not installed (make system-deps)"),
]
playwright_api = pytest.importorskip("playwright.sync_api",
                                     reason="playwright is not installed (pip install playwright)")


@pytest.fixture
def server(mem: Memory, seeded: Seeded) -> Iterator[str]:
    """The standalone app under uvicorn on a random loopback port; yields its base URL."""
    import uvicorn

    config = uvicorn.Config(create_app(mem, TOKEN), host="127.0.0.1", port=0,
                            log_level="warning", lifespan="on")
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not srv.started:
        assert time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.05)
    port = srv.servers[0].sockets[0].getsockname()[1]
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join(timeout=10)


@pytest.fixture
def browser() -> Iterator[Any]:
    with playwright_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield b
        b.close()


class PageWatch:
    """Collects uncaught page errors and console errors, except the expected ones."""

    def __init__(self, page: Any, expected: tuple[str, ...] = ()) -> None:
        self.errors: list[str] = []
        self.expected = expected
        page.on("pageerror", lambda e: self.errors.append(f"pageerror: {e}"))
        page.on("console", self._console)

    def _console(self, msg: Any) -> None:
        if msg.type == "error" and not any(x in msg.text for x in self.expected):
            self.errors.append(f"console: {msg.text}")


def shot(page: Any, name: str, *, full_page: bool = False) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.wait_for_timeout(150)  # let transitions settle
    page.screenshot(path=str(SCREENSHOTS / name), full_page=full_page)


def new_page(browser: Any, locale: str = "en-US", scheme: str = "light") -> Any:
    context = browser.new_context(viewport=VIEWPORT, locale=locale, color_scheme=scheme,
                                  timezone_id="UTC")
    return context.new_page()


def test_dashboard_flow(server: str, browser: Any, mem: Memory, seeded: Seeded) -> None:
    page = new_page(browser)
    # A wrong phrase answers 403 and a 401 is provoked on purpose; nothing else may fail.
    watch = PageWatch(page, expected=("status of 403",))
    page.goto(f"{server}/#token={TOKEN}")
    page.wait_for_selector("[data-test=memory-row]")
    assert TOKEN not in page.url  # the fragment is consumed and removed
    assert page.locator("[data-test=memory-row]").count() == 16
    page.wait_for_selector("[data-test=stat-consistency]")
    assert page.locator("[data-test=stat-active] .vm-stat-value").inner_text() == "12"
    shot(page, "overview.png", full_page=True)

    # Search (debounced) with semantic results, then the explain drawer.
    vue = seeded.ids["项目使用 Vue 3 作为前端框架"]
    page.fill("[data-test=search]", "前端")
    page.wait_for_selector("[data-test=search-hit]")
    assert page.locator("[data-test=search-hit]").first.get_attribute("data-id") == str(vue)
    page.click("[data-test=explain]")
    page.wait_for_selector("[data-test=explain-table]")
    first = page.locator("[data-test=explain-row]").first.inner_text()
    assert re.search(r"\b0\.\d{4}\b", first), first  # cosines and fused scores, 4 decimals
    shot(page, "explain.png")
    page.click("[data-test=drawer-close]")

    # Open a memory: the detail panel with its timeline and lineage.
    page.locator("[data-test=search-hit]").first.click()
    page.wait_for_selector("[data-test=timeline] [data-test=event]")
    assert page.inner_text("[data-test=detail-content]") == "项目使用 Vue 3 作为前端框架"
    page.click("[data-test=drawer-close]")
    page.fill("[data-test=search]", "")
    page.wait_for_selector("[data-test=memory-row]")
    page.click(f"[data-test=memory-row][data-id='{seeded.merged_id}'] .vm-col-content")
    page.wait_for_selector("[data-test=timeline]")
    drawer = page.inner_text("[data-test=drawer]")
    for source in seeded.merged_from:
        assert f"#{source}" in drawer
    shot(page, "detail.png")
    page.click("[data-test=drawer-close]")

    # Review: approve the conflict after its preview; check through Memory.
    page.click("[data-test=tab-review]")
    page.wait_for_selector("[data-test=review-item]")
    item = page.locator(f"[data-test=review-item][data-id='{seeded.review_id}']")
    assert "用户偏好：回答简洁务实" in item.inner_text()  # the existing memory, side by side
    shot(page, "review.png")
    item.locator("[data-test=review-approve]").click()
    page.wait_for_selector("[data-test=confirm-dialog] [data-test=preview]")
    page.click("[data-test=confirm-dialog] [data-test=dialog-submit]")
    page.wait_for_selector("[data-test=review-empty]")
    assert mem.get(seeded.review_id).status == "active"
    assert mem.get(seeded.conflict_with).status == "superseded"

    # Select rows -> plan -> wrong phrase (nothing changes) -> right phrase.
    pnpm = seeded.ids["Prefers pnpm over npm for JavaScript projects"]
    tz = seeded.ids["用户的时区是 Asia/Shanghai"]
    page.click("[data-test=tab-memories]")
    page.wait_for_selector("[data-test=memory-row]")
    for mid in (pnpm, tz):
        page.click(f"[data-test=memory-row][data-id='{mid}'] input[type=checkbox]")
    page.wait_for_selector("[data-test=bulk-bar]")
    page.select_option("[data-test=bulk-action]", "archive")
    page.fill("[data-test=bulk-reason]", "no longer relevant")
    page.click("[data-test=create-plan]")
    page.wait_for_selector("[data-test=plan-dialog] [data-test=plan-phrase]")
    assert page.locator("[data-test=plan-op]").count() == 2
    # The person typing the phrase is shown it (agents never are: test_mcp, test_hermes).
    assert page.inner_text("[data-test=plan-phrase-shown]") == PHRASE
    (plan,) = mem.list_plans()
    events_before = mem.events(limit=1000)
    page.fill("[data-test=plan-phrase]", "I confirm")
    page.click("[data-test=plan-dialog] [data-test=dialog-submit]")
    page.wait_for_selector("[data-test=plan-error]:not([hidden])")
    assert "nothing was changed" in page.inner_text("[data-test=plan-error]")
    assert page.locator("[data-test=plan-phrase]").input_value() == "I confirm"
    assert [mem.get(i).status for i in (pnpm, tz)] == ["active", "active"]
    assert mem.get_plan(plan.id).status == "pending"
    assert mem.events(limit=1000) == events_before
    shot(page, "plan-dialog.png")
    page.fill("[data-test=plan-phrase]", PHRASE)
    page.click("[data-test=plan-dialog] [data-test=dialog-submit]")
    page.wait_for_selector("[data-test=plan-dialog] th:has-text('Result')")
    assert [mem.get(i).status for i in (pnpm, tz)] == ["archived", "archived"]
    assert mem.get_plan(plan.id).status == "applied"
    assert mem.events(pnpm, limit=1)[0].reason == "no longer relevant"
    page.click("[data-test=plan-dialog] [data-test=dialog-cancel]")

    # Health with its flags; the cleanup report turns into a plan (still pending).
    page.click("[data-test=tab-health]")
    page.wait_for_selector("[data-test=health-status]")
    assert "cleanup_candidates" in page.inner_text("[data-test=health-flags]")
    page.click("[data-test=tab-cleanup]")
    page.wait_for_selector("[data-test=cleanup-row]")
    page.click("[data-test=cleanup-plan]")
    page.wait_for_selector("[data-test=plan-dialog] [data-test=plan-phrase]")
    page.click("[data-test=plan-dialog] [data-test=dialog-cancel]")
    assert mem.get(seeded.noise_id).status == "active"
    assert len(mem.list_plans(status="pending")) == 1

    # Add through the pipeline: preview first, then add.
    page.click("[data-test=add]")
    page.fill("[data-test=add-content]", "用户偏好：界面用深色主题")
    page.click("[data-test=add-preview-btn]")
    page.wait_for_selector("[data-test=add-preview]")
    assert mem.count(text="深色主题") == 0  # the preview wrote nothing
    page.click("[data-test=add-dialog] [data-test=dialog-submit]")
    page.wait_for_selector("[data-test=add-dialog]", state="detached")
    (added,) = mem.list(text="深色主题")
    assert (added.status, added.source) == ("active", "dashboard")

    # Language toggle, then dark mode.
    page.click("[data-test=tab-memories]")
    page.wait_for_selector("[data-test=memory-row]")
    page.click("[data-test=lang]")
    page.wait_for_selector("[data-test=tab-memories]:has-text('记忆')")
    assert page.get_attribute("html", "lang") == "zh-CN"
    shot(page, "overview-zh.png")
    page.click("[data-test=theme]")
    assert page.get_attribute(".vm-app", "data-theme") == "dark"
    background = page.eval_on_selector(".vm-app", "el => getComputedStyle(el).backgroundColor")
    assert background == "rgb(13, 16, 22)", background
    shot(page, "overview-dark.png", full_page=True)
    page.click("[data-test=lang]")
    page.wait_for_selector("[data-test=tab-memories]:has-text('Memories')")
    assert watch.errors == []


def test_audit_view_and_the_small_guards(server: str, browser: Any, mem: Memory,
                                          seeded: Seeded) -> None:
    # A Chinese browser with the UI switched to English: dates must follow the UI.
    page = new_page(browser, locale="zh-CN")
    watch = PageWatch(page, expected=("status of 401",))
    mem.archive(seeded.conflict_with, reason="outdated")  # the review item's target
    for noise in ("这个功能有没有必要？", "数据导入正在运行", "maybe we could try redis?"):
        assert mem.add(noise, source="agent").decision == "reject"
    page.goto(server)  # no token yet: the gate asks for one
    page.wait_for_selector("[data-test=token-input]")
    # A token pasted into the address bar of the open page is taken (hashchange).
    page.evaluate(f"window.location.hash = '#token={TOKEN}'")
    page.wait_for_selector("[data-test=memory-row]")
    assert TOKEN not in page.url
    page.click("[data-test=lang]")
    page.wait_for_selector("[data-test=tab-memories]:has-text('Memories')")

    # The review card says its conflicting memory is no longer active.
    page.click("[data-test=tab-review]")
    item = page.locator(f"[data-test=review-item][data-id='{seeded.review_id}']")
    item.wait_for()
    assert "No longer active (archived)" in item.locator(
        "[data-test=review-target-inactive]").inner_text()

    # Add is off while the preview rejects exactly this text.
    page.click("[data-test=add]")
    page.fill("[data-test=add-content]", "这个功能有没有必要？")
    page.click("[data-test=add-preview-btn]")
    page.wait_for_selector("[data-test=add-blocked]")
    submit = page.locator("[data-test=add-dialog] [data-test=dialog-submit]")
    assert submit.is_disabled()
    page.fill("[data-test=add-content]", "The CI runners use Ubuntu 24.04")
    assert submit.is_enabled()
    page.click("[data-test=add-dialog] [data-test=dialog-cancel]")

    # The global audit log: every event, the rejected inputs with their reasons.
    page.click("[data-test=tab-audit]")
    page.wait_for_selector("[data-test=audit-row]")
    page.click("[data-test=audit-rejected]")
    page.wait_for_selector("[data-test=audit-row][data-action=reject_input]")
    page.wait_for_function("() => [...document.querySelectorAll('[data-test=audit-row]')]"
                           ".every(r => r.dataset.action === 'reject_input')")
    rows = page.locator("[data-test=audit-row]")
    want = [e for e in mem.events(action="reject_input", limit=1000)]
    assert rows.count() == min(len(want), 25) > 0
    reasons = page.locator("[data-test=audit-reason]").all_inner_texts()
    assert reasons[0] == want[0].reason and all(r.startswith("rejected (") for r in reasons)
    shot(page, "audit.png", full_page=True)
    page.fill("[data-test=audit-source]", "nobody")
    page.press("[data-test=audit-source]", "Enter")
    page.locator("[data-test=audit-source]").blur()
    page.wait_for_selector("[data-test=audit-empty]")
    # The date field follows the UI language, not the browser's.
    assert page.get_attribute("[data-test=audit-since]", "placeholder") == "YYYY-MM-DD"
    page.fill("[data-test=audit-since]", "2026-12-01")
    page.locator("[data-test=audit-since]").blur()
    page.wait_for_selector("[data-test=audit-since-shown]:has-text('Dec 1, 2026')")
    page.click("[data-test=lang]")
    page.wait_for_selector("[data-test=tab-audit]:has-text('审计')")
    assert page.get_attribute("[data-test=audit-since]", "placeholder") == "年-月-日"
    assert "2026年12月1日" in page.inner_text("[data-test=audit-since-shown]")
    page.fill("[data-test=audit-since]", "2026-02-30")
    page.locator("[data-test=audit-since]").blur()
    page.wait_for_selector("[data-test=audit-since][aria-invalid=true]")
    assert watch.errors == []


def test_trust_and_possible_conflicts(server: str, browser: Any, mem: Memory) -> None:
    """Issue 15: explain and the detail panel show each memory's trust level; cleanup
    lists a possible slot conflict and its own plan archives the older value, only with
    the phrase."""
    page = new_page(browser)
    watch = PageWatch(page, expected=("status of 403",))
    old = mem.add("User lives in Lisbon", source="manual").memory_id
    new = mem.add("The user is based out of Porto these days", source="extract").memory_id
    page.goto(f"{server}/#token={TOKEN}")
    page.wait_for_selector("[data-test=memory-row]")

    page.fill("[data-test=search]", "Porto")
    page.wait_for_selector(f"[data-test=search-hit][data-id='{new}']")
    page.click("[data-test=explain]")
    page.wait_for_selector("[data-test=explain-table]")
    row = page.locator(f"[data-test=explain-row]:has(button:text-is('#{new}'))")
    assert row.locator("[data-test=trust]").get_attribute("data-trust") == "automatic"
    page.click("[data-test=drawer-close]")
    page.click(f"[data-test=search-hit][data-id='{new}']")
    page.wait_for_selector("[data-test=drawer] [data-test=trust]")
    badge = page.locator("[data-test=drawer] [data-test=trust]")
    assert (badge.get_attribute("data-trust"), badge.inner_text()) == ("automatic", "automatic")
    page.click("[data-test=drawer-close]")

    page.click("[data-test=tab-cleanup]")
    page.wait_for_selector("[data-test=cleanup-conflicts-plan]")
    conflict = page.locator("[data-test=cleanup-row]:has-text('possible conflict')")
    assert f"#{old}" in conflict.inner_text() and "Porto" in conflict.inner_text()
    page.click("[data-test=cleanup-conflicts-plan]")
    page.wait_for_selector("[data-test=plan-dialog] [data-test=plan-phrase]")
    assert page.locator("[data-test=plan-op]").count() == 1
    page.fill("[data-test=plan-phrase]", "yes")
    page.click("[data-test=plan-dialog] [data-test=dialog-submit]")
    page.wait_for_selector("[data-test=plan-error]:not([hidden])")
    assert mem.get(old).status == "active"
    page.fill("[data-test=plan-phrase]", PHRASE)
    page.click("[data-test=plan-dialog] [data-test=dialog-submit]")
    page.wait_for_selector("[data-test=plan-dialog] th:has-text('Result')")
    assert (mem.get(old).status, mem.get(new).status) == ("archived", "active")
    assert watch.errors == []


def test_preferences_follow_the_browser(server: str, browser: Any) -> None:
    page = new_page(browser, locale="zh-CN", scheme="dark")
    watch = PageWatch(page)
    page.goto(f"{server}/#token={TOKEN}")
    page.wait_for_selector("[data-test=memory-row]")
    assert page.inner_text("[data-test=tab-review]").startswith("审核")
    assert page.get_attribute(".vm-app", "data-theme") == "dark"
    assert watch.errors == []


def test_the_page_asks_for_a_token(server: str, browser: Any) -> None:
    page = new_page(browser)
    watch = PageWatch(page, expected=("status of 401",))
    page.goto(server)
    page.wait_for_selector("[data-test=token-input]")
    page.fill("[data-test=token-input]", "not-the-token")
    page.press("[data-test=token-input]", "Enter")
    page.wait_for_selector("text=That token was refused")
    page.fill("[data-test=token-input]", TOKEN)
    page.press("[data-test=token-input]", "Enter")
    page.wait_for_selector("[data-test=memory-row]")
    assert watch.errors == []


# -- the same UI as a tab of a real Hermes dashboard -----------------------------------------
HERMES_SERVER = """
import sys, uvicorn
from hermes_cli.web_server import app
uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[1]), log_level="warning")
"""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_hermes_dashboard_tab(browser: Any, tmp_path: Path,
                              monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("hermes_cli.web_server", reason="hermes-agent is not installed")
    home = tmp_path / "hermes"
    home.mkdir()
    monkeypatch.setenv("HERMES_HOME", str(home))
    monkeypatch.setenv("VECMEM_EMBED_PROVIDER", "hashing")
    install_into(home)
    seeded = seeded_home()
    port = _free_port()
    env = {**os.environ, "HERMES_HOME": str(home),
           "HERMES_DASHBOARD_SESSION_TOKEN": "hermes-e2e-session-token"}
    proc = subprocess.Popen([sys.executable, "-c", HERMES_SERVER, str(port)], env=env,
                            cwd=tmp_path, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 90
        while True:
            assert proc.poll() is None, proc.stdout.read().decode() if proc.stdout else ""
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/status", timeout=2):
                    break
            except OSError:
                assert time.monotonic() < deadline, "the Hermes dashboard did not start"
                time.sleep(0.3)
        page = new_page(browser)
        page.set_default_timeout(30_000)  # Hermes' own bundle is large; CI can be slow
        watch = PageWatch(page, expected=("status of 401",))  # Hermes' probes, not ours
        try:
            page.goto(f"http://127.0.0.1:{port}/vecmem")
            page.wait_for_selector("[data-test=memory-row]")
            assert page.locator(".vm-app.vm-embedded").count() == 1
            assert page.locator("[data-test=memory-row]").count() == 16
            _open_tab(page, "review",
                      f"[data-test=review-item][data-id='{seeded.review_id}']")
            page.click("[data-test=review-reject]")
            page.click("[data-test=confirm-dialog] [data-test=dialog-submit]")
            page.wait_for_selector("[data-test=review-empty]")
            page.click("[data-test=tab-memories]")
            page.wait_for_selector("[data-test=memory-row]")
        except playwright_api.Error as exc:  # say what the page showed, not just "timeout"
            page.screenshot(path=str(tmp_path / "hermes-failure.png"))
            raise AssertionError(f"{exc}\npage errors: {watch.errors}\npage text: "
                                 f"{page.inner_text('body')[:1500]}") from None
        shot(page, "hermes-tab.png")
        assert watch.errors == []
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
    mem = Memory.open(settings=_hermes_settings(home), reembed=False)
    try:
        assert mem.get(seeded.review_id).status == "archived"  # rejected through the tab
        assert mem.events(seeded.review_id, limit=1)[0].actor == "hermes-dashboard"
    finally:
        mem.close()


def _open_tab(page: Any, tab: str, shows: str, attempts: int = 3) -> None:
    """Click a dashboard tab until it shows ``shows``. Hermes may mount its plugin tab
    again while its own shell is still loading (a new vecmem app, back on Memories), so
    a click that landed on the first mount is given again — the tab must still open."""
    for attempt in range(attempts):
        page.click(f"[data-test=tab-{tab}]")
        try:
            page.wait_for_selector(shows, timeout=10_000)
            return
        except playwright_api.Error:
            if attempt == attempts - 1:
                raise


def _hermes_settings(home: Path) -> Any:
    from vecmem.integrations.hermes.provider import resolve_settings

    return resolve_settings(home)[0]
