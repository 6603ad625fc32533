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


# ---------------------------------------------------------------- gate-v3 additions
@pytest.mark.parametrize("turn", [
    "morning!", "hiya :)", "thx!!", "ty", "cheers, that was helpful", "great, thanks a lot",
    "you there?", "ok, that's all for now", "see you tomorrow 👋",
    "早", "早安～", "谢了", "好的，谢谢你", "太感谢了！！", "辛苦了，没别的了", "在不在？",
    "收到，明白",
])
def test_small_talk_is_a_closed_class_in_both_languages(turn: str) -> None:
    from vecmem.rules.turn_need import is_phatic

    assert is_phatic(turn), turn


@pytest.mark.parametrize("turn", [
    "thanks, and what's my parking spot?", "morning, is the stand-up moved?",
    "谢谢，车位号是多少？", "早饭吃什么好？", "好的，明天提醒我交周报",
    "ok thanks but can you also check the insurance date",
])
def test_one_content_word_makes_small_talk_a_real_turn(turn: str) -> None:
    from vecmem.rules.turn_need import is_phatic

    assert not is_phatic(turn), turn


@pytest.mark.parametrize("turn", [
    # yes/no questions about a thing, polite content requests, generated artefacts
    "Are tomatoes a fruit?", "Does honey ever go bad?", "Is Rust faster than Go?",
    "Can you explain how vaccines work?", "Could you write a short story about a fox?",
    "Which Beatles album came out first?", "How many strings does a cello have?",
    "What does a product manager do?", "Make a short list of famous painters.",
    "Sort the following words alphabetically: pear, apple, fig.",
    "Generate a regex for UK postcodes.",
    # Chinese: make-up, kinds, place, count, origin, consequences, a supplied text
    "银杏一般能活多少年？", "粽子有哪些种类？", "敦煌在哪个省？", "麻婆豆腐属于哪个菜系？",
    "豆腐是怎么做出来的？", "长城是什么时候修建的？", "熬夜会怎么样？",
    "Java 和 JavaScript 有什么关系？",
    "把下面这句话改成被动句：猫吃了鱼。", "用 Python 写一个二分查找",
])
def test_general_questions_and_content_requests_are_impersonal(turn: str) -> None:
    assert is_impersonal(turn), (turn, anchor_of(turn))


@pytest.mark.parametrize("turn", [
    # advice to the person, the person's calendar and past, a pronoun "us"
    "Is it OK to give Leo ibuprofen for his fever?", "Is it safe to fly with a cold?",
    "What time is the team sync?", "When's a good time to call the landlord?",
    "What happened at the offsite last week?", "Can you help us pick a paint colour?",
    "上次体检的结果怎么样？", "站会几点开始？", "我家的猫能活几年？",
    # "the X" of a yes/no question is a particular one, usually the person's
    "Is the car insurance due soon?", "Does the NAS still run Ubuntu?",
    # the person's place
    "Are there any good ramen places nearby?", "附近有哪些好吃的川菜馆？",
])
def test_advice_calendar_and_own_past_stay_personal(turn: str) -> None:
    assert not is_impersonal(turn), (turn, anchor_of(turn))


def test_us_the_country_is_no_anchor_but_us_the_pronoun_is() -> None:
    assert anchor_of("Generate a regex for US phone numbers.") is None
    assert anchor_of("Can you book a table for us?") == "us"


def test_names_are_capitalized_runs_and_an_english_first_word_is_not_one() -> None:
    from vecmem.rules.turn_need import names_in

    assert names_in("Can Sesame have tuna treats?") == ["Sesame"]
    assert names_in("Who created Sesame Street?") == ["Sesame Street"]
    assert names_in("Leo 是什么时候出生的？") == ["Leo"]
    assert names_in("iPhone 15 Pro 用的是什么芯片？") == ["iPhone 15 Pro"]
    assert names_in("Lin Xiao's birthday is when?") == ["Lin Xiao"]
    assert names_in("Where is the nearest pharmacy?") == []
    # A name inside the task's input is not the turn's.
    assert names_in('Translate "Hello Kitty": it is a brand') == []


