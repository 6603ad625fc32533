"""Which memories are standing facts that apply to almost every turn (the core profile),
how severe a health fact is, and which turns touch it.

A turn seldom names the fact that should shape its answer: "suggest a Thai restaurant"
never says "peanut allergy", "写个周报" never says "answer in Chinese". Such facts are few
and broad -- how to answer, health and safety, where the user lives, the family -- so
they are delivered once per session (the Hermes system-prompt block) instead of
competing for every turn's search slots.

When the block is full, a health fact left out of it still reaches a turn whose *topic*
exposes it: a food allergy on a turn about food, a drug allergy or a medication on a turn
about medicine, an insect allergy or asthma on a turn about the outdoors. Both sides are
rules by category: :func:`exposures` reads what a fact is about, :func:`turn_topics` what
a turn is about, in Chinese and English alike. No sentence is special-cased.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from vecmem.rules.kin import _ANY_ZH as _KIN_ZH
from vecmem.rules.kin import roles as kin_roles
from vecmem.text import lazy_re

# -- vocabulary shared by the category and topic rules --------------------------------------
#: Drugs and drug words (a fact naming one is about medicine).
_DRUG_EN = (r"penicillin|amoxicillin|antibiotics?|sulfa\w*|sulphonamide|ibuprofen|aspirin|"
            r"paracetamol|acetaminophen|nsaids?|codeine|opioids?|statins?|\w+statin|insulin|"
            r"metformin|warfarin|blood thinners?|levothyroxine|thyroxine|amlodipine|"
            r"loratadine|antihistamines?|melatonin|inhaler|ventolin|epipen|steroids?|"
            r"medications?|medicines?|drugs?|pills?|tablets?|doses?|prescri\w+|vitamins?")
_DRUG_ZH_NAMES = (r"药|青霉素|阿莫西林|头孢|抗生素|磺胺|布洛芬|阿司匹林|对乙酰氨基酚|他汀|"
                  r"胰岛素|二甲双胍|优甲乐|甲状腺素|降压|维生素|褪黑素|喷雾|肾上腺素|激素|华法林|抗凝")
#: In a health fact, a count of pills ("每天晚上一粒") is medication too.
_DRUG_ZH = _DRUG_ZH_NAMES + r"|[一二两每]?[粒片]"
#: Foods that are common allergens or intolerances.
_ALLERGEN_EN = (r"peanuts?|nuts?|tree nuts?|almonds?|cashews?|shellfish|shrimps?|prawns?|"
                r"crabs?|lobsters?|seafood|fish|milk|dairy|lactose|gluten|wheat|eggs?|soy|"
                r"sesame|mangoe?s?|kiwis?|strawberr\w+|grapefruits?|food|foods|meals?|diet|"
                r"treats?")
_ALLERGEN_ZH = (r"西柚|葡萄柚|花生|坚果|杏仁|腰果|虾|蟹|海鲜|贝类|鱼|牛奶|奶制品|乳糖|乳制品|"
                r"麸质|小麦|"
                r"鸡蛋|蛋类|大豆|芝麻|芒果|猕猴桃|奇异果|草莓|食物|饮食|忌口|不能吃|不吃")

#: Standing conditions beyond allergies: pregnancy, coeliac disease, migraine, the back
#: and joints, anaemia, attention disorders, motion sickness, gout, a blood group that
#: matters in pregnancy; and a reaction named by its symptoms ("a serious reaction to a
#: bee sting", "an itchy mouth from kiwi").
_CONDITION_EN = (r"pregnan|\bexpecting (?:a baby|twins)\b|\bRh[- ]?negative|coeliac|celiac|"
                 r"migraines?|herniated|slipped disc|\bdisc (?:herniation|prolapse)|sciatica|"
                 r"(?:chronic|lower) back pain|back pain from|an(?:a)?emi[ac]\b|\bADHD\b|"
                 r"attention deficit|motion sickness|car ?sick|sea ?sick|air ?sick|dysplasia|"
                 r"arthritis|\bgout\b|(?:knee|hip|joint) replacement|"
                 r"(?:serious|severe|bad|allergic) reaction|itchy (?:mouth|throat|lips)|"
                 # The body's limits that change what is safe to do, eat or plan: a fall
                 # risk and what one walks with, dentures, skin that burns in the sun.
                 r"fall risk|rollator|walking frame|zimmer frame|dentures|false teeth|"
                 r"sunburn\w*|burns? easily|"
                 # Session 15 (persona8 by category): a neurological or circulatory
                 # condition by name, trouble swallowing, unsteady on one's feet, a
                 # standing low blood pressure, motion sick said as a verb phrase, a drug
                 # interaction the person must avoid.
                 r"parkinson\w*|raynaud\w*|dementia|alzheimer\w*|dysphagia|"
                 r"(?:trouble|difficulty) swallowing|chokes? (?:easily|on)|"
                 r"unsteady on (?:his|her|my|their) feet|"
                 r"blood pressure (?:runs|is|tends to be) low|"
                 r"(?:get|gets|getting) (?:motion|car|sea|travel) ?sick|"
                 r"interacts? with (?:my|his|her|their) \w+")
_CONDITION_ZH = (r"怀孕|孕期|孕早期|孕晚期|预产期|Rh阴性|乳糜泻|偏头痛|椎间盘|腰椎|腰痛|背痛|贫血|"
                 r"注意力缺陷|多动症|晕车|晕船|晕机|发育不良|关节炎|痛风|关节置换|置换手术|荨麻疹|"
                 r"严重(?:的)?反应|跌倒风险|容易摔|怕摔|防跌|助行器|助步器|假牙|义齿|晒伤|"
                 r"帕金森|雷诺|痴呆|阿尔茨海默|吞咽(?:困难|有点困难|不好)|容易呛|走路不稳|站不稳|"
                 r"磨牙|(?:癫痫|哮喘)?发作(?:超过|时|的时候).{0,12}(?:用|吃|喷|打|给)")

#: A health fact by its frame rather than its condition's name, so that a condition no
#: list names still counts (new people have new conditions: sleep apnoea, a torn rotator
#: cuff, a hepatitis carrier, a kidney stone, glaucoma, hearing loss). Four parts, each by
#: form: a condition's morphology (-itis, -osis, -emia, -oma, -pathy; 病 / 症 / 炎 / 癌 /
#: 瘤 as a word's last character) or a word for a bodily state (a carrier, a stone, loss of
#: hearing, a negative blood type, a glucose level); a drug by its suffix (-arin, -azole, -olol,
#: -pril, -sartan, -mycin …; lower case, so "Mandarin" is a language); a clinician's
#: instruction (an -ologist, a physio, "the doctor told …", 医生叮嘱, 康复师说, 复查); a
#: device worn or used (hearing aid, CPAP, 助听器, 呼吸机, 血糖仪). A clinician's bare job
#: ("a registered nurse", "一名儿科医生") is no health fact: the instruction verb is part
#: of the frame.
_FRAME_EN = (
    # Suffixes of conditions, each guarded against the everyday words that share it
    # (diagnosis, diploma, empathy, nostalgia, academia, dichotomy are no conditions;
    # -oma in lower case only: Sonoma and Oklahoma are places).
    r"\b\w{3,}itis\b|\b\w{3,}(?<!diagn)(?<!progn)(?<!hypn)(?<!osm)(?<!symbi)osis\b|"
    r"\b(?:an|leuk|isch|hypoglyc|hyperglyc|sept|thalass|ur)a?emi[ac]\b|"
    r"\b(?:neuro|myo|retino|nephro|cardiomyo)pathy\b|\b\w{3,}plegi[ac]\b|"
    r"\b(?:neur|my|fibromy|arthr)algia\b|\b\w{3,}ectomy\b|(?-i:\b[a-z]{3,}(?<!dipl)oma\b)|"
    r"\b(?:disease|disorder|deficien\w+|infections?|(?:kidney|gall) ?stones?|apno?ea|"
    r"stroke|reflux|colou?r ?blind|hearing (?:loss|aids?)|glucose|transplant|"
    r"pacemaker|defibrillator|insulin pump|cochlear implant|(?:heart|cardiac) stent|"
    # A surgery on the body, done or booked ("cataract surgery is booked", "knee surgery
    # in May"): what follows it (no driving, no lifting) shapes the weeks around it.
    r"cataracts?|(?:eye|knee|hip|back|spinal|spine|heart|bypass|shoulder|wrist|ankle|"
    r"foot|hand|jaw|dental|oral|cataract|laser|hernia|gallbladder|bariatric|sinus|"
    r"brain|bowel|lung|breast|thyroid) surgery|"
    r"(?:surgery|operation) (?:is |was )?(?:booked|scheduled|planned|on \d)|"
    r"(?:hep(?:atitis)? ?[a-c]|virus|genetic) carrier|carrier of|"
    r"sensitive to (?:anaes|anes|drugs?|medic)\w*|"
    r"blood (?:type|group) (?:is )?(?:O|A|B|AB) ?neg\w*|"
    r"torn (?:\w+ ){0,2}(?:ligament|acl|meniscus|muscle|tendon|rotator|cuff|labrum|"
    r"cartilage)|ruptured (?:\w+ )?(?:disc|appendix|tendon|eardrum))\b|"
    # A clinician's instruction (the verb is part of it: a clinician's job is no fact).
    r"\b(?:\w+ologist|\w+iatrist|physio\w*|doctor|gp|surgeon|nurse|vet|dietitian|"
    r"therapist)s?\b.{0,25}\b(?:says?|said|told|wants?|advised|recommends?)\b")
#: Drug suffixes, lower case ("Mandarin" is a language; "mandarin oranges" are fruit).
_FRAME_DRUG = (r"(?-i:\b[a-z]{3,}(?:(?<!mand)arin|azole|olol|pril|sartan|statin|cillin|mycin|"
               r"cycline|zepam|zolam|tidine|profen|dronate|oxetine|triptan|lukast|dipine|"
               # Anticoagulants, diabetes drugs, diuretics, steroids, antipsychotics and
               # tricyclics by their stems (apixaban, dabigatran, enoxaparin, metformin,
               # sitagliptin, dapagliflozin, semaglutide, furosemide, prednisolone,
               # quetiapine, amitriptyline).
               r"xaban|gatran|parin|formin|gliptin|gliflozin|glutide|semide|thiazide|"
               r"nisolone|nisone|methasone|zapine|tiapine|triptyline|pramine)\b)")
_FRAME_ZH = (
    # 病 / 症 / 炎 / 癌 / 瘤 ending a word: not 毛病 / 语病 (a fault), 病毒 (a computer
    # has one too) or 炎热 (hot).
    r"(?![毛语通弊])[\u4e00-\u9fff]病(?!毒)|[\u4e00-\u9fff](?:症|炎(?!热)|癌|瘤)|结石|携带者|中风|"
    r"卒中|撕裂|损伤|听力(?:损失|下降|受损|障碍|不好)|视力(?:下降|受损|不好|很差)|近视|远视|"
    r"色盲|色弱|呼吸暂停|反流|青光眼|白内障|血型.{0,6}阴性|血糖|助听器|呼吸机|血糖仪|胰岛素泵|"
    r"起搏器|(?:心脏|冠脉)支架|(?:肾|肝|骨髓|器官)移植|术后|(?:做|动)手术|手术(?:定在|安排在|约在|预约)|"
    r"眼药|慢性(?!子)|[\u4e00-\u9fff]{1,4}(?:唑仑|西泮|多巴(?!胺)|曲林|西汀)|"
    r"(?:医生|大夫|康复师|理疗师|营养师|兽医)(?:说|叮嘱|嘱咐|建议|让|要求|交代)|医嘱|复查|"
    r"每(?:半年|年|[一两三]?个月)查")
_HEALTH_FRAME = lazy_re(rf"{_FRAME_EN}|{_FRAME_DRUG}|{_FRAME_ZH}", re.I)

#: A medication by the shape of the statement, not by a list of drugs (new people take
#: drugs no list names): someone *takes / is on / was started on / switched to* a word
#: with a drug's morphology ("User takes apixaban", "Her dad is on warfarin"); *takes* a
#: name with a dose or a schedule ("takes Eliquis 5 mg", "takes Jardiance every
#: morning"); 在吃 / 一直吃 / 每天服用 a name with a Chinese drug name's ending (华法林, 氨氯
#: 地平, 缬沙坦, 美托洛尔, 奥美拉唑, 阿奇霉素; the name must end there: 桂林米粉 is
#: lunch), or a dose in mg.
_MEDICATION_SHAPE = (
    r"\b(?:takes?|taking|(?:is|are|was|were|been|stays?) on|(?:started|put|kept) (?:\w+ )?on|"
    r"switched (?:\w+ )?to|prescribed)\s+(?:(?:a|an|the|daily|low[- ]dose|"
    rf"\d+(?:\.\d+)? ?(?:mg|mcg|µg|ml|iu|units?))\s+){{0,2}}{_FRAME_DRUG}|"
    r"\btakes? (?:[\w-]+ ){1,2}\d+(?:\.\d+)? ?(?:mg|mcg|µg|ml|iu|units?)\b|"
    r"\btakes? (?-i:[A-Z])[\w-]+ (?:every|each|twice|once|daily|nightly|at (?:night|bedtime)|"
    r"in the morning|before (?:bed|meals|breakfast))\b|"
    r"(?:在|一直|长期|每天|每日|开始|还在|正在)(?:吃|服)用?[\u4e00-\u9fff]{1,5}?"
    r"(?:林|地平|沙坦|普利|洛尔|拉唑|霉素|西林|他汀|替丁|胺|韦|嗪|胶囊|颗粒|口服液)"
    r"(?=[^\u4e00-\u9fff]|$|[，。、；和跟与每一两半等片粒降抗治控来])|"
    r"(?:吃|服)[^，。；]{0,8}?\d+(?:\.\d+)?\s*(?:mg|毫克|微克|µg|mcg)")

#: What harms someone, by the frame of the sentence rather than the substance's name (a
#: substance no list names is still covered): something that *makes / gives / causes* a
#: bodily reaction ("Codeine makes her vomit", "吃了会吐"); something *poisonous / toxic
#: to* someone, or that *can kill* them (pets: "avocado is poisonous to him"); something
#: *off-limits*, or that someone *must never get / be given / be suggested*; a place or
#: product that is not *allergen-free* ("not nut-free"). Symptom words are a closed
#: medical set; the restriction needs a drug, food or painkiller within reach, so "never
#: push on Fridays" is no health fact.
_SYMPTOM_EN = (r"vomit\w*|throw up|sick(?! of)|nause\w*|rash\w*|hives|swell\w*|swollen|"
               r"dizz\w*|drowsy|itch\w*|wheez\w*|faint\w*|diarrh\w*|cramps?|breathless|"
               r"short of breath|stomach (?:pain|aches?|upsets?|cramps?)|heartburn")
_HARM_EN = (
    rf"\b(?:makes?|made|gives?|gave|causes?|caused|triggers?|triggered)\b(?: \w+){{0,3}} "
    rf"(?:{_SYMPTOM_EN})\b|"
    r"\b(?:poisonous|toxic|deadly|lethal|dangerous) (?:to|for)\b|\bcan kill\b|"
    r"\boff[- ]limits\b|\b(?:forbidden|banned) (?:for|to)\b|"
    rf"\b(?:must never|never (?:to )?(?:be )?(?:give|get|suggest|offer|feed)\w*)\b.{{0,50}}"
    rf"\b(?:{_DRUG_EN}|{_ALLERGEN_EN}|painkillers?|grapes?|raisins?|chocolate|onions?|salt)\b|"
    # Allergen-free as a warning or a requirement ("is not nut-free", "must be
    # gluten-free"), not as a description ("gluten-free recipes").
    r"\b(?:not|isn't|aren't|never|must be|has to be|have to be|strictly|only)\s+(?:\w+\s+)?"
    r"(?:nut|peanut|gluten|dairy|egg|sesame|soy|shellfish|lactose|latex)-free\b|"
    r"\b(?:low blood pressure|hypotension|blood sugar (?:drops|crashes|goes low)|hypos?)\b|"
    # An animal that is in danger off its lead (a sighthound bolts, a reactive dog).
    r"\b(?:never|not) (?:be )?(?:let )?off (?:the |its |his |her )?(?:lead|leash)\b")
_HARM_ZH = (r"(?:吃|喝|用|闻|碰|服|涂|打|抹|戴)[^，。；]{0,8}(?:会|就|让人|让[他她我]|"
            r"使[他她我]?)(?:吐|呕吐|恶心|头晕|犯困|起疹|出疹|起红疹|"
            r"发痒|拉肚子|腹泻|喘|肿|胸闷)|有毒|会中毒|(?:对|给).{1,8}致命|不能给.{0,12}(?:吃|喝|用)|"
            r"禁止.{0,6}(?:吃|喝|服|用)|千万不能|"
            r"(?:不是|并非|要|得|需要|必须|只能|一定要|都要)[^，。；]{0,6}无(?:麸质|坚果|花生|蛋|乳)|血压(?:偏低|低)|"
            r"低血压|低血糖|不能(?:松|解)开?(?:牵引)?绳|必须(?:拴|牵)(?:着)?绳")
_HARM = lazy_re(rf"{_HARM_EN}|{_HARM_ZH}", re.I)
#: A poison or a banned food is something eaten: such a fact matters on a food turn
#: whatever the substance ("avocado is poisonous to him", "葡萄会中毒").
_EATEN_HARM = lazy_re(r"\b(?:poisonous|toxic|deadly|lethal)\b|\boff[- ]limits\b|有毒|中毒|"
                      r"不能给.{0,12}(?:吃|喝)", re.I)
#: A standing diet: what may not be served to someone at all (mild: preference or faith,
#: not danger -- but a food turn must respect it like an allergy).
_DIET = lazy_re(r"\b(?:vegetarian|vegan|pescatarian|halal|kosher)\b|素食|吃素|清真|"
                r"不吃(?:猪肉|牛肉|肉|荤)|"
                # A diet kept for the body's sake: counting carbohydrates, little salt,
                # sugar or fat ("counts carbs at every meal", "吃饭要算碳水", "低盐饮食").
                r"\bcounts? (?:her |his |my |the )?carb\w*|\bcarb[- ]counting\b|"
                r"\blow[- ](?:carb|salt|sodium|sugar|fat)\w* diet\b|算碳水|控碳水|低碳水|"
                r"低盐饮食|低糖饮食|低脂饮食|饮食要(?:低|少)(?:盐|糖|脂)|盐不(?:超过|能超过)|"
                r"\blow[- ](?:salt|sodium)\b|\bno more than \d+ ?g of salt\b", re.I)

#: Whose clinician a care fact names, by a capitalized name ("Mia's paediatrician").
_CARE_OWNER = r"(?-i:[A-Z][a-z]+)"

# (category, pattern): a memory belongs to the first category whose pattern it matches.
_RULES: list[tuple[str, re.Pattern[str]]] = [
    ("safety", lazy_re(
        r"allerg|anaphyla|epipen|intoleran|\bseizures?\b|\basthma|diabet|insulin|"
        r"\bmust not (?:take|eat|get|have)|not to take|\bnever (?:take|give|eat)\b|"
        r"blood thinner|high blood pressure|hypertension|heart (?:condition|disease)|"
        r"kidney disease|\bulcer|epilep|\beczema|\b(?:tore|torn|fractured?|broke)\b.{0,30}"
        r"\b(?:knee|ankle|back|shoulder|wrist|hip|meniscus|ligament)|"
        # Conditions that change what is safe to eat, take, lift or do, and reactions
        # described without the word "allergy".
        rf"{_CONDITION_EN}|"
        r"过敏|不耐受|哮喘|癫痫|惊厥|糖尿病|胰岛素|高血压|心脏病|肾病|溃疡|湿疹|禁用|不能吃|不能喝|"
        r"不能服|吃.{0,6}(?:会|就)(?:发痒|过敏|起|拉肚子|腹泻|呕吐|肿)|半月板|骨折|韧带|"
        rf"{_CONDITION_ZH}", re.I)),
    ("medication", lazy_re(
        rf"{_MEDICATION_SHAPE}|"
        r"\btakes? (?:\d+(?:\.\d+)? ?(?:mg|mcg|µg|ml|iu) )?(?:[\w-]+ )?"
        r"(?:[a-z]+(?:ine|ol|in|ide|pril|artan|statin|cillin|mab|one|am|ate)|vitamin \w+)\b|"
        r"\bmedication\b|\bprescri|医生开了|开[了过].{0,4}药|"
        r"在(?:吃|服用?).{0,8}(?:药|片|他汀)|每天(?:早上|晚上)?(?:吃|服)一?[粒片]|"
        r"每天.{0,6}(?:吃|服用?).{0,6}(?:药|片|粒)|服用|"
        rf"(?:在吃|在服|每天(?:早上|晚上|睡前)?(?:吃|打))(?:{_DRUG_ZH})", re.I)),
    # A standing health fact the rules above have no word for, recognised by its frame
    # (``_HEALTH_FRAME``): a condition by its morphology, a drug by its suffix, a
    # clinician's instruction, a medical device. Lower priority than the named rules
    # (CATEGORIES' order): a frame is less certain than a named allergy or drug.
    ("condition", _HEALTH_FRAME),
    # What harms someone, by the sentence's frame (``_HARM``), and a standing diet.
    ("harm", _HARM),
    ("diet", _DIET),
    ("answer_style", lazy_re(
        r"\b(?:answers?|repl(?:y|ies)|responses?|explanations?)\b.{0,40}"
        r"\b(?:short|brief|concise|direct|language|chinese|english|formal|emoji|"
        r"conclusion|first)|\b(?:answer|reply|respond) in\b|"
        r"\b(?:short|brief|concise|direct|formal|detailed)\b.{0,30}"
        r"\b(?:answers?|repl(?:y|ies)|responses?|explanations?)\b|"
        r"(?:先给|先说|先听).{0,6}(?:结论|类比|例子)|"
        r"(?:回答|回复|答复|解释).{0,12}(?:中文|英文|简洁|简短|表情|结论|格式|先)|"
        r"用(?:中文|英文)回答", re.I)),
    # The user's own home: "用户住在 / 家在 / 老家在", not a stay on some trip ("…去过杭州，
    # 住在西湖边") and not where a relative lives (that is family).
    ("home", lazy_re(
        r"\b(?:user|he|she) lives in\b|\buser's (?:home|apartment|flat|house) is\b|"
        r"^用户(?:现在|目前)?(?:住在|家住|家在|老家在|老家是)|"
        # The same in the first person (a note to oneself: "我住在…", "I live in …").
        r"^I (?:now |currently )?live in\b|^(?:my|our) (?:home|apartment|flat|house) is\b|"
        r"^我(?:现在|目前)?(?:住在|家住|家在)", re.I)),
    ("family", lazy_re(
        r"\buser's (?:(?:younger|older|elder|little|big) )?(?:wife|husband|partner|daughter|"
        r"son|children|kids?|mother|father|parents|mom|mum|dad|sister|brother)\b|"
        r"\buser has (?:a|two|three) (?:daughter|son|child|kids?)|"
        r"^用户的(?:妻子|丈夫|老婆|老公|女儿|儿子|孩子|父母|爸爸|妈妈|父亲|母亲)(?:叫|是|住|在)|"
        # The household in the first person: who the user lives with or is parent to.
        r"^I(?:'m| am) a single (?:mum|mom|mother|dad|father|parent)\b|"
        r"^I have (?:a|two|three|twin) (?:daughters?|sons?|children|kids|twins)\b|"
        r"^我是单亲(?:妈妈|爸爸|母亲|父亲)|^我有(?:一个|两个|三个|一对)?(?:女儿|儿子|孩子|双胞胎)",
        re.I)),
    # Who cares for the person's health: their (or their household's) own clinician or
    # pharmacy, named as such ("User's GP is Dr. Petersen", "两个孩子的儿科医生是 Dr.
    # Hansen", "Dumpling's vet is ..."), not a relative's job ("用户的妻子是一名儿科医生",
    # "弟弟在广州当牙医"). Last: a contact, not a danger; recalled only on a turn about
    # seeing a clinician (``clinician``).
    ("care", lazy_re(
        rf"\b(?:(?:user|kids|children|{_CARE_OWNER})'s?|her|his|their|our)\s+"
        r"(?:family |regular |usual )?"
        r"(?:gp|doctor|paediatrician|pediatrician|dentist|vet|physio\w*|\w+ologist|midwife|"
        r"optician|optometrist|pharmacist|pharmacy|chemist|clinic)\b(?:\s*\([^)]{1,40}\))?"
        r"\s+(?:is|are)\b|"
        r"(?:家庭医生|儿科医生|主治医生|牙医|兽医|医生|大夫|药房|诊所)(?:是|叫)(?!一名|一位|个)",
        re.I)),
]

#: Categories in priority order (what is kept first when the profile is too large).
CATEGORIES = tuple(name for name, _ in _RULES)
#: Categories whose facts are health and safety (ranked by severity, recalled by topic).
HEALTH = frozenset({"safety", "medication", "condition", "harm", "diet"})


def core_category(text: str) -> str | None:
    """The core-profile category of a memory's text, or None when it is not a standing
    fact that applies broadly."""
    for name, pattern in _RULES:
        if pattern.search(text):
            return name
    return None


# -- severity ------------------------------------------------------------------------------
#: Tier 0: a mistake can be life-threatening (anaphylaxis, a drug allergy or a drug the
#: person must not take, seizures).
_SEVERE = lazy_re(
    r"anaphyla|epipen|severe(?:ly)? allerg|\b(?:ER|A&E)\b|emergency|\bseizures?\b|epilep|"
    r"must not (?:take|eat)|not to take|never (?:take|give)|blood thinner|"
    rf"allergic to (?:{_DRUG_EN})\b|"
    # A pregnancy stated as the person's present state (what is safe to take, eat or do
    # changes; a fact that only mentions it, "怀孕后每天最多一杯咖啡", stays tier 1).
    r"\b(?:is|am|she's|i'm|currently) pregnant\b|\bpregnant with\b|\bexpecting (?:a baby|twins)|"
    r"预产期|怀孕了|正在怀孕|怀孕\d+|怀了(?:二胎|老二|宝宝|孩子)|"
    r"(?:serious|severe) reaction|严重(?:的)?反应|"
    r"急诊|休克|严重过敏|肾上腺素|惊厥|癫痫|禁用|不能服|"
    rf"对(?:{_DRUG_ZH}).{{0,6}}过敏|(?:{_DRUG_ZH})类?药?物?过敏|药物过敏", re.I)
#: Tier 2: discomfort rather than danger (intolerance, mild reactions, skin, an old
#: injury), or an animal's.
_MILD = lazy_re(r"intoleran|不耐受|mild|轻度|发痒|itch|尽量不|\btreats?\b|\bvet\b|兽医|"
                r"eczema|湿疹|\b(?:tore|torn|fractured?|broke|sprain\w*)\b|半月板|骨折|韧带|扭伤|"
                r"back pain|herniated|slipped disc|sciatica|dysplasia|arthritis|"
                r"motion sickness|car ?sick|sea ?sick|air ?sick|"
                r"腰痛|背痛|椎间盘|发育不良|关节炎|晕车|晕船|晕机|"
                r"sunburn|burns? easily|晒伤|dentures|false teeth|假牙|义齿|磨牙|"
                r"grind\w* (?:my|his|her) teeth",
                re.I)


#: A severe word said *not* to apply ("big local swelling, not anaphylaxis", "不是过敏性
#: 休克", "never needed an EpiPen") is no severity.
_NEGATED = lazy_re(r"\b(?:not|never|no|isn't|wasn't|without)\b (?:(?:an?|any|the|needed|"
                   r"had|been|used|a case of) )*(?:anaphyla\w*|epipen\w*|severe\w*|serious|"
                   r"emergency|seizures?|er\b|a&e)|(?:不是|没有|并非|不算|从没)(?:到|用过|需要)?"
                   r"(?:严重|过敏性休克|休克|急诊|肾上腺素)|"
                   rf"对(?:{_DRUG_ZH}).{{0,6}}不过敏|\bnot allergic to (?:{_DRUG_EN})\b", re.I)


def severity(text: str) -> int:
    """0 life-threatening, 1 serious (allergies, conditions, regular medication), 2 mild."""
    text = _NEGATED.sub(" ", text)
    if _SEVERE.search(text):
        return 0
    if _MILD.search(text) or (_DIET.search(text) and not _HARM.search(text)):
        return 2
    return 1


# -- exposures: which topics of a turn make a health fact matter ------------------------------
_FACT_TOPICS: dict[str, re.Pattern[str]] = {
    # Case-sensitive on purpose: a capitalized word is a name ("Sesame" the cat), not the
    # allergen. Conditions managed by diet (diabetes, gout, celiac, kidney disease, an
    # ulcer, high blood pressure, pregnancy) matter for food too.
    "food": lazy_re(
        rf"\b(?:{_ALLERGEN_EN})\b|\b[Ee]at(?:s|ing)?\b|{_ALLERGEN_ZH}|吃(?:了|.{{0,4}}会)|"
        r"喝.{0,4}会|[Dd]iabet|[Gg]out\b|[Cc]oeliac|[Cc]eliac|kidney|ulcer|blood pressure|"
        r"hypertension|pregnan|糖尿病|痛风|乳糜泻|肾|溃疡|高血压|怀孕|孕期|控糖|"
        # A drink named in a health fact (a trigger, a limit): drinks are food turns.
        r"\b(?:wine|beer|alcohol|coffee|caffeine|tea)\b|酒|咖啡|茶|[Aa]n(?:a)?emi|贫血|"
        # What one can chew, and salt counted for the body's sake.
        r"[Dd]entures|false teeth|\bchew|假牙|义齿|嚼|[Ss]odium|钠|"
        # Session 17: fat and sugar counted for the body's sake ("cut saturated fat",
        # "blood sugar drops … jelly beans").
        r"[Cc]holesterol|saturated fat|fatty|fried|\b[Ss]ugar\b|glucose|jelly beans|"
        r"胆固醇|脂肪|油腻|油炸|血糖|葡萄糖|糖果"),
    # Drugs, and the conditions that decide which drugs are safe.
    "medicine": lazy_re(
        rf"\b(?:{_DRUG_EN})\b|\btakes? \w+|{_DRUG_ZH}|服用|"
        r"diabet|ulcer|kidney|liver|blood pressure|hypertension|asthma|pregnan|epilep|"
        r"migrain|latex|\bRh\b|Rh[- ]?negative|adhd|attention deficit|an(?:a)?emi|"
        r"糖尿病|溃疡|肾|肝|血压|哮喘|怀孕|孕期|癫痫|偏头痛|乳胶|Rh阴性|注意力缺陷|多动|贫血",
        re.I),
    # Animal allergies, and asthma (dander is a common trigger).
    "animals": lazy_re(r"\b(?:cats?|dogs?|dander|fur|pets?|feathers?|horses?|asthma)\b|猫|狗|"
                       r"宠物|毛发|皮屑|羽毛|马毛|哮喘", re.I),
    # Insects and pollen, breathing, joints and injuries: what being outdoors or active
    # exposes.
    "outdoor": lazy_re(
        r"\b(?:bees?|wasps?|stings?|stung|insects?|mosquito\w*|pollen|hay fever|asthma|"
        r"knees?|ankles?|back|hips?|shoulders?|neck|wrists?|meniscus|ligaments?|hik\w+|heat|"
        r"sun|sunburn\w*|spf\d*|fall risk|rollator|lead|leash)\b|"
        r"蜂|蜇|昆虫|蚊|花粉|哮喘|膝|踝|腰|肩|颈椎|手腕|半月板|韧带|中暑|日晒|"
        r"晒伤|防晒|跌倒|摔|助行器|牵引绳|牵绳|"
        # Cold on the body (Raynaud's: fingers that go white in the cold), and feet that
        # are not steady (a fall on a trail or a wet floor).
        r"遇冷|怕冷|雷诺|保暖|走路不稳|站不稳|\b(?:raynaud\w*|unsteady)\b", re.I),
    "illness": lazy_re(r"(?<!hay )\b(?:fever|febrile|seizures?|temperature|asthma|diabet\w*)\b|"
                       r"发烧|发热|高烧|惊厥|体温|哮喘|糖尿病", re.I),
    # What a person must carry (EpiPen, inhaler, insulin) matters when they travel.
    # What a person must carry (EpiPen, inhaler, insulin), motion sickness and a
    # pregnancy matter when they travel.
    # Driving named in a health fact ("no driving for a week after the surgery", "吃了这个药
    # 不能开车") matters on a turn about a drive.
    "travel": lazy_re(r"\bdriv(?:e|es|ing|en)\b|开车|驾驶|\bcarr(?:y|ies)\b|"
                      r"\b(?:bring|take) (?:it|them|\w+) along\b|带上|要带|得带|"
                      r"epipen|inhaler|insulin|motion sick\w*|car ?sick|cpap|呼吸机|winding roads|"
                      r"sea ?sick|air ?sick|pregnan|随身带|随身携带|肾上腺素笔|喷雾|胰岛素|晕车|"
                      r"晕船|晕机|怀孕|孕期|"
                      # Session 17: a blood thinner or a clot (long flights), and what is
                      # kept in a bag ("keeps jelly beans in her handbag", 包里常备).
                      r"warfarin|blood thinners?|anticoagul\w*|\w+xaban|clots?|dvt|"
                      r"华法林|抗凝|血栓|"
                      r"\bkeeps? (?:\w+ ){1,3}in (?:her|his|my|their|the) (?:hand)?bags?\b|"
                      r"包里", re.I),
    # The back, the joints, a pregnancy: what lifting, moving house, long sitting, stairs,
    # a massage or a hot spring expose.
    # What touches the skin or is breathed in: a latex or nickel allergy, a scent that
    # triggers a migraine, eczema.
    "contact": lazy_re(r"\b(?:latex|nickel|fragrances?|perfumes?|scents?|scented|dyes?|"
                       r"detergents?|eczema|dermatitis|lotions?|creams?)\b|乳胶|镍|香水|香味|"
                       r"香精|染发|洗衣液|湿疹|皮炎|乳液|保湿霜", re.I),
    # An implanted or worn device (a pacemaker and magnets, scanners, induction hobs).
    "device": lazy_re(r"\b(?:pacemakers?|defibrillators?|implants?|implanted|insulin pumps?|"
                      r"stents?|metal (?:plates?|pins?|rods?)|cochlear|cpap|hearing aids?)\b|"
                      r"起搏器|植入|呼吸机|助听器|"
                      r"胰岛素泵|支架|钢板|钢钉|人工耳蜗", re.I),
    "body": lazy_re(r"\b(?:back|spine|spinal|disc|lumbar|lift\w*|knees?|hips?|shoulders?|neck|"
                    r"wrists?|joints?|fall risk|rollator|"
                    r"meniscus|ligaments?|dysplasia|arthritis|replacement|stairs|sitting|"
                    r"sciatica)\b|pregnan|腰(?!果)|背|椎|膝|髋|肩|手腕|关节|半月板|韧带|楼梯|置换|怀孕|"
                    r"孕期|久坐|跌倒|摔|助行器|走路不稳|站不稳|\bunsteady\b", re.I),
}

#: Eating and drinking verbs: food on their own, but also how medicine is taken (吃药,
#: "drink this syrup"), so they do not make a turn about medicine a turn about food.
_INGEST = lazy_re(r"\b(?:eat|eating|ate|drink|drinking|drank|have)\b|吃|喝", re.I)

_TURN_TOPICS: dict[str, re.Pattern[str]] = {
    "food": lazy_re(
        r"\b(?:eat|eating|ate|food|foods|dish|dishes|meals?|restaurants?|recipes?|cook\w*|"
        r"bak\w+|snacks?|breakfast|lunch|dinner|brunch|menu|takeout|take-out|delivery|"
        r"smoothies?|lattes?|coffee|drinks?|desserts?|cakes?|cookies?|sauces?|bbq|barbecue|"
        r"potluck|buffet|cuisine|grocer\w*|hot ?pot|curry|sushi|pizza|noodles?|yogh?urt|"
        r"cheese|ice cream|seafood|nuts?|candy|candies|sweets|chocolate|picnic|party|"
        r"treats?|fruits?|juice|beer|wine|cocktails?|alcohol|banquet|feast|lunchbox|"
        r"diet|calories|protein|hungry|flavou?rs?|tast\w+|teas?|bubble tea|boba|sashimi|"
        r"cabernet|merlot|pinot|chardonnay|sauvignon|riesling|champagne|prosecco|"
        # Bread and feeding, not salt, sugar or a menu: "salt a hash", "syntactic sugar",
        # "a dropdown menu" are no food (the hermes round's off-topic probes).
        r"whisk(?:e)?y|sake|spirits|bartender|happy hour|bread|toast\w*|sandwich\w*|"
        r"feed(?:ing)?|pancakes?|cheese ?platter|"
        r"salt(?!\s+(?:and\s+)?(?:hash\w*|passwords?|values?))|sodium)\b|钠|"
        r"面包|吐司|三明治|喂(?:它|他|她|猫|狗|鸟|食|奶|饭|点)|盐(?!值|哈希)|"
        r"吃|喝|餐|菜|饭|食|零食|小吃|外卖|甜点|甜品|蛋糕|奶茶|咖啡|拿铁|酸奶|火锅|烤肉|烧烤|早点|"
        r"宵夜|点心|饮料|厨|烘焙|馆子|聚餐|自助|美食|做法|野餐|派对|水果|果汁|啤酒|酒|糖果|"
        r"月饼|粽子|饺子|年夜饭|喜宴|便当|饿|口味|尝|茶|刺身|生鱼片|寿司|赤霞珠|梅洛|黑皮诺|"
        r"霞多丽|长相思|香槟|威士忌", re.I),
    "medicine": lazy_re(
        r"\b(?:medicines?|medications?|meds|pills?|drugs?|tablets?|doses?|dosage|"
        r"painkillers?|prescri\w*|pharmac\w+|doctors?|clinic|hospital|gp|dentist|"
        r"headaches?|migraines?|pain|aches?|sore|fever|flu|cold|cough\w*|infections?|"
        r"antibiotics?|surgery|operation|anaesthe\w+|anesthe\w+|blood test|check-?up|"
        r"vaccin\w*|side effects?|sick|ill|hangover|insomnia|jet lag|sleep aid|"
        r"supplements?|vitamins?|allerg\w*|dizz\w*|nause\w*|rash|itch\w*|diarrh\w*|"
        r"vomit\w*|sprain\w*|injur\w*|sneez\w*|runny nose|(?:itchy|watery) eyes|"
        r"burns?|stomach ?ache|toothache|pregnan\w*|"
        # The organs and measures a check-up is about ("get my liver checked").
        r"liver|kidneys?|lungs?|bladder|thyroid|cholesterol|blood (?:sugar|pressure|test|"
        r"work))\b|"
        rf"take (?:for|something)|\b(?:{_DRUG_EN})\b|{_DRUG_ZH_NAMES}|"
        r"药|医生|诊所|医院|门诊|处方|止痛|头疼|头痛|疼|痛|感冒|发烧|发炎|咳嗽|抗生素|体检|"
        r"抽血|打针|疫苗|手术|麻醉|副作用|不舒服|生病|病了|保健品|补充剂|失眠|睡不着|入睡|"
        r"倒时差|过敏|打喷嚏|流眼泪|流鼻涕|头晕|恶心|皮疹|痒|拉肚子|腹泻|呕吐|扭伤|受伤|烫伤|牙医|输液|点滴|怀孕|"
        r"肝功能|肝脏|肾脏|肺部|甲状腺|胆固醇|血糖|血脂|复查|"
        # A diagnosis or a condition asked about ("Mum's diagnosis", "hypos").
        r"\b(?:diagnos\w*|hypos?|hypoglyc\w*)\b|诊断|病情|"
        # Herbal remedies and tonics (what a drug like warfarin interacts with).
        r"\b(?:herbal|herbs|tonics?|remed(?:y|ies))\b|中药|草药|补品|偏方|"
        r"症状|低血糖|治疗|"
        # Session 17 (persona 9 by category): a symptom said loosely (头有点晕, "tired and
        # pale", 手抖, talking in a muddle) and a blood-pressure reading ("150/95").
        r"头[^，。,]{0,3}晕|晕乎乎|乏力|疲劳|没精神|脸色(?:发白|苍白|很差)|手抖|发抖|颤抖|"
        r"说话[^，。,]{0,3}乱|神志不清|意识模糊|"
        r"\b(?:tired|exhausted|fatigue\w*|pale|shaky|shaking|trembl\w*|confused|confusion|"
        r"slurr\w*|light-?headed)\b|(?<![\d/])(?:[89]\d|1\d\d|2[0-4]\d)\s*/\s*(?:[4-9]\d|1[0-4]\d)(?![\d/])|"
        # An injection by any name (a jab, a long-acting shot, 饭前那针), and losing
        # consciousness (what a note for a carer or a first-aider is about).
        r"\b(?:injections?|inject(?:s|ed|ing)?|jabs?|(?:long-acting|insulin|flu|booster|"
        r"tetanus|allergy|b12|vitamin|covid) shots?|pass(?:es|ed|ing)? out|faint\w*|"
        r"black(?:s|ed|ing)? out|unconscious\w*|collaps(?:e|es|ed|ing))\b|"
        r"[那这一扎](?:一)?针(?![对织线见])|注射|晕倒|昏倒|昏迷|晕过去|失去意识",
        re.I),
    "animals": lazy_re(r"\b(?:cats?|kittens?|dogs?|pupp(?:y|ies)|pets?|zoo|farm|hamsters?|"
                       r"rabbits?|horses?|adopt\w*|petting)\b|猫|狗|宠物|动物园|农场|兔|骑马|马术|马场|领养|"
                       r"撸", re.I),
    "outdoor": lazy_re(
        r"\b(?:hik\w+|(?:a|my|the|for) run|running|jog\w*|outdoors?|picnic|camp\w*|"
        r"garden\w*|park|smog|air quality|pollution|pollen|trail|mountains?|beach|"
        r"exercise|workout|marathon|\d+k|cycling|bike|trek\w*|fishing|countryside|"
        r"flowers?|ski\w*|climb\w*|stairs|swim\w*|sports?|tennis|football|soccer|"
        r"basketball|gym|training|warm-?up|wind ?chill|sub-zero|freezing|"
        r"sun(?:screen|block|burn\w*| protection| cream)|spf\d*)\b|防晒|晒伤|暴晒|零下|冷空气|热身|"
        r"步道|跑步|爬山|徒步|户外|野餐|露营|花园|公园|雾霾|空气|"
        r"花粉|登山|运动|健身|骑车|骑行|马拉松|郊游|踏青|春游|赏花|钓鱼|滑雪|游泳|(?<!气)球|训练|"
        # Running and climbing as compounds (越野跑, 晨跑, 去爬 X): 跑 / 爬 alone are too
        # common (跑一趟, 爬虫).
        r"(?:越野|长|赛|晨|夜|慢|短)跑|跑[步道]|(?:去|想|要|来)爬(?!虫)|"
        # Session 17 (persona 9 by category): weather that comes to the person (a storm,
        # wind, a heatwave: pollen, asthma, heat), garden work, school sport.
        r"\b(?:storms?|thunder\w*|lightning|windy|gales?|heat ?waves?|typhoons?|"
        r"hurricanes?|blizzards?|weather forecast|shrubs?|hedges?|lawns?|mow\w*|weed\w*|"
        r"prun\w*|flower ?beds?|yard work|backyard|cross-?country|sports day|athletics|"
        r"fun run|field trip)\b|雷暴|雷雨|打雷|大风|台风|暴雨|高温|酷暑|天气预报|灌木|花坛|"
        r"除草|割草|修剪|草坪|后院|院子|运动会|体育课|体测|春游|秋游", re.I),
    "illness": lazy_re(r"(?<!hay )\b(?:fever|temperature|febrile|seizures?|sick|ill|flu|cold|"
                       r"vaccin\w*)\b|发烧|发热|高烧|体温|烧到|惊厥|生病|病了|感冒|流感|疫苗",
                       re.I),
    "travel": lazy_re(r"\b(?:flights?|fly|flying|plane|airport|trips?|travel\w*|abroad|"
                      r"overseas|vacation|holiday|pack|packing|luggage|suitcase|"
                      r"itinerar\w*|hotels?|visa|road ?trip|cruise|ferry|getaway|"
                      r"long drive|drive (?:to|up|down)|driving to)\b|出国|"
                      r"飞机|航班|机场|旅行|旅游|出差|度假|行李|收拾东西|行程|酒店|机票|签证|自驾|"
                      r"车程|开车去|坐车|长途|坐船|游轮|出游", re.I),
    # What touches the skin or the air one breathes: gloves, balloons, plasters,
    # jewellery, cosmetics, soaps, scents.
    "contact": lazy_re(
        r"\b(?:gloves?|balloons?|plasters?|band-?aids?|bandages?|condoms?|jewel\w*|"
        r"earrings?|necklaces?|bracelets?|watch ?straps?|cosmetics|make-?up|lipsticks?|"
        r"lotions?|moisturi\w+|sunscreen|sunblock|sun protection|sun cream|soaps?|shampoos?|"
        r"body wash|"
        r"bath (?:products?|bombs?|oils?)|bubble bath|detergents?|perfumes?|scented|"
        r"candles?|fragrances?|diffusers?|air fresheners?|incense|hair dye|nail polish)\b|"
        r"手套|气球|创可贴|绷带|避孕套|首饰|耳环|项链|手链|"
        r"化妆|口红|护肤|乳液|面霜|防晒|香皂|肥皂|洗发|沐浴|洗衣|香水|香薰|蜡烛|熏香|染发|"
        r"指甲油|油漆", re.I),
    # What an implanted device must keep away from: magnets, scanners, induction hobs.
    "device": lazy_re(
        r"\b(?:induction|magnets?|magnetic|mri|metal detectors?|security (?:scans?|gates?|"
        r"checks?)|airport security|body scanners?|x-?rays?|ct scans?|electric blankets?|"
        r"massage chairs?|cpap|plug adapters?|travel adapters?|voltage)\b|(?-i:\bCT\b)|"
        r"呼吸机|转换插头|转换器|电压|电磁炉|磁铁|磁疗|核磁|安检|金属探测|电热毯|按摩椅|X光",
        re.I),
    # Physical strain and the body's own care: lifting and moving things, desks and
    # posture, stairs, massages, hot springs and saunas.
    "body": lazy_re(
        r"\b(?:lift\w*|heavy (?:boxes|things|stuff|furniture|bags?)|moving (?:furniture|"
        r"house|boxes)|furniture|standing desk|desk setup|office chair|ergonomic\w*|"
        r"posture|massages?|spa|sauna|hot springs?|hot tub|jacuzzi|onsen|yoga|pilates|"
        r"stretch(?:es|ing)|stairs|my back|back pain|backache|lower back|spine|knees?|hips?|"
        r"joints?|shoulders?|piggy-?backs?|"
        # Carrying or moving something big ("carry Leo on my shoulders", "moving the
        # sofa"): what a back or a knee must be spared.
        r"carry(?:ing)? (?:\w+ ){1,2}(?:on|up|down) |mov(?:e|ing) (?:the|a|our|my|this|that) "
        r"(?:\w+ )?(?:sofa|couch|bed|wardrobe|piano|fridge|desk|table|bookshel\w+|cabinet|"
        r"dresser|mattress|washing machine)|"
        # Session 17 (persona 9 by category): a big thing got out, hauled or shifted by
        # any verb ("getting the old fridge out to the kerb", "把旧冰箱抬下楼").
        r"(?:get|getting|take|taking|haul\w*|shift\w*|drag\w*|lug\w*|bring\w*|carry\w*|"
        r"push\w*) (?:\w+ ){0,3}(?:fridge|refrigerator|freezer|washing machine|dryer|"
        r"mattress|piano|wardrobe|treadmill|bookcase)|"
        # Rides that drop, spin or jolt, and free falls: what an eye, a back, a heart or a
        # pregnancy must be spared.
        r"roller ?coasters?|theme parks?|amusement parks?|funfairs?|fairground|"
        r"(?:thrill|carnival|fair|scary|fast) rides?|(?:which|what|pick a|the) rides?|"
        r"rides? at|bungee\w*|sky ?div\w*|parachut\w*|zip ?lin\w*|free ?fall)\b|"
        r"搬(?!迁到)|扛|提重|重物|家具|书桌|办公椅|椅子|坐姿|久坐|按摩|推拿|温泉|"
        r"桑拿|汗蒸|瑜伽|普拉提|拉伸|楼梯|爬楼|腰(?!果)|后背|背痛|背部|椎|膝|髋|关节|"
        r"[抬挪拖](?:\S{0,4})(?:冰箱|洗衣机|床垫|钢琴|衣柜|跑步机)|"
        r"(?:冰箱|洗衣机|床垫|钢琴|衣柜|跑步机)[^，。,]{0,3}[抬挪拖]|"
        r"游乐园|游乐场|过山车|跳楼机|蹦极|跳伞|大摆锤|海盗船|高空项目|刺激的项目", re.I),
}

#: Every health topic a rule knows (``exposures`` and ``turn_topics`` share the names).
TOPICS = tuple(_TURN_TOPICS)
assert set(_FACT_TOPICS) == set(_TURN_TOPICS)

#: A turn about seeing or reaching a clinician (where a care fact matters): which doctor,
#: an appointment, a sick note, a check-up, a prescription to fill.
CLINICIAN = "clinician"
_CLINICIAN_TURN = lazy_re(
    r"\b(?:gp|family doctor|doctors?|paediatrician|pediatrician|dentist|vet|physio\w*|"
    r"\w+ologist|clinic|appointments?|check-?ups?|sick note|doctor's note|referral|"
    r"pharmac(?:y|ies|ist)|chemist|animal hospital)\b|医生|大夫|牙医|兽医|诊所|门诊|挂号|预约|"
    r"病假条|看病|宠物医院|"
    r"体检|复查|药房|药店", re.I)

#: A turn about the user's home (where a home fact left out of the profile matters).
_HOME_TURN = lazy_re(
    r"\b(?:home|house|apartment|flat|address|neighbou?rhood|moving|move house|rent|"
    r"landlord|furniture|sofa|couch|wardrobe|renovat\w*|commute|hometown|floor plan|"
    r"square (?:metres|meters|feet))\b|家里|我家|回家|房子|公寓|小区|搬家|装修|租房|房租|"
    r"地址|老家|家具|沙发|通勤|几楼|平米|户型", re.I)


def exposures(text: str) -> frozenset[str]:
    """The topics of a turn that make this health fact matter: what the fact is about
    (``_FACT_TOPICS``), and the situations it names itself, read as a turn would be
    ("… gloves, balloons and plasters must be latex-free", "不能靠近电磁炉和机场安检门": a
    fact that names an airport matters on a travel turn)."""
    own = {name for name, rx in _FACT_TOPICS.items() if rx.search(text)}
    if _EATEN_HARM.search(text):
        own.add("food")
    # A health fact whose exposures no rule names (a condition known by its frame only)
    # still matters on a turn about medicine: what a doctor, a drug or a procedure must
    # take into account.
    return frozenset((own or {"medicine"}) | (turn_topics(text) - {"home", "family",
                                                                   CLINICIAN}))


def standing_exposures(category: str, text: str) -> frozenset[str]:
    """The topics of a turn that make a standing fact of ``category`` matter when it did
    not fit the profile: a health fact's ``exposures``; ``home`` for the user's home;
    ``family`` for a relative (recalled only on a turn that names that relative)."""
    if category in HEALTH:
        return exposures(text)
    if category == "care":
        return frozenset({CLINICIAN})
    return frozenset({category}) if category in ("home", "family") else frozenset()


def turn_topics(text: str) -> frozenset[str]:
    """The topics a turn touches: health ones (food, medicine, animals, outdoor, illness,
    travel), ``home``, and ``family`` when it names a relative."""
    found = {name for name, rx in _TURN_TOPICS.items() if rx.search(text)}
    if _HOME_TURN.search(text):
        found.add("home")
    if _CLINICIAN_TURN.search(text):
        found.add(CLINICIAN)
    if roles(text) - {"self"}:
        found.add("family")
    if {"food", "medicine"} <= found and not _TURN_TOPICS["food"].search(
            _INGEST.sub(" ", text)):
        found.discard("food")  # only 吃 / eat, and the turn is about medicine
    return frozenset(found)


_RELATIVE = (r"wife|husband|partner|daughter|son|children|kids?|mother|father|parents|"
             r"mom|mum|dad|sister|brother|nephew|niece|妻子|丈夫|老婆|老公|女儿|儿子|孩子|"
             r"父母|爸爸|妈妈|父亲|母亲|岳|公婆|姐|妹|哥|弟")
_OWN = lazy_re(rf"^(?:the )?(?:user\b(?!'s (?:{_RELATIVE}))|用户(?!的?(?:{_RELATIVE})))|"
               # A note in the first person is the user's own ("我有1型糖尿病", "I take …"),
               # not one about a relative ("我爸…", "My father …").
               rf"^(?:I\b|I'm\b|my\b(?! (?:{_RELATIVE}|ex|grand\w*|aunt|uncle|cousin)))|"
               rf"^我(?!的?(?:{_RELATIVE}|爸|妈|家[猫狗]))", re.I)


def is_own(text: str) -> bool:
    """True when the fact is about the user (not a relative, a pet or a colleague)."""
    return bool(_OWN.search(text.strip()))


# -- whom a fact or a turn is about (``rules.kin``) -----------------------------------------
def roles(text: str, *, turn: bool = False,
          kin: Mapping[str, Sequence[str]] | None = None) -> frozenset[str]:
    """Whom a text is about: the family roles and pets it names (by word, or by a name
    ``kin`` ties to a role), and ``self`` for the user's own fact or a turn that names
    nobody else (a turn is the user speaking)."""
    return kin_roles(text, turn=turn, own=is_own(text), kin=kin)


# -- names the profile learns beyond the index's stated pairs ----------------------------
#: "儿子欧阳乐（英文名 Leo）", "女儿 (English name Dora) 朵朵": a Chinese name and the
#: English name stated for it.
_ENGLISH_NAME = lazy_re(
    r"([\u4e00-\u9fff]{2,8})\s*[（(]\s*(?:英文名(?:字)?|English name)\s*(?:叫|是|:|：)?\s*"
    r"([A-Z][a-z]+)\s*[）)]")
#: "我们家的狗叫豆包", "我家的猫叫芝麻": a household member named after the household's
#: own word (the index's frames start from 用户的 / 我的 / 家里的).
_HOUSEHOLD_NAMED = lazy_re(
    rf"(?:我们家|我家|咱家|咱们家)的?(?P<r>{_KIN_ZH})(?:叫|名叫|名字叫)"
    r"\s?(?P<n>[A-Z][a-z]+|[\u4e00-\u9fff]{2,3}?)(?=[，,。；;\s（(、]|是|$)")


def profile_names(texts: Sequence[str]) -> tuple[list[tuple[str, str]],
                                                 list[tuple[str, str]]]:
    """Names the profile ties together over a store's memories: (form, form) pairs of
    one person's names -- a Chinese name with its stated English name and the
    nicknames of a one-character given name (欧阳乐 / Leo -> 乐乐, 小乐, 阿乐: what the
    family calls him) -- and (name, role) ties in the household's own words (我们家的狗叫
    豆包 -> 豆包: dog), each Chinese name also in pinyin when the memories write it so
    ("Doubao must never ..."). Rules by form, the same for every person."""
    from vecmem.rules.kin import role_of
    from vecmem.rules.names import romanize

    latin_words = {w.lower() for t in texts for w in re.findall(r"\b[A-Z][a-z]+\b", t)}
    pairs: list[tuple[str, str]] = []
    ties: list[tuple[str, str]] = []
    for text in texts:
        for m in _ENGLISH_NAME.finditer(text):
            han, latin = m.group(1), m.group(2).lower()
            for cut in ("儿子", "女儿", "孩子", "老婆", "老公", "妻子", "丈夫", "太太", "先生"):
                han = han.split(cut)[-1] or han
            han = han[-3:]
            forms = [han]
            if len(han) in (2, 3):  # a one-character given name: its nicknames
                given = han[-1]
                forms += [given * 2, "小" + given, "阿" + given]
            pairs += [(f, latin) for f in forms] + [(han, f) for f in forms[1:]]
        for m in _HOUSEHOLD_NAMED.finditer(text):
            role = role_of(m.group("r"))
            if role is None:
                continue
            name = m.group("n")
            ties.append((name.lower() if name.isascii() else name, role))
            for pinyin in romanize(name) if not name.isascii() else []:
                if pinyin in latin_words:
                    ties.append((pinyin, role))
                    pairs.append((name, pinyin))
    return pairs, ties


# -- whom a fact names ------------------------------------------------------------------------
#: The subject a Chinese health fact opens with ("小满对腰果过敏", "豆包有髋关节发育不良"):
#: two or three characters before the verb or preposition that follows a subject.
_ZH_SUBJECT = lazy_re(
    r"^([\u4e00-\u9fff]{2,3}?)(?:对|有|的|是|在|每|吃|晕|不|要|会|患|得|从|一|上|怀)")
_NAME_RUN = lazy_re(r"\b[A-Z][\w-]*(?:'s)?(?:\s+[A-Z][\w-]*(?:'s)?)*")
_FIRST_WORD = lazy_re(r"^([A-Z][a-z]+)(?:'s)?\b")
#: Openings that are no one's name.
_NOT_SUBJECTS = frozenset(("用户", "家里", "我们", "他们", "她们", "全家", "家人", "平时", "每天",
                           "现在", "目前", "之前", "以前"))


def names_of(text: str) -> frozenset[str]:
    """The names a fact is about: its capitalized names ("User's son Max has asthma" ->
    Max) and the subject a Chinese fact opens with (小满, 豆包); not "User" / 用户."""
    from vecmem.rules.turn_need import chinese_names_in, is_query_stopword, names_in

    found = set(names_in(text))
    # A fact's first word, capitalized, is its subject's name ("Dumpling the corgi has
    # ...") unless it is a function word ("The", "Her").
    first = _FIRST_WORD.match(text.strip())
    if first and not is_query_stopword(first.group(1).lower()):
        found.add(first.group(1))
    found = {w for w in found if w.lower() not in ("user", "user's")}
    found.update(chinese_names_in(text))
    m = _ZH_SUBJECT.match(text.strip())
    if m and m.group(1) not in _NOT_SUBJECTS:
        found.add(m.group(1))
    # A single letter or an acronym ("O 型", "CPAP") is no one's name.
    return frozenset(n for w in found if not ((n := w.removesuffix("'s")).isascii()
                                              and (len(n) < 2 or n.isupper())))


def names_shared(turn: str, fact: str, aliases: Mapping[str, Sequence[str]] | None = None
                 ) -> bool:
    """True when the turn names someone (or something) the fact is about: "What does Max
    take for ..." and "User's son Max has asthma", "小满用什么喷雾" and "小满对腰果过敏";
    ``aliases`` (a name's forms in the other script, Latin ones lower-cased: 小满 -> max)
    bridge "Max's class" to "小满对腰果过敏"; a Chinese name's pinyin (``rules.names``) bridges
    "Duoduo's class" to "女儿朵朵对虾过敏" without them."""
    from vecmem.rules.names import romanize
    from vecmem.rules.turn_need import is_query_stopword

    # Whole runs of capitalized words ("Marco Polo" does not name Marco), a sentence's
    # capitalized function word dropped ("Can Marco ..." names Marco).
    words = set()
    for run in _NAME_RUN.findall(turn):
        first, _, rest = run.partition(" ")
        if rest and is_query_stopword(first.lower()):
            run = rest
        words.add(run.lower().removesuffix("'s"))
    # The turn's Chinese bigrams in pinyin (朵朵 -> duoduo), for a fact naming Duoduo.
    cjk = re.findall(r"[\u4e00-\u9fff]+", turn)
    words |= {r for run in cjk for i in range(len(run) - 1) for r in romanize(run[i:i + 2])}
    names = set(names_of(fact))
    # A name the store states in both scripts, wherever the fact says it ("小满左耳…": no
    # subject marker follows the name, yet it is the fact's subject).
    if aliases:
        names.update(k for k in aliases if (k in fact if not k.isascii() else
                                            re.search(rf"\b{re.escape(k)}\b", fact, re.I)))
    for n in list(names):
        names.update(aliases.get(n.lower() if n.isascii() else n, ()) if aliases else ())
        names.update(romanize(n))  # 朵朵 -> duoduo, for a turn saying "Duoduo's class"
    return any(n.lower() in words if n.isascii() else n in turn for n in names)
