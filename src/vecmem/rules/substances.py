"""What a health fact and a turn name in common: drugs by class, allergens by family, in
either language.

A turn seldom uses the fact's own word for a substance: the fact says "Codeine makes the
user vomit", the turn "牙医说可以吃含可待因的止痛药"; the fact "allergic to sulfa drugs", the
turn "the clinic is offering Bactrim"; the fact "coeliac … even a shared toaster", the turn
"买个新的烤面包机". The topic rules (``rules.profile``) see only that both are about
medicine or food, and a full reserve holds many such facts. This module names the
*class* a substance belongs to -- a drug class (opioids, NSAIDs, penicillins, sulfa
drugs, statins, anticoagulants …), an allergen family (tree nuts, shellfish, gluten,
dairy …) -- with the broader class above it (an antibiotic, a painkiller, a nut,
seafood), so that a turn and a fact sharing a class touch each other, the narrower the
class the closer the touch.

Each class lists generic names, common brand names and the Chinese names, plus drug-name
*morphology* (-statin / 他汀, -pril / 普利, -sartan / 沙坦, -cillin / 西林, cef- / 头孢,
-olol / 洛尔, -prazole / 拉唑, -mycin / 霉素), so a drug no list names still falls in its
class. Categories, never sentences: no entry comes from one test case.
"""

from __future__ import annotations

import re

from vecmem.text import lazy_re