def test_a_name_with_a_particle_is_one_name() -> None:
    """"Fatima al-Fihri" is one person, not "Fatima" + "Fihri": the store's colleague
    Fatima Okafor must not make a history question personal (persona 3, off-topic)."""
    from vecmem.engine.relevance import impersonal, query_terms
    from vecmem.rules.turn_need import names_in

    assert names_in("Who was Fatima al-Fihri?") == ["Fatima al-Fihri"]
    assert names_in("Did Ludwig van Beethoven go deaf?") == ["Ludwig van Beethoven"]
    assert names_in("Tell Maria de la Cruz hi") == ["Maria de la Cruz"]
    # A particle only joins capitalized words of one run.
    assert names_in("Can Fatima and Leo meet?") == ["Fatima", "Leo"]
    assert names_in("Rent a van Tuesday") == ["Tuesday"]
    assert names_in("Fatima 和 de Vries 什么时候开会？") == ["Fatima", "Vries"]

    held = {"fatima": 2, "okafor": 2}
    for turn in ("Who was Fatima al-Fihri?", "Fatima al-Fihri 是谁？"):
        qt = query_terms(turn)
        assert impersonal(turn, qt, held), turn
    # The same shape with a name the store holds in full stays personal.
    held_full = {**held, "fihri": 2, "al": 2}
    qt = query_terms("Who was Fatima al-Fihri?")
    assert not impersonal("Who was Fatima al-Fihri?", qt, held_full)


def test_content_tasks_and_general_questions() -> None:
    from vecmem.rules.turn_need import is_content_task

    for turn in ("Explain how Kafka partitions work.",
                 "Write a Go function that reverses a slice.",
                 "How do vaccines work, in general?", "用 Go 写一个快速排序",
                 "一般来说，猫能活几年？", "把这段话翻译成英文：明天见。"):
        assert is_content_task(turn), turn
    for turn in ("Can Sesame have tuna treats?", "Which Go version is Atlas on?",
                 "芝麻的疫苗什么时候打？"):
        assert not is_content_task(turn), turn


def test_chinese_name_shapes() -> None:
    from vecmem.rules.turn_need import chinese_names_in

    assert chinese_names_in("朵朵生日想要什么礼物？") == ["朵朵"]
    assert chinese_names_in("老王和小周谁值班？") == ["老王", "小周"]
    for turn in ("谢谢，常常这样", "小区门口有快递", "小时候住在成都", "老师好",
                 "星星为什么会眨眼？"):
        assert chinese_names_in(turn) == [], turn


def test_an_encyclopaedias_question_needs_nothing_even_about_the_persons_city() -> None:
    # The person's home city recurs in their memories, but its history, population or
    # a line's opening year is the encyclopaedia's.
    from vecmem.rules.turn_need import is_content_task

    for turn in ("What's the population of Shanghai?", "Tell me the history of Chengdu.",
                 "上海地铁 2 号线是哪一年开通的？", "成都的历史有多久？"):
        assert is_content_task(turn), turn


@pytest.mark.parametrize("turn", [
    "Where does the user work now?",
    "What is the user's current job?",
    "Which editor does the user prefer?",
    "用户现在在哪里工作？",
    "用户的猫叫什么名字？",
    "用户以前住在哪个城市？",
])
def test_the_user_in_the_third_person_is_an_anchor(turn: str) -> None:
    """Memories name the person "the user" / "用户", and so does an agent's tool call."""
    assert not is_impersonal(turn), turn
    assert anchor_of(turn) is not None


@pytest.mark.parametrize("turn", [
    "What is a user story?",
    "How do users usually react to dark patterns?",
    "用户增长的常见指标有哪些？",
    "新用户的留存率一般是多少？",
])
def test_users_in_general_are_no_anchor(turn: str) -> None:
    assert is_impersonal(turn), turn


# gate-v5 (session 6): shapes the second persona's off-topic turns showed leaking, each
# with personal turns of the same shape that must stay personal.
@pytest.mark.parametrize("turn", [
    "What causes the northern lights?", "What makes bread rise?",
    "The word 'coeliac' comes from which Greek root?", "Which language is 'ketchup' derived from?",
    "游泳的时候怎么换气比较省力？", "如何煮出一锅好米饭？",
    "刘慈欣的《三体》讲了什么？", "开心果是长在树上的吗？",
    "帮我写一封礼貌的拒绝邮件模板。", "帮我 explain 一下 what a closure is in JavaScript",
])
def test_causes_etymology_how_to_and_code_switched_tasks_are_impersonal(turn: str) -> None:
    assert is_impersonal(turn), (turn, anchor_of(turn))


