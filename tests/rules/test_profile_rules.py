"""The core profile's rules: categories, severity, exposures of a health fact, topics of a
turn and whom a text is about -- by category, in Chinese and English alike."""

from __future__ import annotations

import pytest

from vecmem.rules.profile import (
    HEALTH,
    TOPICS,
    core_category,
    exposures,
    is_own,
    names_of,
    names_shared,
    roles,
    severity,
    standing_exposures,
    turn_topics,
)


@pytest.mark.parametrize(("text", "category"), [
    ("User is severely allergic to peanuts and carries an EpiPen.", "safety"),
    ("用户对青霉素过敏，以前吃阿莫西林后起过全身皮疹。", "safety"),
    ("用户吃芒果嘴唇会发痒，尽量不吃。", "safety"),
    ("User's father has high blood pressure and takes amlodipine.", "safety"),
    ("User sometimes takes 1 mg melatonin for jet lag.", "medication"),
    ("用户每天早上服用优甲乐。", "medication"),
    ("用户希望默认用中文回答，代码注释用英文。", "answer_style"),
    ("User prefers short, direct answers without long preambles.", "answer_style"),
    ("User lives in Xuhui District, Shanghai.", "home"),
    ("用户住在上海徐汇区。", "home"),
    ("用户的妻子叫林晓，是一名儿科医生。", "family"),
    ("User's son Leo was born in May 2024.", "family"),
    ("User's younger sister Chen Jing lives in Vancouver.", "family"),
    # A relative's home is family, a stay on a trip is neither.
    ("用户的父母住在成都，每年春节回去。", "family"),
    ("用户去年国庆带家人去过杭州，住在西湖边。", None),
    ("User's favourite coffee shop is the Manner on Wukang Road.", None),
    ("用户下午两点以后不喝咖啡，否则晚上睡不着。", None),
])
def test_categories(text: str, category: str | None) -> None:
    assert core_category(text) == category


@pytest.mark.parametrize(("text", "tier"), [
    ("User is severely allergic to peanuts and carries an EpiPen.", 0),
    ("用户对青霉素过敏。", 0),
    ("用户的妈妈对磺胺类药物过敏。", 0),
    ("User's doctor told him not to take ibuprofen because of a stomach ulcer.", 0),
    ("Leo had a febrile seizure in 2025.", 0),
    ("User is allergic to bee stings and once ended up in the ER.", 0),
    ("女儿朵朵对虾和蟹过敏，吃了会起荨麻疹。", 1),
    ("用户的妈妈有二型糖尿病，每天打胰岛素。", 1),
    ("User takes levothyroxine 50 mcg every morning.", 1),
    ("用户乳糖不耐受，喝牛奶会拉肚子。", 2),
    ("User tore the meniscus in his left knee and should avoid downhill hikes.", 2),
    ("儿子有湿疹，洗完澡要涂保湿霜。", 2),
])
def test_severity_tiers(text: str, tier: int) -> None:
    assert core_category(text) in HEALTH
    assert severity(text) == tier


@pytest.mark.parametrize(("text", "topic"), [
    ("User is severely allergic to peanuts.", "food"),
    ("用户乳糖不耐受，喝牛奶会拉肚子。", "food"),
    ("用户的妈妈有二型糖尿病。", "food"),  # a condition managed by diet
    ("用户对青霉素过敏。", "medicine"),
    ("User takes levothyroxine 50 mcg every morning.", "medicine"),
    ("Lin Xiao is allergic to cat dander.", "animals"),
    ("用户对猫毛过敏。", "animals"),
    ("User is allergic to bee stings.", "outdoor"),
    ("用户有轻度哮喘。", "outdoor"),
    ("Leo had a febrile seizure; a fever above 38.5 °C means calling the doctor.", "illness"),
    ("User carries an EpiPen.", "travel"),
    ("用户随身带 Ventolin 喷雾。", "travel"),
])
def test_exposures_of_health_facts(text: str, topic: str) -> None:
    assert topic in exposures(text)


def test_a_capitalized_name_is_not_an_allergen() -> None:
    # "Sesame" the cat is not sesame the food.
    assert "food" not in exposures("Lin Xiao is allergic to cat dander but is used to Sesame.")
    assert "food" in exposures("User is allergic to sesame.")
    assert "illness" not in exposures("User gets hay fever every spring.")


