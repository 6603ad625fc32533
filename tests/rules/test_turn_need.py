"""The impersonal-turn signal (rules/turn_need.py): shapes by category, both languages."""

from __future__ import annotations

import pytest

from vecmem.rules.turn_need import anchor_of, is_impersonal

IMPERSONAL = [
    # encyclopaedic questions
    "Who invented the telephone?", "What is a monad?", "Why do leaves change colour?",
    "How does a heat pump work?", "When was the Eiffel Tower built?",
    "What does RSVP stand for?", "What's the difference between a crocodile and an alligator?",
    "What's the capital of Australia?", "In what year did the Berlin Wall fall?",
    "埃菲尔铁塔是哪一年建成的？", "相对论是谁提出的？", "什么是区块链？", "为什么海水是咸的？",
    "火锅和麻辣烫有什么区别？", "珠穆朗玛峰有多高？", "“塞翁失马”是什么意思？",
    # self-contained tasks
    "Explain recursion to a beginner.", "Summarize the French Revolution in two sentences.",
    "Write a poem about autumn rain.", "Translate 'good luck' into Spanish.",
    "Write a Python function that checks for palindromes.",
    "解释一下什么是闭包", "把这段话翻译成英文：明天见。", "写一首关于春天的七言绝句",
    "帮我想五个咖啡店的名字", "列出三种排序算法",
]
PERSONAL = [
    # the same shapes, tied to the person's life
    "What is my blood type?", "Why does my daughter get carsick?",
    "How does our family insurance work?", "When is my wife's birthday?",
    "Explain to me what my doctor meant by 'borderline'.",
    "Write a poem for my mom's birthday.", "What's the history of my back pain?",
    "我的血型是什么？", "为什么我老婆最近总失眠？", "帮我解释一下我的体检报告",
    "我们家的保险是哪年买的？", "写一首诗送给我女儿",
    # no knowledge shape at all
    "Schedule a call with Priya on Friday.", "周四下午四点半能约个会吗？",
    "Can you recommend some dishes to order tonight?", "芝麻每天该喂多少猫粮？",
]


@pytest.mark.parametrize("turn", IMPERSONAL)
def test_knowledge_questions_and_self_contained_tasks_are_impersonal(turn: str) -> None:
    assert is_impersonal(turn), (turn, anchor_of(turn))


@pytest.mark.parametrize("turn", PERSONAL)
def test_a_personal_anchor_or_another_shape_is_not_impersonal(turn: str) -> None:
    assert not is_impersonal(turn), turn


def test_anchors_inside_the_tasks_input_do_not_count() -> None:
    # "今天" / "my" inside the text to translate belong to the input, not to the person.
    assert is_impersonal("帮我把这句话翻译成英文：今天我很开心。")
    assert is_impersonal('Translate "my house is big" into French.')
    assert anchor_of("Translate this: my house is big") is None


def test_the_me_of_a_request_is_no_anchor_but_a_possessive_is() -> None:
    assert anchor_of("Tell me about the Ming dynasty") is None
    assert is_impersonal("给我讲讲明朝的历史")
    assert anchor_of("What is my parking spot?") == "my"
    assert anchor_of("我的车位号是多少？") == "我"


def test_an_identity_question_names_its_subject() -> None:
    from vecmem.rules.turn_need import identity_subject

    assert identity_subject("Who is Leo?") == "Leo"
    assert identity_subject("What is Atlas?") == "Atlas"
    assert identity_subject("朵朵是谁？") == "朵朵"
    assert identity_subject("Tell me about Sesame") == "Sesame"
    # Not about a name, or not an identity question in the present.
    for turn in ("What's new?", "what is love", "这是什么？", "Who was Franz Kafka?",
                 "How does Kafka work?"):
        assert identity_subject(turn) is None, turn


@pytest.mark.parametrize("turn", [
    "Where do I work?", "Where did I live before Hangzhou?", "When did I last see the dentist?",
    "Why am I always tired after lunch?", "How did I configure nginx last time?",
    "我以前住在哪里？", "我什么时候去看的牙医？",
])
def test_a_question_about_what_i_did_or_do_is_personal(turn: str) -> None:
    # "I" as the subject of a question ties it to the person, in both languages.
    assert not is_impersonal(turn)


@pytest.mark.parametrize("turn", [
    "How do I reverse a list in Python?", "How can I   center a div?",
    "How should I structure a REST API?",
])
def test_the_i_of_a_how_to_question_is_anyone(turn: str) -> None:
    assert anchor_of(turn) is None
    assert is_impersonal("How do I reverse a list in Python?")