@pytest.mark.parametrize("turn", [
    "What makes my knee click when I run?", "What causes our basement to smell damp?",
    "在外面怎么连回家里的 NAS？", "小满最近老是半夜咳嗽，还喘，怎么办？",
    "周六请老婆去吃烤肉怎么样？", "我的签证是今年到期的吗？",
    "帮我写一封给老板的请假邮件", "帮我 explain 一下我的体检报告",
])
def test_the_same_shapes_about_the_person_stay_personal(turn: str) -> None:
    assert not is_impersonal(turn), turn


def test_comparing_kinds_is_a_content_task_even_naming_a_tool() -> None:
    from vecmem.rules.turn_need import is_content_task

    # A content task keeps a turn impersonal even when it names something the person's
    # memories hold (Python); "the difference between my two plans" has an anchor.
    assert is_content_task("What's the difference between a list and a tuple in Python?")
    assert is_content_task("The word 'Nimbus' comes from which language?")
    assert not is_impersonal("What's the difference between my two insurance plans?")


@pytest.mark.parametrize("turn", [
    "thank you, that worked", "works now, thanks!", "all sorted, cheers", "fixed, thx",
    "thanks 啦，搞定了", "好的，解决了，谢谢", "弄好了", "成功了！谢谢",
])
def test_saying_it_worked_is_small_talk(turn: str) -> None:
    from vecmem.rules.turn_need import is_phatic

    assert is_phatic(turn), turn


@pytest.mark.parametrize("turn", [
    "thanks, that worked -- now what about the parking spot?", "搞定了，明天的会几点？",
    "The fix worked but the Atlas deploy still fails",
])
def test_saying_it_worked_with_a_need_is_a_real_turn(turn: str) -> None:
    from vecmem.rules.turn_need import is_phatic

    assert not is_phatic(turn), turn


def test_the_subject_phrase_of_a_question() -> None:
    from vecmem.rules.turn_need import subject_phrase

    assert subject_phrase("What is the summarizer's default model?") == "summarizer"
    assert subject_phrase("Which database stores the analytics events?") == "analytics events"
    assert subject_phrase("Where is the blog hosted?") == "blog hosted"
    assert subject_phrase("摘要服务现在用什么默认模型？") == "摘要服务现在用什么默认模型"
    assert subject_phrase("What is big-O notation?") is None  # no definite noun phrase
    assert subject_phrase("Who was Franz Kafka?") is None


@pytest.mark.parametrize("turn", [
    "Kubernetes 这个名字是什么意思？", "Kubernetes 和 Docker 有什么关系？",
    "ruff 和 black 有什么区别？",
    "What is the Tidewater region of Virginia known for?", "What does Argo CD stand for?",
    "Who invented the piano?", "What is Bologna famous for?",
])
def test_meanings_relations_and_fame_are_content_tasks(turn: str) -> None:
    from vecmem.rules.turn_need import is_content_task

    # A content task stays impersonal even naming something the memories hold.
    assert is_impersonal(turn) and is_content_task(turn), turn


@pytest.mark.parametrize("turn", [
    "我老婆说的那句话是什么意思？", "我的两份保险有什么区别？",
    "What is my manager known for at work?",
])
def test_the_same_questions_about_the_persons_own_stay_personal(turn: str) -> None:
    assert not is_impersonal(turn), turn


# ---- knowledge questions by their grammar (session 8): wh-word + auxiliary or modal +
# a generic subject; comparisons; alternatives about a thing's nature; what precedes the
# question proper. Sentences of each kind that no benchmark set holds.
@pytest.mark.parametrize("turn", [
    "How fast can a cheetah run?", "How cold can penguins survive?", "Why can owls turn "
    "their heads so far?", "How long will honey keep?", "How deep can a sperm whale dive?",
    "What should a diabetic eat for breakfast?", "Do octopuses have three hearts?",
    "How often should you replace a toothbrush?", "How do you tie a bowline knot?",
    "Which one is healthier, oat milk or almond milk?", "Which is heavier, gold or lead?",
    "In Rust, how do you borrow a value mutably?", "Quick question: why is the sea salty?",
    "Hi! Why do onions make people cry?", "Generate twenty taglines for a bakery",
    "Brainstorm five names for a podcast about gardening",
    "火车和飞机哪个更环保？", "请问，北京和上海哪个更大？", "香蕉是浆果吗？", "鲸鱼算不算鱼？",
    "光在玻璃里比在真空里慢多少？", "西红柿到底是水果还是蔬菜？", "微信是腾讯的什么产品？",
    "晚上好，为什么月亮会变形状？", "给我写个 SQL 统计每天的订单数",
])
def test_knowledge_questions_by_grammar_are_impersonal(turn: str) -> None:
    assert is_impersonal(turn), (turn, anchor_of(turn))