@pytest.mark.parametrize(("turn", "topic"), [
    ("Can you recommend some Thai dishes to order tonight?", "food"),
    ("帮我写一个泰式炒河粉的菜谱。", "food"),
    ("周末带孩子去吃自助餐。", "food"),
    ("I've got a splitting headache, what can I take?", "medicine"),
    ("嗓子发炎好几天了，要不要去医院？", "medicine"),
    ("朋友想送我们一只小猫。", "animals"),
    ("We're visiting a petting farm on Saturday.", "animals"),
    ("There's heavy smog today. Should I still go for my run?", "outdoor"),
    ("这周末去郊区爬山。", "outdoor"),
    ("孩子发烧到 38 度了怎么办？", "illness"),
    ("Help me pack for the flight to Tokyo.", "travel"),
    ("下个月出国，帮我列个行李清单。", "travel"),
])
def test_topics_of_turns(turn: str, topic: str) -> None:
    assert topic in turn_topics(turn)


@pytest.mark.parametrize("turn", [
    "hi", "谢谢", "Which Postgres version does Atlas run on?", "帮我写个周报。",
    "Explain what a goroutine leak is.",
])
def test_turns_without_a_health_topic(turn: str) -> None:
    assert turn_topics(turn) == frozenset()


@pytest.mark.parametrize(("turn", "topics"), [
    ("We're buying a sofa — how big is our apartment?", {"home"}),
    ("下个月搬家，帮我列个清单。", {"home"}),
    ("这周末带孩子去迪士尼，老婆能一起去吗？", {"family"}),
    ("What should I get my wife for her birthday?", {"family"}),
])
def test_home_and_family_turns(turn: str, topics: set[str]) -> None:
    assert topics <= turn_topics(turn)


def test_standing_exposures_by_category() -> None:
    assert standing_exposures("home", "用户老家在成都。") == {"home"}
    assert standing_exposures("family", "用户的妻子叫林晓。") == {"family"}
    assert standing_exposures("answer_style", "用户希望默认用中文回答。") == frozenset()
    assert "food" in standing_exposures("safety", "用户对花生过敏。")


def test_every_topic_is_known_on_both_sides() -> None:
    facts = "User is allergic to peanuts, cat dander, bee stings and penicillin; carries an " \
            "EpiPen; had a febrile seizure; has a herniated disc; reacts to latex gloves; " \
            "has a pacemaker."
    assert exposures(facts) == frozenset(TOPICS)


@pytest.mark.parametrize(("text", "who"), [
    ("User is allergic to peanuts.", {"self"}),
    ("用户对青霉素过敏。", {"self"}),
    ("用户的妈妈对磺胺类药物过敏。", {"mother"}),
    ("User's father has high blood pressure.", {"father"}),
    ("女儿朵朵对虾和蟹过敏。", {"child"}),
    ("User's sister Chen Jing lives in Vancouver.", {"sibling"}),
    ("Leo had a febrile seizure.", set()),  # a name alone: nobody known
])
def test_roles_of_facts(text: str, who: set[str]) -> None:
    assert roles(text) == frozenset(who)


def test_roles_of_turns() -> None:
    assert roles("What can I take for a headache?", turn=True) == {"self"}
    assert roles("我妈能吃这个药吗？", turn=True) == {"mother"}
    assert roles("Is this OK for my wife?", turn=True) == {"spouse"}
    assert roles("我爸妈下周来。", turn=True) >= {"mother", "father"}


def test_own_facts() -> None:
    assert is_own("User is allergic to peanuts.") and is_own("用户对青霉素过敏。")
    assert not is_own("User's wife is a paediatrician.")
    assert not is_own("用户的女儿叫朵朵。")
    # A relative said without 的 ("用户妈妈", "用户女儿") is the relative, not the user.
    assert not is_own("用户妈妈装了心脏起搏器。") and not is_own("用户女儿对虾过敏。")
    assert is_own("User's doctor told him not to take ibuprofen.")


