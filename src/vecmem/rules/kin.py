"""Whom a fact or a turn is about: family roles and pets, and the names the store gives
them.

A health fact about the user's grandson says "Nikau"; the turn that needs it says "my
grandson", "孙子" or "Nikau's daycare". A fact about the dog says "Kumara"; the turn says
"can I give the dog …". So a role is read two ways: by its word (``ROLES``: wife, 儿子,
grandson, 狗, cockatiel …) and by a name the store ties to that role in one of a few
frames (``kin_of``: "User's son Max", "儿子小满", "用户的狗叫 Kumara", "a cockatiel called
Doudou", "Sesame the cat", "叫芝麻的英短猫"). The names are learned from the memories, not
listed; the frames are the same for every person and both languages.

In a *turn* a role word counts only when it is the user's own ("my mum", "Mum", "我妈"),
not someone else's ("a mum is asking …", "her son", "客人的孩子").
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence

from vecmem.text import lazy_re

#: Role -> the words that name it. Pets by species (a store seldom has two cockatiels).
_ROLE_WORDS: dict[str, tuple[str, str]] = {
    # role: (English words, Chinese words)
    "spouse": (r"wife|husband|partner|spouse", r"妻子|丈夫|老婆|老公|爱人|媳妇"),
    "mother": (r"mother(?![- ]in[- ]law)|mom|mum|mommy|mummy|mama|ma(?=['’]s)",
               r"妈妈|母亲|老妈|(?<![舅姑姨婶])妈"),
    "father": (r"father(?![- ]in[- ]law)|dad|daddy|papa", r"爸爸|父亲|老爸|爸"),
    "parents": (r"parents(?![- ]in[- ]law)", r"父母|爸妈"),
    # Session 17: a spouse's parents and the wider family are the user's own too ("岳母会说
    # 英语吗？", "my cousin Wei is visiting"); 阿姨 / 叔叔 are left out (any older person).
    "in_law": (r"(?:mother|father|parents|mum|mom|dad)[- ]in[- ]law|in-?laws",
               r"岳母|岳父|丈母娘|老丈人|岳父母|婆婆|公公|公婆"),
    "relative": (r"aunt(?:ie)?|uncle|cousin|nephew|niece",
                 r"舅舅|舅妈|姑姑|姑妈|姑父|姨妈|姨父|小姨|大姨|叔叔婶婶|婶婶|伯伯|伯母|"
                 r"[表堂](?:哥|姐|弟|妹|兄)|侄子|侄女|外甥女?"),
    "child": (r"daughter|son|child|children|kids?|baby|toddler|little one",
              r"女儿|儿子|孩子|小孩|宝宝|闺女"),
    "grandchild": (r"grandson|granddaughter|grandchild(?:ren)?|grandkids?|grandbaby",
                   r"孙子|孙女|外孙女?|孙辈"),
    "sibling": (r"sister|brother|sibling", r"姐姐|妹妹|哥哥|弟弟|姐夫|妹夫|嫂子|弟妹"),
    "grandparent": (r"grandmother|grandfather|grandma|grandpa|granny|grandparents?",
                    r"奶奶|爷爷|外婆|外公|姥姥|姥爷"),
    "cat": (r"cats?|kittens?|kitty", r"(?<!熊)猫(?!头鹰|眼)"),
    "dog": (r"dogs?|pupp(?:y|ies)|corgi|labrador|retriever|poodle|terrier|beagle|spaniel|"
            r"collie|dachshund|husky|schnauzer|shepherd",
            r"狗|犬|柯基|拉布拉多|金毛|泰迪|柴犬|哈士奇|边牧"),
    "bird": (r"birds?|cockatiels?|parrots?|budgies?|budgerigars?|canar(?:y|ies)|parakeets?",
             r"鸟|鹦鹉|玄凤|虎皮"),
    "rabbit": (r"rabbits?|bunn(?:y|ies)|hamsters?|guinea pigs?", r"兔子|兔兔|仓鼠|豚鼠"),
    "tortoise": (r"tortoises?|turtles?|lizards?|geckos?", r"乌龟|龟|蜥蜴|守宫"),
}
ROLES: dict[str, re.Pattern[str]] = {
    role: lazy_re(rf"\b(?:{en})s?\b|{zh}", re.I) for role, (en, zh) in _ROLE_WORDS.items()}
_ANY_EN = "|".join(en for en, _ in _ROLE_WORDS.values())
_ANY_ZH = "|".join(zh for _, zh in _ROLE_WORDS.values())

#: Pets: in a turn their species word counts only when it is the user's ("my cat", "the
#: dog", "我家的猫"): "Why do cats purr?" is about no one.
PETS = frozenset({"cat", "dog", "bird", "rabbit", "tortoise"})
#: The words of the human roles (no species), for the relevance gate's personal anchors
#: (``rules/turn_need.py``): "岳母会说英语吗？" is about the person's family.
HUMAN_EN = "|".join(en for r, (en, _) in _ROLE_WORDS.items() if r not in PETS)
HUMAN_ZH = "|".join(zh for r, (_, zh) in _ROLE_WORDS.items() if r not in PETS)
_OWNED_PET = lazy_re(
    rf"\b(?:my|our|the)\s+(?:[\w-]+\s+)?(?:{'|'.join(_ROLE_WORDS[p][0] for p in PETS)})s?\b|"
    rf"(?:我家|家里|我的|我们家|咱家)的?[\u4e00-\u9fff]{{0,3}}?"
    rf"(?:{'|'.join(_ROLE_WORDS[p][1] for p in PETS)})", re.I)
#: Someone else's relative in a turn: "a mum", "her son", "another dog", "客人的孩子".
_OTHERS = lazy_re(
    rf"\b(?:a|an|another|her|his|their|your|some|other|one|the other|every|each|any|whose)"
    rf"\s+(?:[\w-]+\s+)?(?:{_ANY_EN})s?\b|"
    rf"(?:一位|一个|有个|有位|别人的?|人家的?|客人的?|顾客的?|朋友的|同事的|邻居的|他的|她的|"
    rf"他们的|她们的)(?:{_ANY_ZH})", re.I)

#: A name: a capitalized word, or two or three Chinese characters.
_NAME = r"[A-Z][a-z]+|[\u4e00-\u9fff]{2,3}"
#: Frames that tie a name to one of the user's roles (the name is group "n", the role
#: word group "r"). The possessor must be the user: "Jun's wife Aroha" is not the user's
#: wife.
_KIN_FRAMES = [lazy_re(p) for p in (
    # "User's son Max", "my grandson Nikau", "our cat Mochi", "User's son 何俊 / Jun He"
    rf"(?i:\b(?:user's|my|our)\s+(?:(?:younger|older|elder|little|big|baby|\d+-year-old)\s+)?)"
    rf"(?P<r>(?i:{_ANY_EN}))s?,?\s+(?:(?:is\s+)?(?:called|named)\s+)?(?P<n>{_NAME})",
    # "User has a cockatiel called Doudou", "a dog named Kumara"
    rf"(?i:\b(?:an?|one)\s+(?:[\w-]+\s+){{0,3}}?)(?P<r>(?i:{_ANY_EN}))\s+"
    rf"(?i:called|named)\s+(?P<n>{_NAME})",
    # "Sesame the cat", "Dumpling the corgi", "Marco, the user's husband"
    rf"(?P<n>[A-Z][a-z]+),?\s+(?i:the\s+(?:user's\s+)?(?:[\w-]+\s+)?)"
    rf"(?P<r>(?i:{_ANY_EN}))s?\b",
    # "用户的孙子 Nikau", "儿子小满", "用户的狗叫 Kumara", "家里的柯基叫豆包"
    rf"(?:^|用户的|我的|家里的|家里有|养了|[，。；])(?:一只|一条|两只)?(?P<r>{_ANY_ZH})"
    rf"(?:叫|名叫|名字叫|是)?\s?(?P<n>[A-Z][a-z]+|[\u4e00-\u9fff]{{2,3}}?)"
    r"(?=[，,。；;\s（(、]|今年|出生|\d|岁|$)",
    # "养了一只叫芝麻的英短猫"
    rf"叫(?P<n>[\u4e00-\u9fff]{{2,3}}?|[A-Z][a-z]+)的[\u4e00-\u9fff]{{0,3}}?(?P<r>{_ANY_ZH})",
)]
#: Words a frame can catch that are no one's name.
_NOT_NAMES = frozenset(("User", "The", "She", "He", "They", "His", "Her", "This", "That",
                        "用户", "今年", "出生", "一个", "一只", "现在", "目前", "平时", "每天",
                        "英文", "中文", "名字"))


def role_of(word: str) -> str | None:
    """The role a role word names (``son`` -> child, ``柯基`` -> dog)."""
    return next((role for role, rx in ROLES.items() if rx.fullmatch(word)), None)


def kin_of(text: str) -> list[tuple[str, str]]:
    """(name, role) for each name ``text`` ties to one of the user's roles ("User's son
    Max has asthma" -> [("Max", "child")])."""
    out: list[tuple[str, str]] = []
    for rx in _KIN_FRAMES:
        for m in rx.finditer(text):
            name, role = m.group("n"), role_of(m.group("r"))
            if (role and name not in _NOT_NAMES and not ROLES[role].fullmatch(name)
                    and (name, role) not in out):
                out.append((name, role))
    return out