#: class: (broader class or "", English alternation, Chinese alternation). English forms
#: match whole words, case-insensitively, with an optional plural; Chinese ones as
#: substrings.
_CLASSES: dict[str, tuple[str, str, str]] = {
    # -- drugs ----------------------------------------------------------------------------
    "opioid": ("painkiller", r"codeine|tramadol|oxycodone|oxycontin|hydrocodone|morphine|"
               r"fentanyl|pethidine|opioids?|opiates?|tylenol 3|panadeine|nurofen plus|"
               r"co-codamol", r"可待因|曲马多|羟考酮|吗啡|芬太尼|哌替啶|阿片"),
    "nsaid": ("painkiller", r"nsaids?|ibuprofen|naproxen|aspirin|diclofenac|celecoxib|"
              r"meloxicam|ketoprofen|indomethacin|advil|motrin|nurofen|aleve|voltaren|"
              r"disprin|anti-inflammator(?:y|ies)",
              r"布洛芬|萘普生|阿司匹林|双氯芬酸|塞来昔布|美洛昔康|吲哚美辛|芬必得|扶他林|"
              r"消炎止痛|非甾体"),
    "paracetamol": ("painkiller", r"paracetamol|acetaminophen|tylenol|panadol|calpol",
                    r"对乙酰氨基酚|扑热息痛|泰诺|必理通|百服宁"),
    "painkiller": ("", r"painkillers?|pain ?relie(?:f|vers?)|analgesics?",
                   r"止痛|镇痛|去痛"),
    "penicillin": ("antibiotic", r"penicillins?|amoxicillin|ampicillin|augmentin|"
                   r"amoxil|flucloxacillin|\w+cillin",
                   r"青霉素|阿莫西林|氨苄西林|阿莫仙|奥格门汀|[\u4e00-\u9fff]{1,3}西林"),
    "cephalosporin": ("antibiotic", r"cephalosporins?|cephalexin|cefalexin|keflex|"
                      r"cef\w{3,}", r"头孢"),
    "sulfa": ("antibiotic", r"sulfa|sulpha|sulfonamides?|sulphonamides?|"
              r"sulfamethoxazole|trimethoprim|bactrim|septra|co-trimoxazole",
              r"磺胺|复方新诺明|甲氧苄啶"),
    "macrolide": ("antibiotic", r"macrolides?|azithromycin|erythromycin|clarithromycin|"
                  r"zithromax|\w+thromycin", r"阿奇霉素|红霉素|克拉霉素|大环内酯"),
    "antibiotic": ("", r"antibiotics?|antibacterials?|doxycycline|ciprofloxacin|"
                   r"\w+floxacin|\w+cycline|\w+mycin",
                   r"抗生素|消炎药|霉素|沙星|环素"),
    "statin": ("", r"statins?|\w+statin|lipitor|crestor|zocor",
               r"他汀|立普妥"),
    "anticoagulant": ("", r"anticoagulants?|blood[- ]thinners?|warfarin|coumadin|"
                      r"apixaban|rivaroxaban|dabigatran|eliquis|xarelto|clopidogrel|"
                      r"plavix", r"抗凝|华法林|阿哌沙班|利伐沙班|达比加群|氯吡格雷|波立维"),
    "antihistamine": ("", r"antihistamines?|loratadine|cetirizine|fexofenadine|"
                      r"diphenhydramine|chlorphenamine|promethazine|claritin|zyrtec|"
                      r"telfast|benadryl|phenergan|piriton",
                      r"抗组胺|氯雷他定|西替利嗪|非索非那定|苯海拉明|扑尔敏|氯苯那敏|"
                      r"异丙嗪|开瑞坦|仙特明"),
    "decongestant": ("", r"decongestants?|pseudoephedrine|phenylephrine|sudafed|"
                     r"cold and flu|cold & flu", r"伪麻黄碱|去氧肾上腺素|新康泰克|感冒药"),
    "blood_pressure": ("", r"antihypertensives?|blood pressure (?:pills?|meds|"
                       r"medications?|tablets?)|\w{3,}pril|\w+sartan|\w+olol|amlodipine|"
                       r"\w+dipine|ace inhibitors?|beta[- ]blockers?|diuretics?",
                       r"降压|普利|沙坦|洛尔|[\u4e00-\u9fff]地平(?!线)|利尿"),
    "diabetes_drug": ("", r"insulin|metformin|glucophage|gliclazide|ozempic|semaglutide|"
                      r"jardiance|sglt2", r"胰岛素|二甲双胍|格列|降糖"),
    "thyroid_drug": ("", r"levothyroxine|thyroxine|eltroxin|synthroid",
                     r"优甲乐|左甲状腺素|甲状腺素"),
    "steroid": ("", r"steroids?|corticosteroids?|prednisone|prednisolone|"
                r"dexamethasone|hydrocortisone|cortisone", r"激素|泼尼松|地塞米松|氢化可的松"),
    "antidepressant": ("", r"antidepressants?|ssris?|sertraline|fluoxetine|citalopram|"
                       r"escitalopram|paroxetine|venlafaxine|prozac|zoloft|lexapro",
                       r"抗抑郁|舍曲林|氟西汀|西酞普兰|帕罗西汀|文拉法辛"),
    "sedative": ("", r"benzodiazepines?|\w+zepam|\w+zolam|sleeping pills?|sleep aids?|"
                 r"zolpidem|melatonin", r"安眠药|地西泮|唑仑|唑吡坦|褪黑素"),
    "acid_reducer": ("", r"\w+prazole|ppis?|antacids?|gaviscon|ranitidine|famotidine",
                     r"拉唑|胃药|抑酸|雷尼替丁|法莫替丁"),
    "triptan": ("", r"\w+triptan|imigran", r"曲普坦|舒马普坦|佐米曲普坦"),
    "anaesthetic": ("", r"ana?esthe\w+|lidocaine|novocaine|general anesthesia",
                    r"麻醉|利多卡因"),
    "contrast": ("", r"contrast (?:dye|agent|medium)|iodine", r"造影剂|碘"),
    "potassium": ("", r"potassium|salt substitutes?|lo-?salt", r"钾|代盐|低钠盐"),
    # -- foods and other allergens ------------------------------------------------------
    "peanut": ("nut", r"peanuts?|peanut butter|groundnuts?|satay|pb&j",
               r"花生|沙爹|沙茶"),
    "tree_nut": ("nut", r"tree[- ]nuts?|almonds?|cashews?|walnuts?|pecans?|hazelnuts?|"
                 r"pistachios?|macadamias?|brazil nuts?|pine nuts?|marzipan|praline|"
                 r"nutella|frangipane|pesto|baklava",
                 r"坚果|杏仁|腰果|核桃|碧根果|榛子|开心果|夏威夷果|松子|果仁|杏仁膏"),
    "nut": ("", r"nuts?|nut-free|nutty", r"坚果|果仁"),
    "shellfish": ("seafood", r"shellfish|shrimps?|prawns?|crabs?|lobsters?|crayfish|"
                  r"oysters?|mussels?|clams?|scallops?|paua|squid|calamari|octopus",
                  r"虾|蟹|龙虾|小龙虾|生蚝|牡蛎|青口|贻贝|蛤|扇贝|鲍鱼|贝类|鱿鱼|章鱼"),
    "fish": ("seafood", r"fish|salmon|tuna|cod|sardines?|anchov(?:y|ies)|sashimi|"
             r"fish sauce|mackerel|snapper", r"鱼|三文鱼|金枪鱼|鳕鱼|刺身|鱼露|生鱼片"),
    "seafood": ("", r"seafood|sushi", r"海鲜|海产|寿司"),
    "dairy": ("", r"dairy|milk|lactose|cheese|butter|cream|yogh?urt|lattes?|"
              r"cappuccinos?|flat whites?|ice cream|whey|casein|milkshakes?",
              r"(?<!奶)奶(?!奶)|乳糖|乳制品|芝士|奶酪|黄油|酸奶|拿铁|冰淇淋|雪糕|乳清"),
    "gluten": ("", r"gluten|wheat|barley|rye|bread|toast|toasters?|pasta|flour|"
               r"noodles?|couscous|semolina|beer|croissants?|pastr(?:y|ies)|"
               r"dumplings?|coeliac|celiac|crackers?|bagels?|pizza",
               r"麸质|小麦|大麦|黑麦|面包|吐司|面粉|面条|意面|啤酒|饺子|包子|馒头|"
               r"乳糜泻|烤面包|面食|披萨"),
    "egg": ("", r"eggs?|mayo(?:nnaise)?|meringues?|custard|omelet(?:te)?s?",
            r"鸡蛋|蛋黄|蛋白|蛋清|蛋黄酱|蛋挞|蛋类|煎蛋|荷包蛋"),
    "soy": ("", r"soy|soya|tofu|edamame|soy sauce|miso|tempeh",
            r"大豆|黄豆|豆腐|豆浆|毛豆|酱油|味噌"),
    "sesame": ("", r"sesame|tahini|hummus", r"芝麻|麻酱|香油"),
    "grapefruit": ("", r"grapefruits?|pomelos?", r"西柚|葡萄柚|柚子"),
    "alcohol": ("", r"alcohol|wine|beer|whisk(?:e)?y|vodka|cocktails?|champagne|"
                r"prosecco", r"酒(?!店)|威士忌|鸡尾酒"),
    "caffeine": ("", r"caffeine|coffee|espresso|energy drinks?", r"咖啡|能量饮料"),
    "kiwi": ("", r"kiwis?|kiwi ?fruits?", r"猕猴桃|奇异果"),
    "stone_fruit": ("", r"stone fruits?|peach(?:es)?|plums?|cherr(?:y|ies)|apricots?|"
                    r"nectarines?", r"(?<!核)桃|李子|樱桃|车厘子|杏子"),
    "latex": ("", r"latex|rubber gloves?|balloons?", r"乳胶|橡胶手套|气球"),
    "insect": ("", r"bees?|wasps?|hornets?|stings?|stung|yellow ?jackets?",
               r"蜜蜂|马蜂|黄蜂|胡蜂|蜇"),
    "cat": ("", r"cats?|kittens?|cat dander", r"猫"),
    "dog": ("", r"dogs?|pupp(?:y|ies)", r"狗"),
    "pollen": ("", r"pollen|hay ?fever", r"花粉"),
    "chocolate": ("", r"chocolate|cocoa|cacao", r"巧克力|可可"),
    "grape": ("", r"grapes?|raisins?|sultanas?", r"葡萄(?!柚)|葡萄干|提子"),
    "onion": ("", r"onions?|garlic|leeks?|chives", r"洋葱|大蒜|蒜|韭菜|葱"),
}