# -- session 6: more standing conditions, the body and travel, names ------------------------
@pytest.mark.parametrize(("text", "tier"), [
    # A pregnancy stated as the present state is tier 0; a fact that mentions it, tier 1.
    ("User is pregnant with her second child, due in mid-April 2027.", 0),
    ("用户怀孕了，预产期是明年四月。", 0),
    ("用户怀孕后每天最多喝一杯咖啡。", 1),
    ("User had a serious reaction to a bee sting in 2019.", 0),
    ("用户被蜜蜂蜇过一次，出现严重的反应。", 0),
    ("User's husband has coeliac disease and gets sick from traces of gluten.", 1),
    ("爸爸有乳糜泻，一点麸质都不能碰。", 1),
    ("User gets migraines that red wine reliably triggers.", 1),
    ("用户有偏头痛，熬夜就会发作。", 1),
    ("小满有注意力缺陷，医生开了利他林，上学日早上吃。", 1),
    ("User has a herniated disc at L4-L5 and is told not to lift anything heavy.", 2),
    ("用户腰椎间盘突出，不能久坐。", 2),
    ("女儿晕车，长途坐车前要吃晕车药。", 2),
    ("The dog has hip dysplasia, so walks are kept short.", 2),
])
def test_more_standing_conditions_and_their_tiers(text: str, tier: int) -> None:
    assert core_category(text) in HEALTH
    assert severity(text) == tier


@pytest.mark.parametrize("text", [
    "User's favourite coffee shop is the Manner on Wukang Road.",
    "用户的血型是 O 型 Rh 阳性。",
    "User plays disc golf on Sundays.",
    "用户喜欢吃腰果。",
])
def test_look_alikes_are_no_standing_condition(text: str) -> None:
    assert core_category(text) not in HEALTH


@pytest.mark.parametrize(("text", "topic"), [
    ("User has a herniated disc and must not lift anything over 10 kg.", "body"),
    ("用户腰椎间盘突出，不能久坐。", "body"),
    ("User's mother had a knee replacement and can't manage stairs.", "body"),
    ("User is pregnant with her second child.", "body"),
    ("User is pregnant with her second child.", "travel"),
    ("女儿晕车，长途坐车前要吃晕车药。", "travel"),
    ("User gets motion sickness on boats.", "travel"),
    ("User gets migraines that red wine triggers.", "food"),
    ("用户有偏头痛，喝红酒就会发作。", "food"),
    ("用户对乳胶过敏，看牙医时要用丁腈手套。", "medicine"),
])
def test_exposures_of_the_new_conditions(text: str, topic: str) -> None:
    assert topic in exposures(text)


@pytest.mark.parametrize(("turn", "topic"), [
    ("We're moving furniture this weekend, how should I split the work?", "body"),
    ("下周搬家，东西怎么打包搬运？", "body"),
    ("我的腰椎哪一节有问题？", "body"),
    ("Book me a massage and an hour in the sauna on Saturday.", "body"),
    ("想去泡温泉，顺便做个按摩。", "body"),
    ("Plan an itinerary for three days in Kyoto.", "travel"),
    ("帮我排一下四月份京都和大阪的行程。", "travel"),
    ("周末开车去千岛湖，三个小时车程。", "travel"),
    ("Find me a hotel near the station in Osaka.", "travel"),
    ("周末朋友聚会，帮我挑一瓶好的赤霞珠。", "food"),
    ("Mum wants to try the new bubble tea place.", "food"),
    ("Pick a nice Pinot Noir for Friday.", "food"),
])
def test_topics_of_the_body_travel_and_drinks(turn: str, topic: str) -> None:
    assert topic in turn_topics(turn)


@pytest.mark.parametrize("turn", [
    "How do I back up my Postgres database?", "Walk me through git rebase.",
    "帮我写一个提交信息。", "Explain how Kafka partitions work.", "推荐几种腰果做的零食。",
])
def test_no_body_topic_on_look_alike_turns(turn: str) -> None:
    assert "body" not in turn_topics(turn)


def test_names_a_fact_is_about() -> None:
    assert names_of("User's son Max has asthma and uses an inhaler.") == {"Max"}
    assert names_of("Dumpling the corgi has hip dysplasia.") == {"Dumpling"}
    assert names_of("小满对腰果和开心果过敏。") == {"小满"}
    assert names_of("女儿朵朵对虾和蟹过敏。") == {"朵朵"}
    assert names_of("用户对青霉素过敏。") == frozenset()
    assert names_of("User is allergic to peanuts.") == frozenset()
    assert names_of("The family cat is old.") == frozenset()