def learn(texts: Iterable[str], aliases: Mapping[str, Sequence[str]] | None = None
          ) -> dict[str, list[str]]:
    """Name -> roles over a store's memories; a name's forms in the other script
    (``aliases``: 豆包 -> dumpling) get the same roles. Latin names lower-cased."""
    kin: dict[str, list[str]] = {}
    for text in texts:
        for name, role in kin_of(text):
            key = name.lower() if name.isascii() else name
            if role not in kin.setdefault(key, []):
                kin[key].append(role)
    for name, found in list(kin.items()):
        # "何俊 / Jun He": a turn says "Jun" (the given name first in a Latin form).
        others = [f for o in (aliases or {}).get(name, ()) for f in dict.fromkeys(
            (o, o.split()[0]))]
        for other in others:
            for role in found:
                if role not in kin.setdefault(other, []):
                    kin[other].append(role)
    return kin


def roles(text: str, *, turn: bool = False, own: bool = False,
          kin: Mapping[str, Sequence[str]] | None = None) -> frozenset[str]:
    """Whom a text is about: the roles it names by word or by a learned name (``kin``),
    and ``self`` for the user's own fact (``own``) or a turn that names nobody else (a
    turn is the user speaking). In a turn someone else's relative ("a mum") is no one's
    role."""
    words = _OTHERS.sub(" ", text) if turn else text
    found = {name for name, rx in ROLES.items() if rx.search(words)}
    if turn:
        owned = " ".join(m.group(0) for m in _OWNED_PET.finditer(words))
        found = {r for r in found if r not in PETS or ROLES[r].search(owned)}
    for name, of in (kin or {}).items():
        hit = (re.search(rf"\b{re.escape(name)}\b", text, re.I) if name.isascii()
               else name in text)
        if hit:
            found.update(of)
    if "parents" in found:
        found |= {"mother", "father"}
    if own or (turn and not found):
        found.add("self")
    return frozenset(found)
