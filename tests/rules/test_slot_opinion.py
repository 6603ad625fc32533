"""The second opinion on one-value slots (issue 15 item 5): a slot read from the nearest
labelled statements counts only when the structure agrees — the user (or the named
project) is the subject, it holds now, and a value is there by its shape
(rules/slot_opinion.py). Both languages."""

from __future__ import annotations

import pytest

from vecmem.rules.slot_opinion import aspect_matches, possessed_head, read, values
from vecmem.text import normalize

#: As learned from the labelled statements (engine/slot_prototypes.Prototypes.heads).
HEADS = {"employer": ["paycheck"], "residence": ["new address", "home", "place", "家", "老家地址"],
         "theme": ["colour scheme", "主题"], "project_path": ["repo", "代码"]}


def opinion(text: str, slot: str, key: str, value: str, stored: str) -> str | None:
    return read(normalize(text), slot, key, value, stored, HEADS.get(slot, ()))


@pytest.mark.parametrize(("text", "slot", "key", "value", "stored"), [
    ("These days my paycheck comes from Bosch", "employer", "user.employer", "Siemens",
     "User works for Siemens"),
    ("User's new address is in Moncton — the move happened last week", "residence",
     "user.residence", "Halifax", "User lives in Halifax"),
    ("I signed with Canva after four years at Atlassian", "employer", "user.employer",
     "Atlassian", "The user works at Atlassian"),
    ("用户去年底举家迁往长沙了", "residence", "user.residence", "武汉", "用户家在武汉"),
    ("我现在主要用 Claude 3.7 Sonnet 了", "default_model", "config.default_model",
     "deepseek-chat", "用户的默认模型是 deepseek-chat"),
    ("The api service ships to GKE these days", "deploy_target", "project.api.deploy",
     "AWS ECS", "The api service is deployed to AWS ECS"),
    ("User's colour scheme these days is Tokyo Night", "theme", "preference.theme",
     "solarized light", "User likes the Solarized Light theme"),
])
def test_a_new_value_by_its_shape_goes_to_review(text: str, slot: str, key: str, value: str,
                                                 stored: str) -> None:
    assert opinion(text, slot, key, value, stored) == "review"


@pytest.mark.parametrize(("text", "value", "stored"), [
    ("Toronto is where the user lives", "Toronto", "User lives in Toronto"),
    ("用户的家还是在成都", "成都", "用户住在成都"),
])
def test_the_held_value_alone_is_a_restatement(text: str, value: str, stored: str) -> None:
    assert opinion(text, "residence", "user.residence", value, stored) == "duplicate"


def test_a_restatement_that_adds_a_lot_is_only_listed() -> None:
    # "renewed the lease on his Burnaby townhouse for another year" says more than where
    # the user lives: never dropped as a duplicate
    text = "The user renewed the lease on his Burnaby townhouse for another year"
    assert opinion(text, "residence", "user.residence", "Burnaby",
                   "User lives in Burnaby") == "possible"


def test_a_possessed_subject_no_labelled_statement_uses_is_someone_elses() -> None:
    assert opinion("My salary comes from Bosch", "employer", "user.employer", "Siemens",
                   "User works for Siemens") is None
    assert opinion("用户的公司在柏林", "residence", "user.residence", "巴黎",
                   "用户住在巴黎") is None


def test_no_value_by_structure_is_a_possible_conflict() -> None:
    assert opinion("用户内部调岗，如今负责产品规划", "role", "user.occupation", "后端开发工程师",
                   "用户是后端开发工程师") == "possible"


@pytest.mark.parametrize(("text", "slot", "key", "value"), [
    # another person is the subject
    ("The user's wife works at Burnaby Hospital", "employer", "user.employer", "Stripe"),
    ("用户的妈妈住在巴黎", "residence", "user.residence", "柏林"),
    ("Priya's brother lives in Leeds", "residence", "user.residence", "York"),
    ("Sarah is who edits my code now", "editor", "preference.editor", "VS Code"),
    # a possessed noun the slot's statements never use is another subject
    ("The user's team uses Canva for slides", "employer", "user.employer", "Atlassian"),
    ("用户的老家在湖南", "residence", "user.residence", "深圳"),
    # not now: a trip, a plan, a trial, the past
    ("用户下个月去北京出差三天", "residence", "user.residence", "上海"),
    ("The user spent the weekend in Portland", "residence", "user.residence", "Austin"),
    ("User interviewed at KPMG years ago but turned it down", "employer", "user.employer",
     "Deloitte"),
    ("I'd like to try claude-sonnet-4 someday", "default_model", "config.default_model",
     "gpt-4o"),
    ("我以前用 Emacs", "editor", "preference.editor", "Vim"),
    # the agent's setting said to be someone else's
    ("My colleague's default model is gemini-2.5-pro", "default_model",
     "config.default_model", "gpt-4o"),
    # another project, and a project's other aspect
    ("Project orion deploys to Render", "deploy_target", "project.atlas.deploy", "Heroku"),
    ("atlas 的日志放在 /var/log/atlas", "project_path", "project.atlas.path", "/srv/atlas"),
])
def test_the_structure_keeps_negatives_stored(text: str, slot: str, key: str,
                                              value: str) -> None:
    assert opinion(text, slot, key, value, f"{key} is {value}") is None


def test_a_named_persons_relation_is_never_read_here() -> None:
    assert opinion("Anna lives in Paris", "person_relation", "person.anna.relation", "sister",
                   "Anna is my sister") is None


def test_the_slot_must_match_the_held_key() -> None:
    assert opinion("User now lives in Paris", "residence", "user.employer", "Stripe",
                   "User works at Stripe") is None
    assert aspect_matches("project.api.deploy", "project.*.deploy")
    assert not aspect_matches("project..deploy", "project.*.deploy")
    assert not aspect_matches(None, "user.residence")


@pytest.mark.parametrize(("text", "found"), [
    ("These days my paycheck comes from Bosch", ["Bosch"]),
    ("I'm with Shopify now", ["Shopify"]),
    ("Switched the default to gpt-4.1-mini", ["gpt-4.1-mini"]),
    ("Toronto is where the user lives", ["Toronto"]),
    ("DeepSeek is my default now", ["DeepSeek"]),
    ("用户最近 moved to 新竹，离公司近一点", ["新竹"]),
    ("用户现在默认改用 DeepSeek-V3 了", ["DeepSeek-V3"]),
    ("我现在做产品经理了", []),
])
def test_values_by_structure(text: str, found: list[str]) -> None:
    assert values(normalize(text)) == found


@pytest.mark.parametrize(("text", "head"), [
    ("User's new address is in Moncton", "new address"),
    ("用户的老家在湖南", "老家"),
    ("atlas 的日志放在 /var/log/atlas", "日志"),
    ("项目 星河 的代码放在 D:\\xinghe", "代码"),
    ("Priya's brother is my business partner", "brother"),
    ("I live in Paris", None),
    ("用户住在巴黎", None),
])
def test_possessed_subjects(text: str, head: str | None) -> None:
    assert possessed_head(normalize(text)) == head
