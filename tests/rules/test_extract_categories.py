"""Rule extraction by category, both languages (issue 15 item 6): durable first-person
facts are kept one fact each; questions, chatter and reactions are not."""

from __future__ import annotations

import pytest

from vecmem.rules.extract import extract_with_rules, split_clauses


def facts(text: str) -> list[str]:
    return [c.content for c in extract_with_rules([{"role": "user", "content": text}])]


@pytest.mark.parametrize(("text", "want"), [
    # name
    ("Hi, I'm Alex.", ["The user's name is Alex"]),
    ("我叫王小明。", ["用户叫王小明"]),
    # family and pets
    ("I have two kids.", ["The user has two kids"]),
    ("I have a dog named Pixel.", ["The user has a dog named Pixel"]),
    ("我有一个女儿。", ["用户有一个女儿"]),
    ("我养了一只猫叫团子。", ["用户养了一只猫叫团子"]),
    # health
    ("I'm allergic to peanuts.", ["The user is allergic to peanuts"]),
    ("I have asthma.", ["The user has asthma"]),
    ("我对花生过敏。", ["用户对花生过敏"]),
    ("我有哮喘。", ["用户有哮喘"]),
    # work
    ("I work as a backend engineer at Stripe.", ["The user works as a backend engineer at Stripe"]),
    ("我在腾讯工作。", ["用户在腾讯工作"]),
    # tools
    ("I use Neovim for everything.", ["The user uses Neovim for everything"]),
    ("我平时用VSCode写代码。", ["用户平时用VSCode写代码"]),
    # places
    ("I moved to Berlin last year.", ["The user moved to Berlin last year"]),
    ("我刚搬到了杭州。", ["用户刚搬到了杭州"]),
    # plans with a date (a plan without one is not kept: it is not yet a fact)
    ("I'm planning to visit Japan next spring.", ["The user plans to visit Japan next spring"]),
    ("我打算明年去日本。", ["用户打算明年去日本"]),
])
def test_categories(text: str, want: list[str]) -> None:
    assert facts(text) == want


@pytest.mark.parametrize(("text", "want"), [
    ("my dog is Pixel and I'm allergic to peanuts",
     ["The user's dog is Pixel", "The user is allergic to peanuts"]),
    ("I work as a nurse, and I live in Leeds.",
     ["The user works as a nurse", "The user lives in Leeds"]),
    ("我对花生过敏，我养了一只猫叫团子。", ["用户对花生过敏", "用户养了一只猫叫团子"]),
    ("我住在上海，而且我在字节跳动工作。", ["用户住在上海", "用户在字节跳动工作"]),
])
def test_compound_sentences_give_one_fact_each(text: str, want: list[str]) -> None:
    assert facts(text) == want


def test_clause_split_leaves_other_ands_alone() -> None:
    assert split_clauses("I like tea and coffee") == ["I like tea and coffee"]
    assert split_clauses("上海很大，但是很干净") == ["上海很大，但是很干净"]
    assert facts("我叫小红，我对猫毛过敏，我们下周去北京。") == ["用户叫小红", "用户对猫毛过敏"]


@pytest.mark.parametrize("text", [
    "Do you use Vim?", "你用过 Vim 吗？", "I use it a lot.", "I'm Sorry", "I'm planning to relax.",
    "我打算休息一下。", "I love his tech and that sarcastic humor.", "I love the smell it adds.",
    "Thanks! Glad you like it. Yeah, I love to.", "哈哈，好的。", "Wow, that looks amazing!",
])
def test_questions_chatter_and_reactions_are_not_kept(text: str) -> None:
    assert facts(text) == []
