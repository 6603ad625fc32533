"""In headless Chromium: the explain drawer shows the relevance gate's rule and every
candidate's verdict, the gate's off switch lists by rank, and the Recall tab shows which
memories each logged turn received (a real uvicorn server, the seeded SQLite file)."""

from __future__ import annotations

from typing import Any

import pytest
from server_seed import TOKEN, Seeded
from test_e2e_browser import (  # noqa: F401 - fixtures
    CHROMIUM,
    PageWatch,
    browser,
    new_page,
    server,
    shot,
)

from vecmem import Memory

pytestmark = [pytest.mark.browser,
              pytest.mark.skipif(not CHROMIUM.exists(), reason="/usr/bin/chromium missing")]


def test_gate_in_explain_its_switch_and_the_recall_tab(server: str, browser: Any,  # noqa: F811
                                                       mem: Memory, seeded: Seeded) -> None:
    vue = seeded.ids["项目使用 Vue 3 作为前端框架"]
    hits = mem.search("which frontend framework? 前端框架", session="chat-42")
    assert vue in [h.memory.id for h in hits]
    mem.search("thanks!", session="chat-42")
    page = new_page(browser)
    watch = PageWatch(page)
    page.goto(f"{server}/#token={TOKEN}")
    page.wait_for_selector("[data-test=memory-row]")

    # Explain: the gate's rule, and a verdict (with its arithmetic) for every candidate.
    page.fill("[data-test=search]", "which frontend framework? 前端框架")
    page.wait_for_selector("[data-test=search-hit]")
    gated = page.locator("[data-test=search-hit]").count()
    page.click("[data-test=explain]")
    page.wait_for_selector("[data-test=explain-table]")
    assert page.inner_text("[data-test=explain-gate-rule]").startswith("gate-")
    verdicts = page.locator("[data-test=explain-row] [data-test=explain-gate]").all_inner_texts()
    ranked = [v for v in verdicts if v.strip() != "—"]
    assert ranked and all(v.startswith(("pass", "fail")) for v in ranked)
    assert any(v.startswith("pass") for v in ranked) and any(
        v.startswith("fail") for v in ranked)
    assert all("floor" in v for v in ranked)
    shot(page, "explain-gate.png")
    page.click("[data-test=drawer-close]")

    # The off switch: the exploratory listing returns more, and explain says so.
    page.check("[data-test=gate-off]")
    page.wait_for_function(
        f"() => document.querySelectorAll('[data-test=search-hit]').length > {gated}")
    page.click("[data-test=explain]")
    page.wait_for_selector("[data-test=explain-table]")
    assert "gate is off" in page.inner_text("[data-test=explain-gate-rule]")
    page.click("[data-test=drawer-close]")

    # The Recall tab: newest turn first, what it received with its scores.
    page.click("[data-test=tab-recalls]")
    page.wait_for_selector("[data-test=recall-row]")
    rows = page.locator("[data-test=recall-row]")
    assert rows.count() == 2
    assert rows.nth(0).get_attribute("data-turn") == "2"
    assert rows.nth(0).locator("[data-test=recall-nothing]").count() == 1
    first = rows.nth(1)
    assert first.inner_text().count("#") >= 1
    assert "which frontend framework? 前端框架" in first.locator(
        "[data-test=recall-query]").inner_text()
    items = first.locator("[data-test=recall-item]")
    assert items.count() == len(hits)
    assert f"#{vue}" in first.inner_text() and "margin" in items.first.inner_text()
    shot(page, "recalls.png")
    # A memory in the log opens its detail.
    first.locator(f"[data-test=recall-item] >> text=#{vue}").click()
    page.wait_for_selector("[data-test=detail-content]")
    assert page.inner_text("[data-test=detail-content]") == "项目使用 Vue 3 作为前端框架"
    page.click("[data-test=drawer-close]")
    # Filtered by another session: empty.
    page.fill("[data-test=recalls-session]", "nobody")
    page.press("[data-test=recalls-session]", "Enter")
    page.wait_for_selector("[data-test=recalls-empty]")
    assert watch.errors == []