@pytest.mark.parametrize("turn", [
    # the same grammar about the person, their own things, or their situation
    "How fast can my dog run after surgery?", "How long can the dog stay home alone?",
    "Why can't I sleep after coffee?", "How long will the meeting take?",
    "How long should I rest my knee?", "Which is cheaper for us, the train or the bus?",
    "How would you recommend I store the insulin?", "Why do you think my code is slow?",
    "In my last job, how did we deploy?", "Quick question: how does my insurance cover dental?",
    "How do I usually get to the office?",
    "我和老婆谁更早下班？", "这个药是饭前吃吗？", "我的航班是上午还是下午？",
    "周四的会是线上还是线下？", "咖啡和茶哪个对我更好？", "明天是晴天还是雨天？",
    "晚上好，我明天几点的航班？",
])
def test_the_same_grammar_about_the_person_stays_personal(turn: str) -> None:
    assert not is_impersonal(turn), (turn, anchor_of(turn))


def test_a_greeting_or_a_frame_ahead_of_the_question_is_not_its_shape() -> None:
    from vecmem.rules.turn_need import core, names_in

    assert core("Hey! How tall can a giraffe grow?") == "How tall can a giraffe grow?"
    assert core("哈喽，为什么天是蓝的？") == "为什么天是蓝的？"
    assert core("In Go, how do you embed a struct?") == "how do you embed a struct?"
    # The frame stays for the anchors: "my" in it still ties the turn to the person.
    assert core("In my last job, how did we deploy?", frames=False).startswith("In my")
    # A turn that is only a greeting is left whole (it is small talk, see is_phatic).
    assert core("hi!") == "hi!"
    # The greeting's time word is no calendar anchor ("晚上好" is "good evening").
    assert anchor_of("晚上好，为什么月亮会变形状？") is None
    # The first word after a greeting is the sentence's first, not a name.
    assert names_in("Hi! Why is the sky blue?") == []


@pytest.mark.parametrize("name, memory", [
    ("Max", "User's son Max has asthma and uses a blue inhaler."),
    ("Rex", "Rex gets carsick on long drives."),
    ("Rex", "User walks the dog, Rex, every morning at seven."),
    ("Mia", "The user's manager is Mia Hoffmann, who hates Friday meetings."),
    ("Orca", "Orca's CI runs on self-hosted runners."),
    ("团团", "女儿团团今年上二年级。"), ("团团", "团团对芒果过敏。"),
    ("糯米", "用户养了一只猫，叫糯米。"),
])
def test_a_memory_about_a_name_has_it_as_subject_or_introduces_it(name: str,
                                                                   memory: str) -> None:
    from vecmem.rules.turn_need import is_subject_in

    assert is_subject_in(name, memory)


@pytest.mark.parametrize("name, memory", [
    # Where the person lives, a tool, a team's city: mentioned, not what the memory is about.
    ("Lisbon", "User rents a flat in Lisbon near the river."),
    ("Lisbon", "User buys bread at Lisbon Market on Sundays."),
    ("Rust", "The billing service is written in Rust."),
    ("Seattle", "User is a Seattle Seahawks fan."),
    ("杭州", "用户住在杭州西湖区。"), ("Rex", "Rexford Street is closed on Sundays."),
])
def test_a_name_only_mentioned_is_not_what_the_memory_is_about(name: str, memory: str) -> None:
    from vecmem.rules.turn_need import is_subject_in

    assert not is_subject_in(name, memory)


@pytest.mark.parametrize("turn", ["早上好，今天下雨了", "嗨嗨，终于下班了",
                                  "Morning! Long day ahead.", "hi there, back from lunch",
                                  "hey! so sleepy today"])
def test_a_greeting_with_a_remark_is_small_talk(turn: str) -> None:
    from vecmem.rules.turn_need import is_greeting_remark

    assert is_greeting_remark(turn) and is_impersonal(turn), turn