_EN = {name: lazy_re(rf"\b(?:{en})(?:e?s)?\b", re.I) for name, (_, en, _zh) in
       _CLASSES.items()}
_ZH = {name: lazy_re(zh) for name, (_, _en, zh) in _CLASSES.items()}
#: Words that look like a class's morphology but are none.
_NOT_SUBSTANCE = lazy_re(r"\b(?:bicycles?|recycl\w*|tricycles?|motorcycles?|unicycles?)\b",
                         re.I)

#: How close a shared class is: the class a substance is named by (2) or the broader one
#: above it (1).
NARROW, BROAD = 2, 1


def classes(text: str) -> dict[str, int]:
    """The substance classes a text names, each with how narrowly (``NARROW`` for the
    class itself, ``BROAD`` for the class above it): "可待因" -> {opioid: 2,
    painkiller: 1}; "Bactrim" -> {sulfa: 2, antibiotic: 1}."""
    if not text:
        return {}
    plain = _NOT_SUBSTANCE.sub(" ", text)
    out: dict[str, int] = {}
    for name, (parent, _en, _zh) in _CLASSES.items():
        if _EN[name].search(plain) or _ZH[name].search(plain):
            out[name] = NARROW
            if parent and out.get(parent, 0) < BROAD:
                out[parent] = BROAD
    return out