def test_a_turn_names_whom_a_fact_is_about_in_either_script() -> None:
    aliases = {"小满": ["max"], "max": ["小满"]}
    fact_zh, fact_en = "小满有注意力缺陷，医生开了利他林。", "User's son Max has asthma."
    assert names_shared("小满用的是什么哮喘喷雾？", fact_zh)
    assert names_shared("What does Max take for his asthma?", fact_en)
    # Across scripts only through a name the store states in both ("儿子小满，英文名Max").
    assert not names_shared("What medication does Max take?", fact_zh)
    assert names_shared("What medication does Max take?", fact_zh, aliases)
    assert names_shared("Max's class is baking cookies.", fact_zh, aliases)
    assert names_shared("小满的班上要烤饼干。", fact_en, aliases)
    # A lower-case word is no name ("max 5 items"), nor is a name nobody is called.
    assert not names_shared("Allow max 5 items per page.", fact_zh, aliases)
    assert not names_shared("What does Leo take for his asthma?", fact_en, aliases)
    # A longer name is someone else: Marco Polo is not the husband Marco.
    marco = "Marco, the user's husband, has coeliac disease."
    assert names_shared("Can Marco eat this pasta?", marco)
    assert not names_shared("Who was Marco Polo and where did he travel?", marco)
    # A Chinese name's pinyin bridges without a stated pair, both ways.
    assert names_shared("Duoduo's class is having a potluck.", "女儿朵朵对虾和蟹过敏。")
    assert names_shared("朵朵的班上要办聚餐。", "Duoduo is allergic to shrimp.")
    assert not names_shared("Dana's class is having a potluck.", "女儿朵朵对虾和蟹过敏。")


# -- the health frame: conditions no list names, by their form --------------------------
@pytest.mark.parametrize("text", [
    # A condition by its morphology or a bodily state, the user's own, in both languages.
    "User has chronic pancreatitis and keeps a strict low-fat diet.",
    "用户有慢性胃炎，空腹不能喝咖啡。",
    "User is a hepatitis B carrier and gets an ultrasound twice a year.",
    "用户右肩肩袖撕裂过，康复师说不要做引体向上。",
    "用户有睡眠呼吸暂停，晚上要用呼吸机。",
    "User had a gallstone removed and the surgeon told him to go easy on fried food.",
    # A drug known only by its suffix; a clinician's instruction; a device.
    "User is on lisinopril for his heart.",
    "User's urologist wants him to drink three litres of water a day.",
    "医生叮嘱他每天走一万步，不要久坐。",
    "外婆戴助听器，说话要大声一点。",
    # Relatives and pets: whom the fact is about does not matter to the frame.
    "用户的父亲中风过，长期吃华法林。",
    "User's mother has glaucoma and uses eye drops every night.",
    "The cat has chronic kidney disease and eats a renal diet.",
    "Biscuit the greyhound is sensitive to anaesthesia, so the vet uses a lighter dose.",
    "When Joy's glucose drops below 4 she needs fast sugar.",
    "User's blood type is O negative.",
])
def test_the_frame_finds_conditions_no_list_names(text: str) -> None:
    assert core_category(text) in HEALTH
    # What no rule names an exposure for still matters on a turn about medicine.
    assert standing_exposures(core_category(text) or "", text)


@pytest.mark.parametrize("text", [
    # A clinician's job is no health fact; nor are look-alike words.
    "用户的妻子叫林晓，是一名儿科医生。",
    "User's wife Priya is a registered nurse at Burnaby Hospital.",
    "User's mother only speaks Cantonese and a little Mandarin.",
    "Heron's IMU driver has a race condition at 20 MHz.",
    "芝麻的兽医是徐汇的 PetCare 宠物医院。",
    "用户的血型是 O 型 Rh 阳性。",
    "User's favourite band is Stone Sour.",
    "用户每半年换一次机油。",
])
def test_the_frame_ignores_look_alikes(text: str) -> None:
    assert core_category(text) not in HEALTH


def test_the_frame_ranks_after_the_named_rules() -> None:
    # A named allergy or drug is more certain than a frame: it is offered a place first.
    from vecmem.rules.profile import CATEGORIES

    assert CATEGORIES.index("safety") < CATEGORIES.index("condition")
    assert CATEGORIES.index("medication") < CATEGORIES.index("condition")
    assert CATEGORIES.index("condition") < CATEGORIES.index("family")


@pytest.mark.parametrize(("text", "names"), [
    ("User's blood type is O negative and Rh matters.", {"Rh"}),
    ("The CPAP machine goes wherever User goes.", set()),
    ("User's son Max has asthma.", {"Max"}),
])
def test_a_letter_or_an_acronym_is_no_name(text: str, names: set[str]) -> None:
    assert names_of(text) == names