@pytest.mark.parametrize("turn", [
    # a question, a request, the speaker's own state, news about the person's calendar
    "Hi, what's the wifi password?", "嗨，提醒我明天交房租", "Morning! I have a headache",
    "你好，明天的会取消了", "hey, can you book the dentist", "早上好，老婆今天发烧了",
    # no greeting first: a remark alone is not this class
    "Long day ahead.", "今天好冷",
])
def test_a_greeting_before_a_need_is_not_small_talk(turn: str) -> None:
    from vecmem.rules.turn_need import is_greeting_remark

    assert not is_greeting_remark(turn), turn


@pytest.mark.parametrize("turn", ["多謝晒", "唔該", "早晨！", "謝謝你", "冇問題，搞掂", "heyyy",
                                  "thanksss!!", "cheers mate", "thanks heaps", "goood morning"])
def test_small_talk_in_traditional_script_cantonese_and_chat_spelling(turn: str) -> None:
    from vecmem.rules.turn_need import is_phatic

    assert is_phatic(turn), turn


def test_traditional_script_meets_the_same_shapes_and_anchors() -> None:
    assert is_impersonal("為什麼天空是藍色的？") and is_impersonal("火車和飛機哪個更環保？")
    assert not is_impersonal("我的航班是幾點？")
    assert not is_impersonal("聽日幾點開會？")  # Cantonese "tomorrow": the person's calendar
    from vecmem.rules.turn_need import is_phatic

    # One content word still makes it a real turn, in either script.
    assert not is_phatic("謝謝，藥放在哪裡？") and not is_phatic("唔該，幫我訂枱")


@pytest.mark.parametrize("turn", [
    "狗可以吃巧克力吗？", "乳糜泻会遗传吗？", "生鸡蛋能吃吗？", "心脏起搏器能过安检吗？",
    "阿尔茨海默病早期有什么症状？", "企鹅能活多久？", "广东人早茶一般吃什么？",
    "拉布拉多一般能长多重？",
    "世界上最大的沙漠是哪个？", "What happens if you eat raw flour?",
    "Tell me something interesting about octopuses",
])
def test_modal_yes_no_questions_and_a_kinds_properties_are_impersonal(turn: str) -> None:
    assert is_impersonal(turn), (turn, anchor_of(turn))


@pytest.mark.parametrize("turn", [
    "这里能停车吗？", "我可以吃布洛芬吗？", "孩子能吃蜂蜜吗？", "明天会下雨吗？",
    "我一般几点起床？",
    "妈妈一般吃什么药？", "What happens if I miss my flight?", "能不能提醒我吃药？",
])
def test_the_same_questions_about_the_persons_situation_stay_personal(turn: str) -> None:
    assert not is_impersonal(turn), (turn, anchor_of(turn))


@pytest.mark.parametrize("turn", ["thanks, I'll try that", "ok thanks, will do", "谢谢，我去试试",
                                  "好的，我知道了", "thanks! that makes sense"])
def test_thanks_and_taking_up_the_advice_is_small_talk(turn: str) -> None:
    assert is_impersonal(turn), turn


@pytest.mark.parametrize("turn", ["thanks, I'll try that with my mom",
                                  "thanks, I have another question",
                                  "thanks, let me check my calendar", "谢谢，我明天去医院看看"])
def test_thanks_before_news_or_a_need_is_not_small_talk(turn: str) -> None:
    assert not is_impersonal(turn), turn


@pytest.mark.parametrize("turn", ["how's it going?", "how are you today?", "anyone home?",
                                  "你今天怎么样？", "最近忙吗？", "在忙吗？", "有空吗？",
                                  "嘿，好久不见", "拜拜，下次聊", "thanks for your help",
                                  "you're the best"])
def test_asking_after_the_assistant_is_small_talk(turn: str) -> None:
    from vecmem.rules.turn_need import is_phatic

    assert is_phatic(turn), turn


@pytest.mark.parametrize("turn", ["how's Leo today?", "最近怎么样，Leo 还好吗", "the kids?",
                                  "thanks for your help with the insurance claim",
                                  "喂，帮我查一下", "今天的会怎么样"])
def test_asking_after_someone_or_something_is_not_small_talk(turn: str) -> None:
    from vecmem.rules.turn_need import is_phatic

    assert not is_phatic(turn), turn