def shared(turn: str, fact: str) -> int:
    """How closely a turn and a fact name the same substance: ``NARROW`` when both name
    one class (codeine and 可待因), ``BROAD`` when they meet only in the class above
    (可待因 and a fact about aspirin: both painkillers), 0 when they name none in common.
    A class named broadly on both sides counts as broad."""
    a, b = classes(turn), classes(fact)
    return max((min(a[c], b[c]) for c in a.keys() & b.keys()), default=0)


#: Standing conditions a turn may ask about for "someone with" them, by what they name in
#: either language (session 17): the condition a household fact holds.
_CONDITIONS: dict[str, tuple[str, str]] = {
    "kidney": (r"kidneys?|renal", r"肾"),
    "diabetes": (r"diabet\w*|blood sugar", r"糖尿病|血糖"),
    "gout": (r"gout|uric acid|urate", r"痛风|尿酸"),
    "asthma": (r"asthma\w*", r"哮喘"),
    "hypertension": (r"hypertension|high blood pressure", r"高血压|血压高|血压偏高"),
    "coeliac": (r"c[o]?eliac|gluten intoleran\w*", r"乳糜泻|麸质不耐"),
    "heart": (r"heart (?:condition|disease|failure|problems?)|afib|atrial fibrillation|"
              r"pacemakers?", r"心脏病|房颤|心衰|起搏器"),
    "liver": (r"liver (?:disease|problems?)|hepatitis|cirrhosis", r"肝病|肝炎|肝硬化|肝不好"),
    "pregnancy": (r"pregnan\w*|expecting", r"怀孕|孕妇|孕期"),
    "epilepsy": (r"epilep\w*|seizures?", r"癫痫|抽搐"),
    "cholesterol": (r"cholesterol", r"胆固醇|血脂"),
}
_CONDITION_RX = {name: lazy_re(rf"\b(?:{en})\b|{zh}", re.I)
                 for name, (en, zh) in _CONDITIONS.items()}


# Someone who takes a drug or has a condition, asked about in a knowledge question's shape
# ("for someone on metformin", "people taking warfarin", "吃华法林的人"; "for someone with
# weak kidneys", "有糖尿病的人", "痛风患者"): the household member who does. "What's the
# history of codeine?" is about the drug, not a person.
_ANYONE = (r"\b(?:someone|somebody|anyone|a person|people|patients?|an? (?:\w+ )?(?:man|woman|"
           r"adult|kid|child|senior))\s+")
_ZH_PERSON = r"[^，。,？?]{1,8}的(?:人|老人|病人|患者)"
_ON_DRUG = lazy_re(rf"{_ANYONE}(?:who(?:'s| is| are)?\s+)?(?:on|taking|takes|using)\b"
                   rf"|(?:吃|服用|在吃|用){_ZH_PERSON}", re.I)
_WITH_CONDITION = lazy_re(
    rf"{_ANYONE}(?:who (?:has|have)|with)\b|\bfor (?:a |an )?diabetics?\b"
    rf"|(?:有|得了?|患有?){_ZH_PERSON}|[\u4e00-\u9fff]{{1,4}}(?:不好|不全)的(?:人|老人)"
    r"|[\u4e00-\u9fff]{1,4}患者", re.I)


def asks_for_someone_on(turn: str) -> bool:
    """True for a question about someone who takes a drug (see ``_ON_DRUG``)."""
    return _ON_DRUG.search(turn) is not None


def asks_for_someone_with(turn: str) -> bool:
    """True for a question about someone with a condition (see ``_WITH_CONDITION``)."""
    return _WITH_CONDITION.search(turn) is not None


def shares_condition(turn: str, fact: str) -> bool:
    """True when a turn and a fact name the same standing condition (weak kidneys and
    肾功能不太好, diabetes and 糖尿病)."""
    return any(rx.search(turn) and rx.search(fact) for rx in _CONDITION_RX.values())


def shares_drug(turn: str, fact: str) -> bool:
    """True when a turn and a fact name the same drug class itself (``NARROW``: metformin
    and 二甲双胍, ibuprofen and meloxicam), not only a broader one or a food."""
    a, b = classes(turn), classes(fact)
    return any(a[c] == b[c] == NARROW and is_drug(c) for c in a.keys() & b.keys())


def is_drug(name: str) -> bool:
    """True for a drug class (the first block above), False for a food or allergen."""
    return name in _DRUGS


_DRUGS = frozenset(list(_CLASSES)[:list(_CLASSES).index("peanut")])