@pytest.mark.parametrize("turn", ["How often am I supposed to get my liver checked?",
                                  "我多久要去查一次肝功能？", "下个月要复查血糖"])
def test_a_turn_about_an_organ_or_a_check_up_is_about_medicine(turn: str) -> None:
    assert "medicine" in turn_topics(turn)


@pytest.mark.parametrize("turn", ["Get the server checked before the release.",
                                  "I checked out the new cafe on Main Street.",
                                  "帮我检查一下这段代码"])
def test_checking_a_thing_is_no_medicine_turn(turn: str) -> None:
    assert "medicine" not in turn_topics(turn)


@pytest.mark.parametrize("text", [
    # Everyday words that share a condition's suffix or a health word's characters.
    "User has a diploma in graphic design.", "User's team is writing a root-cause diagnosis.",
    "User feels nostalgia for Chengdu's teahouses.", "User loves Sonoma wines.",
    "User works in academia.", "User has a lot of empathy for new hires.",
    "User likes mandarin oranges.", "User's phone carrier is T-Mobile.",
    "User is torn between two laptops.", "User's sister is a cardiologist in Toronto.",
    "用户的电脑中过病毒，后来重装了系统。", "这段代码有个毛病，每次启动都会卡住。",
    "夏天天气炎热，用户喜欢待在家里。", "用户去年投资损失了一些钱。", "用户买了一个手机支架。",
    "用户在做一个代码移植的项目。", "用户英语听力考试考了 25 分。", "用户是个慢性子，做事不着急。",
])
def test_the_frame_ignores_words_that_only_look_like_conditions(text: str) -> None:
    assert core_category(text) not in HEALTH


# -- harm by the sentence's frame, situations a fact names (session 8, branch hermes) --------
@pytest.mark.parametrize("text", [
    "Codeine makes the user vomit badly; she asked never to be suggested it.",
    "Shellfish gives her hives within minutes.",
    "Avocado is poisonous to the cockatiel.",
    "Chocolate, onion and salt are off-limits for the bird.",
    "Vet warned: the dog must never get human painkillers like ibuprofen.",
    "The bakery is not nut-free: almond croissants share the oven.",
    "User's mother has low blood pressure and gets dizzy standing up.",
    "用户喝了牛奶会拉肚子。",
    "Kumara 吃了葡萄会中毒。",
    "葡萄对狗是致命的。",
    "用户妈妈血压偏低，站起来太快会头晕。",
    "家里做饭要提醒阿姨用无麸质酱油。",
])
def test_harm_is_read_from_the_frame(text: str) -> None:
    assert core_category(text) in HEALTH


@pytest.mark.parametrize("text", [
    "The new manager makes everyone sick of meetings.",
    "Traffic gives him a headache every morning.",
    "This toxic culture is why she left.",
    "User must never push to main on Fridays.",
    "晴天厨房的菜谱大多是无麸质的。",          # a description, not a requirement
    "这家店的烤鸭好吃到会死。",
    "这个 bug 是致命的。",
    "老板的话让我头晕。",
    "The build makes the laptop fans go crazy.",
])
def test_harm_look_alikes_are_no_health_fact(text: str) -> None:
    assert core_category(text) is None


@pytest.mark.parametrize(("text", "tier"), [
    ("User reacts badly to wasp stings (big local swelling, not anaphylaxis).", 1),
    ("她对蜂蜇有反应，但不是过敏性休克。", 1),
    ("User is severely allergic to peanuts and carries an EpiPen.", 0),
    ("Lin Xiao is pescatarian: she eats fish but no other meat.", 2),
])
def test_a_severe_word_said_not_to_apply_is_no_severity(text: str, tier: int) -> None:
    assert severity(text) == tier


@pytest.mark.parametrize(("text", "topic"), [
    # The situations a fact names are exposures too, read as a turn would be.
    ("用户对乳胶过敏，手套、气球、创可贴都要用无乳胶的。", "contact"),
    ("User's mother has a pacemaker: keep her away from induction hobs and MRI.", "device"),
    ("用户妈妈装了心脏起搏器，不能靠近电磁炉和机场安检门。", "travel"),
    ("用户妈妈装了心脏起搏器，不能靠近电磁炉和机场安检门。", "device"),
    ("用户有偏头痛，闻到浓的香水就容易发作。", "contact"),
    ("User's travel insurance needs her diabetes declared.", "travel"),
    ("用户在吃降压药，医生说不要用含钾的代盐。", "food"),
])
def test_a_fact_is_exposed_where_it_says_it_matters(text: str, topic: str) -> None:
    assert topic in standing_exposures(core_category(text) or "safety", text)