@pytest.mark.parametrize("turn", ["I wonder why cats knead", "Do you know how tall the Eiffel "
                                  "Tower is?", "Any idea why bread goes stale?",
                                  "ELI5: how do vaccines work?", "我想知道为什么猫会踩奶",
                                  "你知道长城有多长吗？"])
def test_a_wondering_marker_before_a_question_about_the_world(turn: str) -> None:
    # The marker's "I" / 我 is how the question is asked, not whom it is about.
    assert is_impersonal(turn), (turn, anchor_of(turn))


@pytest.mark.parametrize("turn", ["I wonder if my flight is delayed", "我想知道我的体检结果",
                                  "Do you know my wife's birthday?"])
def test_a_wondering_marker_before_the_persons_own_stays_personal(turn: str) -> None:
    assert not is_impersonal(turn), turn


@pytest.mark.parametrize("turn", [
    "Tell me a knock-knock joke.", "Give me five synonyms for 'happy'.",
    "List 3 examples of irony in literature", "给我出三道小学三年级的数学应用题。",
    "帮我想一个猜字谜。", "举两个例子说明什么是比喻", "Reverse a string in JavaScript.",
    "Sort a list of tuples by the second item", "用一句话解释什么是通货膨胀。",
    "简单地介绍一下量子纠缠", "把 'I will be there soon' 翻译成日语。",
    "Translate ‘my heart will go on’ into French",
])
def test_made_up_items_code_operations_and_quoted_input_are_content_tasks(turn: str) -> None:
    assert is_impersonal(turn), (turn, anchor_of(turn))


@pytest.mark.parametrize("turn", [
    "Tell me a joke about my boss", "Give me five ideas for my daughter's party",
    "给我儿子出三道数学题", "Sort the list of my subscriptions by price",
    "用一句话告诉我明天几点开会",
])
def test_the_same_tasks_about_the_persons_own_stay_personal(turn: str) -> None:
    assert not is_impersonal(turn), (turn, anchor_of(turn))


def test_a_single_quote_is_not_an_apostrophe() -> None:
    # "What's" and "Joy's" open no quoted passage, so the anchor after them counts.
    assert anchor_of("What's my wife's favourite flower?") == "my"
    assert anchor_of("Translate 'my dog is hungry' to Spanish") is None


@pytest.mark.parametrize("turn, personal", [
    ("狗可以吃巧克力吗？", False), ("生鸡蛋能吃吗？", False),
    # the modal last: permission for the act the turn describes, the speaker's own
    ("早餐来杯西柚汁可以吗？", True), ("晚上喝杯咖啡行吗？", True), ("周末去爬山可以吗？", True),
])
def test_a_modal_before_a_verb_asks_about_a_kind_a_modal_last_asks_permission(
        turn: str, personal: bool) -> None:
    assert is_impersonal(turn) is not personal, turn


@pytest.mark.parametrize("turn", ["帮我订回国的机票，座位怎么选？", "替我约一下牙医，什么时间好？",
                                  "给我买两张电影票，哪个场次好？"])
def test_acting_for_the_person_is_an_anchor(turn: str) -> None:
    assert anchor_of(turn) is not None and not is_impersonal(turn), turn


def test_definite_phrases_definitions_and_owned_kinds() -> None:
    from vecmem.rules.turn_need import (
        definite_heads,
        is_care_question,
        is_definition,
        owns_kind,
    )

    assert definite_heads("When does the flour get delivered?") == [["flour"]]
    assert definite_heads("What's the guest network called at the shop?") == [
        ["guest", "network"], ["shop"]]
    assert definite_heads("How many times have the Canucks made the Stanley Cup final?") == []
    assert definite_heads("荔湾区在广州的哪边？") == []
    assert is_definition("What is the meniscus in a graduated cylinder?")
    assert is_definition("What's a kumara?")
    assert not is_definition("What's the guest network called at the shop?")
    assert owns_kind("labrador", "User's Labrador Rocky is allergic to chicken")
    assert owns_kind("diesel", "User drives a diesel Ford F-150")
    assert owns_kind("拉布", "我家养了一只拉布拉多叫豆豆")
    assert owns_kind("猫", "用户的猫叫芝麻")
    assert not owns_kind("labrador", "User read a book about labradors")
    assert not owns_kind("拉布", "用户看了一部关于拉布拉多的纪录片")
    assert is_care_question("拉布拉多能吃葡萄吗？")
    assert is_care_question("How often should a diesel engine get its oil changed?")
    assert not is_care_question("Who bred the first Labrador?")
    assert not is_care_question("为什么柯基腿那么短？")


def test_a_kinds_lifespan_is_no_care_question() -> None:
    from vecmem.rules.turn_need import is_care_question

    assert not is_care_question("孔雀鱼能活几年？")
    assert not is_care_question("How long can guppies live?")
    assert is_care_question("柴油车多久换一次机油？")


@pytest.mark.parametrize("turn", [
    "Who holds the record for the world's largest swiss roll?",
    "What's the tallest building in the world?", "清明节的由来是什么？",
    "What is the MPI in New Zealand responsible for?",
])
def test_world_records_origins_and_what_a_thing_is_for_are_impersonal(turn: str) -> None:
    assert is_impersonal(turn), (turn, anchor_of(turn))


def test_a_stranded_preposition_is_no_identity_question() -> None:
    from vecmem.rules.turn_need import identity_subject

    assert identity_subject("What is the MPI in New Zealand responsible for?") is None
    assert identity_subject("What is Atlas?") == "Atlas"


@pytest.mark.parametrize("turn, anchor", [
    ("1 月 16 号能不能开车去 Costco 进货？", True), ("三月三号有空吗？", True),
    ("Can the plumber come on March 3rd?", True), ("1969 年 7 月 20 日发生了什么？", False),
    ("What happened on July 20, 1969?", False),
])
def test_a_calendar_day_without_a_year_is_the_persons(turn: str, anchor: bool) -> None:
    assert (anchor_of(turn) is not None) is anchor, (turn, anchor_of(turn))


@pytest.mark.parametrize("turn", ["My son asked me why the sky is blue",
                                  "My daughter wants to know how rainbows form?",
                                  "孩子问我为什么天是蓝的", "女儿问我恐龙是怎么灭绝的"])
def test_a_question_put_to_the_person_about_the_world_is_impersonal(turn: str) -> None:
    assert is_impersonal(turn), (turn, anchor_of(turn))


@pytest.mark.parametrize("turn", ["My son asked whether he can eat peanuts",
                                  "My son asked why his throat hurts",
                                  "My wife asked how much we spent on groceries",
                                  "孩子问我为什么他总是咳嗽", "儿子问我明天去哪玩",
                                  "女儿问我她的水杯在哪"])
def test_a_reported_question_about_the_asker_or_the_household_stays_personal(turn: str) -> None:
    assert not is_impersonal(turn), turn


@pytest.mark.parametrize("turn", [
    # Judged for the person: "for me", the assistant's own way with them.
    "Is a bowl of miso soup a good dinner for me?", "Which running shoes are best for me?",
    "Is it safe for me to fly next week?", "What's a sensible dessert for me to order?",
    "How should you format prices for me?", "When should you remind me about stretching?",
    "你的回答能不能再详细一点？", "你回复的语气可以轻松点吗？",
])
def test_a_question_judged_for_the_person_is_personal(turn: str) -> None:
    assert not is_impersonal(turn), turn
    assert anchor_of(turn) is not None


@pytest.mark.parametrize("turn", [
    # The "for me" / "me" of a content task is the requester's, not a need of theirs; a
    # generic "you" is anyone.
    "Write a haiku about autumn for me.", "Translate 'good morning' into French for me.",
    "Explain photosynthesis for me.", "How should you store fresh basil?",
    "Can you tell me who wrote Hamlet?", "Give me a fun fact about octopuses for me.",
])
def test_the_me_of_a_content_task_and_a_generic_you_are_no_anchor(turn: str) -> None:
    assert is_impersonal(turn), (turn, anchor_of(turn))


@pytest.mark.parametrize("turn", [
    "金庸一共写了多少部小说？", "梅西一共拿过几次金球奖？", "贝多芬总共写了几部交响曲？",
    "How many novels did Jin Yong write?",
])
def test_a_third_partys_total_count_is_the_encyclopaedias(turn: str) -> None:
    assert is_impersonal(turn), (turn, anchor_of(turn))


@pytest.mark.parametrize("turn", [
    "我一共吃了几片药？", "这个月一共花了多少钱？", "一共要带几瓶水？", "我们总共去过几次三亚？",
])
def test_the_persons_own_total_or_plan_stays_personal(turn: str) -> None:
    assert not is_impersonal(turn), turn