def test_a_health_fact_always_matters_to_medicine() -> None:
    # Its own situations (the kitchen) do not crowd out the default medicine exposure.
    fact = "用户的妈妈有阿尔茨海默症，在吃多奈哌齐。"
    assert "medicine" in standing_exposures("condition", fact)


@pytest.mark.parametrize(("turn", "topic"), [
    ("Which gloves should I order, latex or nitrile?", "contact"),
    ("Planning the birthday decorations: balloons and streamers.", "contact"),
    ("帮我挑个香薰蜡烛放在店里。", "contact"),
    ("Should I replace the gas hob with an induction cooktop?", "device"),
    ("妈妈下周要做核磁共振。", "device"),
    ("What do I keep in my bag for hypos?", "medicine"),
    ("What's Mum's diagnosis again?", "medicine"),
    ("买个新的烤面包机放家里。", "food"),
    ("What can I feed the bird as a treat?", "food"),
    ("小满这周有越野跑比赛。", "outdoor"),
    ("周末想去爬 Rangitoto。", "outdoor"),
])
def test_topics_of_the_new_kinds_of_turn(turn: str, topic: str) -> None:
    assert topic in turn_topics(turn)


@pytest.mark.parametrize("turn", [
    "cheers, that's perfect", "What's a villa in architecture terms?", "喂，在吗",
    "爬虫怎么写？", "Why do cats purr?",
])
def test_no_new_topic_on_look_alike_turns(turn: str) -> None:
    assert not turn_topics(turn) & {"contact", "device", "food", "outdoor"}


@pytest.mark.parametrize("text", [
    "User has a cockatiel; avocado is poisonous to him.",
    "Kumara 吃了葡萄会中毒。",
    "Chocolate and onion are off-limits for the dog.",
])
def test_a_poison_or_banned_food_matters_on_food_turns(text: str) -> None:
    assert "food" in standing_exposures(core_category(text) or "", text)


@pytest.mark.parametrize("turn", [
    # The hermes round's off-topic probes: food, sport and medicine words of other trades.
    "How do I salt and hash passwords properly?", "给这段代码加个盐值哈希。",
    "Give me a syntactic sugar example in Python.",
    "Explain race conditions in Go.", "What's the condition for a while loop to stop?",
    "Who won the Formula 1 race in Monaco?",
])
def test_words_of_other_trades_are_no_health_topic(turn: str) -> None:
    assert not turn_topics(turn) & {"food", "outdoor", "medicine", "contact"}


def test_ice_cream_is_food_not_skin_contact() -> None:
    assert turn_topics("Where can I get good ice cream?") & {"food", "contact"} == {"food"}


@pytest.mark.parametrize("text", [
    "User's right-eye cataract surgery is booked for 2027-01-14; no driving for a week after.",
    "User had knee surgery in May and still can't kneel.",
    "用户下个月做手术，术后一周不能开车。",
    "妈妈的手术定在 3 月 2 号，之后要卧床两周。",
])
def test_a_surgery_done_or_booked_is_a_health_fact(text: str) -> None:
    assert core_category(text) is not None


@pytest.mark.parametrize("text", [
    "The legacy billing code needs surgery before the release.",
    "Plastic surgery is a big industry in Seoul.",
    "手术刀一样精准的代码审查。",
])
def test_surgery_as_a_figure_of_speech_is_no_health_fact(text: str) -> None:
    assert core_category(text) is None


@pytest.mark.parametrize(("fact", "turn"), [
    ("User's cataract surgery is booked for 2027-01-14; no driving for a week after.",
     "1 月 16 号能不能开车去 Costco 进货？"),
    ("用户吃的抗过敏药会犯困，吃了以后不能开车。", "Can I drive up to Taupō on Saturday?"),
])
def test_a_health_fact_naming_driving_matters_on_a_drive(fact: str, turn: str) -> None:
    assert "travel" in exposures(fact) & turn_topics(turn)
