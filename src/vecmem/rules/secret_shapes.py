"""Secret shapes recognised by structure plus a nearby label: app passwords, licence keys,
multi-word passphrases.

Each shape alone would also match ordinary text (four 4-letter words, a part number,
three words after "is"), so each needs its label close before it, and the value must
look like a value: a passphrase holds no function word or participle ("the passphrase is
written on a card" is a fact), a licence key mixes letters and digits. Microsoft's 5×5
product-key layout is distinctive enough alone. Pure functions; ``secrets.find_secrets``
combines these with the vendor shapes and labelled assignments.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from vecmem.text import ENGLISH_STOPWORDS, ascii_word_re, lazy_re

__all__ = ["CODE_WORD", "INSTRUCTION", "NOT_PHRASE", "SEP", "SHAPE_DESCRIPTIONS",
           "kind_example", "structured_secrets"]

SHAPE_DESCRIPTIONS = {
    "app_password": "an app password",
    "license_key": "a licence or product key",
    "passphrase": "a passphrase",
    "login_password": "the password of a user / password pair",
    "backup_codes": "two-factor backup codes",
    "payment_card": "a payment card number",
    "cli_password": "a password on a command line",
    "zh_password": "a password written in Chinese characters and digits",
    "code_in_words": "a PIN or password spelled out in words",
    "recovery_key": "a disk-encryption recovery key",
    "national_id": "a national identity number (SSN, 身份证号)",
}

SEP = r"[_ .-]?"
# Labels of numeric codes. "PIN code is required at checkout" names one without giving it.
CODE_WORD = (
    rf"(?:pin2?(?:{SEP}code)?|puk(?:{SEP}code)?|passcode|pass{SEP}code|passkey|(?:door|alarm|unlock"
    rf"|lock|gate|access|security|garage|safe|entry|keypad|building|backup|recovery|2fa|mfa"
    rf"|storage|locker|mailbox|bike|gym|pool|house|front|back|office|apartment|padlock|shed"
    rf"|cabinet|tablet|phone|laptop|screen|verification|sms|login|otp|guard|authenticator"
    # One word may sit between ("alarm panel code", "front door code", "garage door code").
    rf"|one{SEP}time)(?:{SEP}[a-z]{{3,10}})?{SEP}codes?|(?:safe{SEP}|lock{SEP})?(?:combination|combo)|keypad"
    # "the code to the garage is 7788": the place after the word.
    r"|codes?(?=\s+(?:to|for|of)\s+(?:the\s+|my\s+|our\s+)?(?:front\s+|back\s+)?(?:door|gate"
    r"|garage|safe|alarm|lock|locker|building|house|apartment|flat|office|storage|shed|padlock"
    r"|mailbox|gym|bike)\b)"
    # Card security codes: three or four digits (see secrets._plausible_assigned).
    rf"|cvv2?|cvc2?|card{SEP}security{SEP}code)"
)

_B = r"(?<![A-Za-z0-9])"
_E = r"(?![A-Za-z0-9])"
# Google-style app passwords: four groups of four lower-case letters (spaces or hyphens,
# a hyphen of any width with spaces around it: "hqzr ‑ vmkt ‑ pwle ‑ snbd").
_APP_PASSWORD = lazy_re(
    rf"{_B}[a-z]{{4}}([ .-]|[ \t]?[\u2010-\u2015\u2212-][ \t]?)"
    rf"[a-z]{{4}}\1[a-z]{{4}}\1[a-z]{{4}}{_E}"
)
_APP_LABEL = lazy_re(
    r"(?i)(?:app(?:lication)?[ -]?(?:specific[ -])?password|password|passcode|passwd|pwd"
    r"|(?<![A-Za-z])pw(?![A-Za-z])|密码|口令"
    # a setting's name: "smtp_pass = 'gmlx vbqe trsp nayk'", "pass: …"
    r"|[_.-]pass(?![A-Za-z])|(?<![A-Za-z])pass(?=\s*[:=]))"
)
# Groups between hyphens or spaces, mixed too ("ZQ7R1-XW9P2 KL4M3-TN8Y5").
_KEY_GROUPS = lazy_re(rf"{_B}[A-Z0-9]{{4,6}}(?:[- ][A-Z0-9]{{4,6}}){{3,5}}{_E}")
# BitLocker's recovery key: eight groups of six digits, distinctive enough alone.
_RECOVERY_KEY = lazy_re(r"(?<![\d-])\d{6}(?:-\d{6}){7}(?![\d-])")
_PRODUCT_KEY_5X5 = lazy_re(rf"{_B}[A-Z0-9]{{5}}(?:-[A-Z0-9]{{5}}){{4}}{_E}")
_KEY_LABEL = lazy_re(
    r"(?i)licen[cs]e|product[ _-]?key|serial(?:[ _-]?(?:key|number|no\b))?|activat(?:ion|ed?|ing)"
    r"|registration|cd[ _-]?key|recovery[ _-]?key"
    r"|激活|注册码|许可证|序列号|产品密钥"
)
_PASSPHRASE_LABEL = (
    r"(?i)(?<![A-Za-z])(?P<label>pass ?phrase|(?:seed|recovery|wallet|backup|mnemonic)"
    r"(?: phrase| words| seed)?|secret phrase|password|passwort|助记词|密语|口令|密码(?:短语)?)"
    r"(?:\s+(?:for|of|on|to)\s+(?:the\s+|my\s+|our\s+|their\s+|his\s+|her\s+)?[\w.-]{1,30}"
    r"(?:\s+[\w.-]{1,30}){0,3})?"
    r"\s*(?P<sep>(?:is|was)\s*:|is|was|:|=|—|–|是|为|就是)\s*"
)
_PASSPHRASE = lazy_re(
    # Words joined by one separator, the same each time: a space or a hyphen ("green lantern
    # over harbor"), or — after a passphrase or seed label — a slash, a comma, a bar or a
    # dot between them ("cedar / mango / Jupiter / kite", "walnut, ember, quilt, harbor").
    _PASSPHRASE_LABEL + r"[\"'“]?(?P<value>[A-Za-z]{2,12}(?P<ps>[ -]|[ \t]?[/,|·][ \t]?)"
    r"[A-Za-z]{2,12}(?:(?P=ps)[A-Za-z]{2,12}){1,22})(?![A-Za-z])"
)
# A quoted passphrase with digits or symbols in it: "the passphrase for the ssh key is
# 'the quick brown fox 99'" (words alone go through the phrase check above).
_QUOTED_PHRASE = lazy_re(
    _PASSPHRASE_LABEL + r"(?P<q>['\"“‘])(?P<value>[^'\"”’\n]{8,80})['\"”’]"
)
# A wallet seed in Chinese words (BIP-39 has a Chinese list): twelve or more short words
# after a mnemonic label.
_ZH_MNEMONIC = lazy_re(
    r"(?:助记词|恢复短语|种子短语|钱包短语)\s*(?:[:：]|是|为)\s*"
    r"(?P<value>[\u4e00-\u9fff]{1,4}(?:[ ,，、]+[\u4e00-\u9fff]{1,4}){11,23})"
)
# Words that make "<label> is …" a sentence about the secret, not the secret itself.
_NOT_PHRASE_WORDS = (
    "required needed stored kept saved written printed managed shared rotated changed reset "
    "expired set long short strong weak secure different same unknown missing empty hidden "
    "also still never always usually located inside under case sensitive used hard easy"
)
NOT_PHRASE = _NOT_PHRASE = ENGLISH_STOPWORDS | frozenset(_NOT_PHRASE_WORDS.split())
#: Verbs that open an instruction after a label ("passphrase: ask the front desk").
_INSTRUCTION_WORDS = (
    "ask call see check contact use get find look talk text email message refer consult "
    "read request phone ping dm visit open follow try"
)
INSTRUCTION = frozenset(_INSTRUCTION_WORDS.split())


# "admin / P@ssw0rd99", "login: bob / hunter22!" after a login-ish word: the second half.
_LOGIN_PAIR = lazy_re(
    r"(?i)(?:login|log-in|sign-in|credentials?|creds|account|admin|user(?:name)?|wi-?fi|wlan"
    r"|账号|帐号|登录|热点|无线网)"
    r"[^\n/]{0,30}?(?<![\w@.+-])[\w.@+-]{2,40} ?/ ?(?P<value>[^\s/\[]{4,64})(?![^\s])"
)
# "U: ann P: Orca#2024": one-letter labels of a user and its password, side by side.
_UP_PAIR = lazy_re(
    r"(?<![\w.])(?:U|User|Username|Login|ID)\s*[:=]\s*(?=\S{0,40}[A-Za-z])[^\s,;/|]{2,40}\s*[,;/|]?\s*"
    r"(?:P|PW|Pass)\s*[:=]\s*(?P<value>[^\s,;]{4,64})"
)
_BACKUP_LABEL = lazy_re(
    r"(?i)\b(?:backup|recovery|2fa|mfa|one-time|scratch) codes?\b|备用码|恢复码"
)
_BACKUP_CODE = lazy_re(rf"{_B}(?:\d{{4}}[- ]?\d{{4}}"
                       rf"|(?=[A-Za-z0-9-]*\d)[a-z0-9]{{4,5}}-[a-z0-9]{{4,5}}"
                       rf"|(?=[A-Z0-9-]*\d)[A-Z0-9]{{4,5}}-[A-Z0-9]{{4,5}}){_E}")


# Payment card numbers: 13-19 digits, in groups or not, that pass the Luhn check, with a
# card label close before or in the 4×4 layout cards print. A Luhn-valid order number
# without a label stays ("Order 4539 1488 0343 6467" is still read as a card: 4×4 groups).
_CARD_NUMBER = lazy_re(r"(?<![\d-])\d{4}(?:[ -]?\d{4}){2}[ -]?\d{1,7}(?![\d-])")
# National identity numbers open accounts the way a password does. A US Social Security
# number after its label, in its issued ranges (no 000 / 666 / 9xx area, no 00 group, no
# 0000 serial); a Chinese resident ID by its structure alone: region, a real birth date,
# sequence and the ISO 7064 MOD 11-2 check character, or that structure after its label.
_SSN_LABEL = lazy_re(r"(?i)(?<![A-Za-z])(?:ssn|social\s+security\s+(?:number|no\.?|#))(?![A-Za-z])"
                     r"|社会安全号|社保号")
_SSN = lazy_re(r"(?<![\d-])(?!000|666|9)\d{3}([- ]?)(?!00)\d{2}\1(?!0000)\d{4}(?![\d-])")
_CN_ID = lazy_re(r"(?<![\dA-Za-z])[1-9]\d{5}(?:18|19|20)\d{2}(?:0[1-9]|1[0-2])"
                 r"(?:0[1-9]|[12]\d|3[01])\d{3}[\dXx](?![\dA-Za-z])")
_CN_ID_LABEL = lazy_re(r"身份证|身份號|证件号|(?i:(?<![A-Za-z])(?:resident\s+)?id\s+(?:card\s+)?"
                       r"(?:number|no\.?|#))")
_CN_ID_WEIGHTS = (7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2)


def _cn_id_checks(value: str) -> bool:
    total = sum(int(c) * w for c, w in zip(value[:17], _CN_ID_WEIGHTS, strict=True))
    return "10X98765432"[total % 11] == value[17].upper()


_CARD_GROUPS = lazy_re(r"^\d{4}([ -])\d{4}\1\d{4}\1\d{4}$")
_CARD_LABEL = lazy_re(
    r"(?i)\b(?:card|visa|mastercard|master card|amex|american express|credit|debit|cc)\b"
    r"|卡号|信用卡|银行卡|借记卡|储蓄卡"
)


# Passwords on a command line: "mysql -u root -pS3cret99", "--password=…", "sshpass -p …",
# "curl -u admin:Adm1nPass …"; and one named before its label: "Use 'Hunter2024!' as the
# db password".
_CLI_PASSWORD = lazy_re(
    r"(?i)\b(?:mysql|mysqldump|mysqladmin|mariadb)\b[^\n]{0,80}?\s-p(?P<v1>[^\s'\"-][^\s'\"]{2,})"
    r"|--password[= ]['\"]?(?P<v2>[^\s'\"]{3,})|\bsshpass\s+-p\s*['\"]?(?P<v3>[^\s'\"]{3,})"
    r"|\bcurl\b[^\n]{0,80}?\s(?:-u|--user)\s+['\"]?[^\s:'\"]+:(?P<v4>[^\s'\"]{3,})"
    # "docker login -u me -p …", "redis-cli -a …", "zip -P … ", "smbclient -U user%…"
    r"|\b(?:docker|podman|nerdctl|buildah|skopeo|helm|oras)\s+(?:registry\s+)?login\b[^\n]{0,80}?"
    r"\s(?:-p|--password)\s+['\"]?(?P<v5>[^\s'\"-][^\s'\"]{2,})"
    r"|\bredis-cli\b[^\n]{0,80}?\s-a\s+['\"]?(?P<v6>[^\s'\"-][^\s'\"]{2,})"
    r"|\b(?:zip|unzip|7z|7za)\b[^\n]{0,40}?\s-(?:P\s+|p)['\"]?(?P<v7>[^\s'\"-][^\s'\"]{2,})"
    r"|\bsmbclient\b[^\n]{0,80}?\s-U\s+['\"]?[^\s%'\"]+%(?P<v8>[^\s'\"]{3,})"
)
_VALUE_AS_LABEL = lazy_re(
    r"(?i)\b(?:use|using|with|set|chose|picked)\s+(?P<q>['\"`“]?)(?P<v>[^\s'\"`”]{6,64})(?P=q)?\s+as\s+"
    r"(?:the\s+|my\s+|our\s+|a\s+)?(?:[\w-]+\s+){0,3}(?:password|passphrase|passcode|pin|pwd)\b"
    # "Maple!88 is the router password", "4821 is my PIN": the value, then its label.
    r"|(?<![^\s\"'“(])(?P<q2>['\"`“]?)(?P<v2>[^\s'\"`”]{3,64})(?P=q2)?\s+(?:is|was"
    # "4821 — that's the PIN", "Maple!88, that is my password"
    r"|[—–-]\s+that'?s|[—–-]\s+that\s+is|,\s+that'?s|,\s+that\s+is)\s+"
    # "… is what I set as the router password": a relative clause may come first.
    r"(?:what\s+(?:I|we|you|he|she)\s+(?:set|use|used|chose|picked|made|have)\s+(?:as\s+)?)?"
    r"(?:the\s+|my\s+|our\s+|his\s+|her\s+|their\s+|your\s+|(?:the\s+)?[A-Za-z-]{2,30}['’]s\s+)"
    r"(?:new\s+|old\s+)?(?:[\w-]+\s+){0,3}"
    r"(?P<label2>password|passphrase|passcode|pin(?:\s+code)?|pwd|cvv2?|cvc2?)(?![\w-])"
)


# Chinese passwords the label rule cannot see: a value of Chinese characters and digits
# ("口令：芝麻开门2024"), or a short description before the value ("支付宝密码是我生日
# 19900512"). A value that starts with a word of instruction or state ("请…", "已…") is none.
_ZH_LABEL = r"(?:密码|口令|回令|暗号|支付密码|登录密码)"
_ZH_MIXED_VALUE = lazy_re(
    rf"{_ZH_LABEL}\s*(?:[:：]|是|为|就是|叫)\s*(?P<v>(?![已请在见不没无由用去找问要我你他她])"
    r"[\u4e00-\u9fff]{1,8}\d{2,8}|\d{2,8}(?![年月日号位个次岁点天周])[\u4e00-\u9fff]{1,8})"
    r"(?=$|[\s,，。.;；!！])"
)
# A watchword of Chinese words ("口令是天王盖地虎", "暗号：芝麻开门", "密码：木兰花开"): three
# to eight Han characters ending the clause, after 口令 / 暗号 (or 密码 and a colon), none
# of them a word that describes a password or asks about it ("口令是每周一换", "暗号是什么",
# "密码：八位数字", "密码：我的生日").
_ZH_WORDS_VALUE = lazy_re(
    r"(?:(?:口令|回令|暗号)\s*(?:(?:是|为|就是|叫)?\s*[:：]|是|为|就是|叫)|密码\s*(?:是\s*)?[:：])\s*"
    r"(?P<v>[\u4e00-\u9fff]{3,8})(?=$|[\s,，。.;；!！])"
)
_ZH_DESCRIPTION = lazy_re(
    r"[的了吗呢吧啊么嘛呀啥咋着来每换改变位个数号码密后前不没无在用请问找说告知忘记已未要会能可该是和与或"
    r"我你他她它们这那哪谁几多少什怎见发给]"
    r"|生日|手机|身份证|名字|拼音|默认|随机|简单|复杂|大写|小写|字母|英文|中文|汉字|长度|强度|明文|同上"
    r"|保密|一样|相同|邮件|附件|邮箱|群里|同事|管理员"
)
# The second half of a watchword pair ("天王盖地虎，宝塔镇河妖").
_ZH_WORDS_NEXT = lazy_re(r"[,，、]\s*(?P<v>[\u4e00-\u9fff]{3,8})(?=$|[\s,，。.;；!！])")
_ZH_DESCRIBED_VALUE = lazy_re(
    rf"{_ZH_LABEL}\s*(?:是|为|就是)\s*[\u4e00-\u9fff]{{1,8}}?\s+"
    r"(?P<v>[A-Za-z0-9!@#$%^&*._-]*\d[A-Za-z0-9!@#$%^&*._-]{3,})"
)


# Codes spelled out in words after a code or password label: "my PIN is four eight two
# one", "门禁密码：三七九一", "密码是幺二三四". Four or more digit words in a row and nothing
# else: "the password is four words long" and "密码是八位以上" hold one number word, and a
# Chinese run followed by a unit (十, 位, 个, 次) is a length or a count.
_DIGIT_WORD = r"(?:zero|oh|one|two|three|four|five|six|seven|eight|nine)"
# A digit may stand among the words ("4 eight 2 one"); at least one word is required, so
# plain spaced digits stay the label rule's.
_DIGIT_TOKEN = rf"(?:{_DIGIT_WORD}|\d)"
_ZH_DIGITS = "零〇幺一二两三四五六七八九"
_WORDS_CODE = ascii_word_re(
    rf"(?i)(?<![A-Za-z])(?:{CODE_WORD}|pass(?:word|wd|phrase)|pwd|密码|口令|暗号"
    r"|(?:门禁|开锁|解锁|安全|验证|PIN|pin)码"
    r"|(?:门禁|开锁|解锁|保险箱|保险柜|密码锁|车库|大门|银行卡|信用卡|储蓄卡|手机)\s*(?:code|pin|passcode))"
    r"(?:\s+(?:for|of|to|on|at)\s+(?:the\s+|my\s+|our\s+)?[\w'-]{1,20}(?:\s+[\w'-]{1,20})?)?"
    # "is the safe PIN three nine zero five?": the verb may be missing.
    r"(?:\s*(?:\bis\b|\bwas\b|:|=|：|就是|是|为|叫)(?:\s*[:：])?)?\s*"
    rf"(?P<v>{_DIGIT_TOKEN}(?:[\s,-]+{_DIGIT_TOKEN}){{3,11}}(?![A-Za-z\d])"
    rf"|[{_ZH_DIGITS}]{{4,12}}(?![十百千万亿位个次遍年月日号点]))"
)


# A label, then its value in the next sentence: "Here's the router password. It's
# Maple!88.", "Need the bank PIN? It is 5093.", "银行卡密码我告诉你。是 802713。" The value
# must be PIN-shaped after a code label and machine-made (a digit or a symbol, six or more
# characters) after a password label: "the password. It's in the drawer" holds none.
_NEXT_SENTENCE = ascii_word_re(
    rf"(?i)(?<![A-Za-z])(?P<label>pass(?:word|wd|code|phrase)|pwd|{CODE_WORD}|密码|口令)"
    r"[^.?!。？！\n]{0,40}(?:(?:[.!。！…]+)\s*"
    r"(?:(?:it'?s|it\s+is|it\s+was|that'?s|here\s+it\s+is)\s*[:：]?|就是|是)"
    # After a question the answer may come bare: "the code for my bike lock? 3092".
    r"|(?P<ask>[?？])\s*(?:(?:it'?s|it\s+is|it\s+was|that'?s|就是|是"
    r"|here(?:'?s|\s+it\s+is|\s+you\s+go)?\s*[:：,]?|答\s*[:：]?|A\s*[:：])\s*)?)\s*[\"'“]?"
    rf"(?P<v>{_DIGIT_WORD}(?:[\s,-]+{_DIGIT_WORD}){{3,11}}(?![A-Za-z])"
    # "the code? 9 1 4 6": digits typed with spaces, one value
    r"|\d{1,4}(?: \d{1,4}){1,5}(?![\w.,:/-])|[^\s\"'”]{4,64})"
)
# The digits of a code named before, told a sentence or two later: "User's locker PIN?
# It's written on the back of the badge. The digits are 6620", "门禁密码在卡背面。数字是 6620".
_LATER_DIGITS = ascii_word_re(
    rf"(?i)(?<![A-Za-z])(?:{CODE_WORD}|pass(?:word|code)|密码|口令)[^\n]{{0,120}}?[.?!。？！]\s*"
    r"(?:the\s+|its\s+|the\s+actual\s+)?(?:digits|numbers|code|combination|数字|号码)"
    r"\s*(?:are|is|were|was|是|为|[:：])\s*[:：]?\s*(?P<v>[#*]?\d{4,10}[#*]?)"
    r"(?=\s*(?:$|[.!。！]))"
)
# A bare "code" asked for, answered with digits typed one by one ("the code? 9 1 4 6 —"):
# spaced single digits are no line count or status code.
_ASKED_CODE = ascii_word_re(
    r"(?i)\bcodes?\b[^.?!\n]{0,24}[?？]\s*(?P<v>\d(?: \d){3,9})(?=\s*(?:$|[.!。！—–]|-\s))")
# An English password label, a few words of description, then a colon and the value:
# "my Spotify password is the same as email: Otter#1984". Three character classes, so
# "password policy for admins: 12 characters" and "password reset link: https://…" hold
# none.
_DESCRIBED_VALUE = ascii_word_re(
    r"(?i)(?<![\w@/:.-])(?:pass(?:word|wd|phrase|code)|pwd)\s[^.?!\n:=@/]{1,40}[:=]\s*[\"'“]?"
    r"(?P<v>[^\s\"'”]{6,64})"
)


# A code label, a description, a comma and the digits ending the sentence: "my PIN is the
# same as my birthday, 0312".
_DESCRIBED_CODE = ascii_word_re(
    r"(?i)(?<![A-Za-z])(?:pin|passcode|pass(?:word|wd)|(?:door|gate|alarm|safe|locker)\s+code)"
    r"\s+(?:is|was)\s+[^.?!\n:=@/,]{3,40},\s*(?P<v>\d{4,10})(?=\s*(?:$|[.;!?]))"
)


# No label, but what the value does: "log in with Hunter2024!", "the phone unlocks with
# 4821", "4821 opens the front door", "用 Qaz@2024 登录", "输入 4821 就能开门", and a login
# e-mail beside its password ("ann@mail.test / Sunny#2020"). Products and providers are
# no values ("sign in with Google", "用 iPhone15 登录"): a value needs digits alone (only
# where something is unlocked or opened), a digit and a symbol, or ten or more characters
# with three digits and three letters.
_USE_VALUE = ascii_word_re(
    r"(?i)\b(?P<verb>log(?:s|ged|ging)?[ -]?in|sign(?:s|ed|ing)?[ -]?in|unlock(?:s|ed)?|opens?"
    r"|authenticat\w{1,4}|connect(?:s|ed)?)\b[^.\n]{0,30}?\b(?:with|using|via)\s+"
    r"(?:the\s+|my\s+)?(?:(?:password|passcode|pin|code)\s+)?[\"'“]?(?P<v>[^\s\"'”,;]{4,64})"
    r"|(?:(?<=code\s)|(?<=pin\s))(?P<v6>\d{4,8}#?)\s+(?:opens|unlocks|disarms)\s+(?:it|them|this|that)\b"
    r"|(?<![\w#])(?P<v2>\d{4,8}#?)\s+(?:opens|unlocks|disarms)\s+(?:the|my|our)\s+(?:\w+\s+){0,2}"
    r"(?:door|gate|garage|lock|safe|locker|padlock|alarm|shed|mailbox|box)\b"
    r"|(?:用|使用|拿)\s*(?P<v3>[A-Za-z0-9!@#$%^&*._-]{4,64})\s*(?P<zhverb>登录|登陆|登入|解锁|开锁|开门|连接)"
    r"|输入\s*(?P<v4>\d{4,8}#?)\s*(?:就能|就可以|可以|即可|才能)?\s*(?:开门|解锁|开锁|进门)"
    r"|(?<![\w.+-])[\w.+-]{1,40}@[\w-]{1,40}(?:\.[\w-]{1,20}){1,4}\s*[/|]\s*(?P<v5>[^\s/|]{6,64})"
)


def _use_value(m: re.Match[str]) -> tuple[str, int, int] | None:
    for group in ("v", "v2", "v3", "v4", "v5", "v6"):
        if m.group(group):
            break
    value = m.group(group).rstrip(".,;:?)'\"。，；：！？")  # "!" stays: passwords end in it
    if not value or _is_reference(value) or re.fullmatch(r"[\w.+-]+@[\w-]+\.[\w.]+", value):
        return None
    opens = group in ("v2", "v4", "v6") or bool(re.match(r"(?i)unlock|open", m.group("verb") or "")
                                           or re.match(r"解锁|开锁|开门", m.group("zhverb") or ""))
    digits = sum(c.isdigit() for c in value)
    letters = sum(c.isalpha() for c in value)
    if re.fullmatch(r"\d{4,10}#?", value):
        ok, kind = opens, "pin_code"
    else:
        kind = "password"
        ok = (bool(re.search(r"\d", value) and re.search(r"[^\w]", value))
              or (len(value) >= 10 and digits >= 3 and letters >= 3))
    return (kind, m.start(group), m.start(group) + len(value)) if ok else None


def _classes(value: str) -> int:
    return sum((any(c.islower() for c in value), any(c.isupper() for c in value),
                any(c.isdigit() for c in value), any(not c.isalnum() for c in value)))


def _is_reference(value: str) -> bool:
    """A placeholder, a variable or a place, not a value (``$PW``, ``<pin>``, a URL)."""
    return (value[0] in "$<{[%(#" or "://" in value or value.startswith(("/", "~/", "./"))
            or bool(re.search(r"(?i)your|example|placeholder|xxxx|\*\*\*\*", value)))


def _luhn(digits: str) -> bool:
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = int(ch)
        if i % 2:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return total % 10 == 0


def _labelled(text: str, start: int, label: re.Pattern[str], reach: int = 60) -> bool:
    return bool(label.search(text[max(0, start - reach) : start]))


def structured_secrets(text: str) -> Iterator[tuple[str, int, int]]:
    """``(kind, start, end)`` of every structural secret value in ``text``."""
    for m in _APP_PASSWORD.finditer(text):
        if _labelled(text, m.start(), _APP_LABEL):
            yield "app_password", m.start(), m.end()
    for m in _RECOVERY_KEY.finditer(text):
        yield "recovery_key", m.start(), m.end()
    for m in _KEY_GROUPS.finditer(text):
        key = m.group()
        mixed = any(c.isdigit() for c in key) and any(c.isalpha() for c in key)
        labelled = _labelled(text, m.start(), _KEY_LABEL)
        # All-digit groups ("1118-1234-5678-9012-3456-7890", Adobe-style serials) only
        # with a licence label: unlabelled, they are part or phone numbers.
        all_digits = key.replace("-", "").isdigit()
        # Letters alone in four or more groups of four after a licence label are a key too.
        letters = key.replace("-", "").replace(" ", "").isalpha() and len(key) >= 19
        if (mixed and _PRODUCT_KEY_5X5.fullmatch(key)) or (
                labelled and (mixed or all_digits or letters)):
            yield "license_key", m.start(), m.end()
    for m in _LOGIN_PAIR.finditer(text):
        value = m.group("value").rstrip(".,;:?)")  # "!" stays: passwords end in it
        # Machine-made (a digit or a symbol) and not a path or a ratio ("TCP/IP", "1/2").
        if re.search(r"\d|[^\w]", value) and not re.fullmatch(r"[\d.]+", value):
            yield "login_password", m.start("value"), m.start("value") + len(value)
    for m in _UP_PAIR.finditer(text):
        value = m.group("value").rstrip(".,;:?)")
        if re.search(r"[^\d.]", value) and re.search(r"\d|[^\w]", value):
            yield "login_password", m.start("value"), m.start("value") + len(value)
    for m in _BACKUP_LABEL.finditer(text):
        for c in _BACKUP_CODE.finditer(text, m.end(), min(len(text), m.end() + 160)):
            if any(ch.isdigit() for ch in c.group()):
                yield "backup_codes", c.start(), c.end()
    for m in _CLI_PASSWORD.finditer(text):
        group = next(g for g in ("v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8") if m.group(g))
        if not m.group(group).startswith(("$", "<", "{")):
            yield "cli_password", m.start(group), m.end(group)
    for m in _VALUE_AS_LABEL.finditer(text):
        group = "v" if m.group("v") else "v2"
        value = m.group(group)
        if group == "v2" and _kind_example(text[m.end(group):m.start("label2")]):
            continue  # "123456 is the most common password": an example of the kind
        if m.group("label2") and re.match(r"(?i)pin|cv", m.group("label2")):
            # "4821 is my PIN", not "This is my PIN"; a card's CVV has three or four digits
            if re.fullmatch(r"\d{4,10}" if m.group("label2")[0] in "pP" else r"\d{3,4}", value):
                yield "pin_code", m.start(group), m.end(group)
        elif len(value) >= 6 and re.search(r"\d|[^\w]", value) and not _is_reference(value):
            # machine-made: not "use it as the password", "That is the password"
            yield "password", m.start(group), m.end(group)
    for m in _ZH_WORDS_VALUE.finditer(text):
        if not _ZH_DESCRIPTION.search(m.group("v")):
            yield "zh_password", m.start("v"), m.end("v")
            nxt = _ZH_WORDS_NEXT.match(text, m.end("v"))
            if nxt and not _ZH_DESCRIPTION.search(nxt.group("v")):
                yield "zh_password", nxt.start("v"), nxt.end("v")
    for rx in (_ZH_MIXED_VALUE, _ZH_DESCRIBED_VALUE):
        for m in rx.finditer(text):
            yield "zh_password", m.start("v"), m.end("v")
    for m in _CARD_NUMBER.finditer(text):
        digits = re.sub(r"\D", "", m.group())
        if 13 <= len(digits) <= 19 and _luhn(digits) and (
                _CARD_GROUPS.match(m.group()) or _labelled(text, m.start(), _CARD_LABEL, 40)):
            yield "payment_card", m.start(), m.end()
    for m in _SSN.finditer(text):
        if _labelled(text, m.start(), _SSN_LABEL, 40):
            yield "national_id", m.start(), m.end()
    for m in _CN_ID.finditer(text):
        # mistyped by a digit it is still the person's number: its label is enough
        if _cn_id_checks(m.group()) or _labelled(text, m.start(), _CN_ID_LABEL, 24):
            yield "national_id", m.start(), m.end()
    for m in _WORDS_CODE.finditer(text):
        if not re.fullmatch(r"[\d\s,-]+", m.group("v")):  # spaced digits: the label rule's
            yield "code_in_words", m.start("v"), m.end("v")
    for m in _NEXT_SENTENCE.finditer(text):
        value = m.group("v").rstrip(".,;:?!)'\"。，；！？")
        if not value or _is_reference(value):
            continue
        # A bare answer after a question must end its sentence ("…? 2024 rules" is none).
        end = m.start("v") + len(value)
        if m.group("ask") and not re.match(r"\s*(?:[.!?。！？—–]|-\s|$)", text[end:]):
            continue
        if re.fullmatch(r"\d{1,4}(?: \d{1,4})+", value):
            value_digits = value.replace(" ", "")
            if not 4 <= len(value_digits) <= 10:
                continue
            yield "pin_code", m.start("v"), end
            continue
        if re.fullmatch(rf"(?i){_DIGIT_WORD}(?:[\s,-]+{_DIGIT_WORD}){{3,11}}", value):
            kind, ok = "code_in_words", True
        elif re.search(r"(?i)pass|pwd|密码|口令", m.group("label")):
            kind = "password"  # 密码 is often a numeric code too: "是 5599"
            ok = (len(value) >= 6 and bool(re.search(r"\d|[^\w]", value))) or value.isdigit()
        else:
            kind, ok = "pin_code", bool(re.fullmatch(r"[#*]?\d{4,10}[#*]?", value))
        if ok:
            yield kind, m.start("v"), m.start("v") + len(value)
    for m in _DESCRIBED_CODE.finditer(text):
        yield "pin_code", m.start("v"), m.end("v")
    for rx in (_ASKED_CODE, _LATER_DIGITS):
        for m in rx.finditer(text):
            yield "pin_code", m.start("v"), m.end("v")
    for m in _USE_VALUE.finditer(text):
        found = _use_value(m)
        if found:
            yield found
    for m in _DESCRIBED_VALUE.finditer(text):
        value = m.group("v").rstrip(".,;:?)'\"")
        if len(value) >= 6 and _classes(value) >= 3 and not _is_reference(value):
            yield "password", m.start("v"), m.start("v") + len(value)
    for m in _PASSPHRASE.finditer(text):
        listed = m.group("ps") not in (" ", "-")
        if listed and not re.search(r"(?i)phrase|seed|mnemonic|recovery|wallet|助记词|密语",
                                    m.group("label")):
            continue  # "password: letters, digits, symbols" lists what a password holds
        # Capitalised words after a space are a name or a sentence — except four or more
        # words, every one capitalised ("passphrase: Seven Lazy Otters Dance").
        title = (len(m.group("value").split(m.group("ps"))) >= 4
                 and all(w[:1].isupper() and w[1:].islower()
                         for w in m.group("value").split(m.group("ps"))))
        if not listed and re.search(r"[A-Z]", m.group("value")) and not title:
            continue
        if listed and len(m.group("value").split(m.group("ps"))) < 4:
            continue
        words = [w.strip() for w in m.group("value").casefold().split(m.group("ps"))]
        # A wallet seed is 12-24 dictionary words, function words included ("able about
        # above"): after a seed label and a colon, the count says it.
        seed = (re.search(r"(?i)seed|mnemonic|recovery|wallet|助记词", m.group("label"))
                and m.group("sep") not in ("is", "was") and len(words) in (12, 15, 18, 21, 24)
                and not any(len(w) >= 5 and w.endswith("ed") for w in words))
        if seed or _is_phrase_value(words):
            yield "passphrase", m.start("value"), m.end("value")
    for m in _QUOTED_PHRASE.finditer(text):
        value = m.group("value")
        if " " not in value.strip() or _is_reference(value):
            continue
        words = value.casefold().split()
        # Words alone, quoted: random words, at most one function word, which may come
        # first ("'the purple elephant dances'"), none describing ("'easy to remember'").
        plain = (all(w.isalpha() for w in words) and len(words) >= 2
                 and sum(w in _NOT_PHRASE for w in words) <= 1
                 and _is_phrase_value(words[1:] if words[0] in _NOT_PHRASE else words))
        if re.search(r"\d|[^\w\s]", value) or plain:
            yield "passphrase", m.start("value"), m.end("value")
    for m in _ZH_MNEMONIC.finditer(text):
        yield "passphrase", m.start("value"), m.end("value")


def _is_phrase_value(words: list[str]) -> bool:
    """Random words ("green lantern over harbor"), not a sentence about the secret ("is
    written on a card", "is hard to remember", "is easy to guess for anyone"): no
    participle, no function word first or last, and at most one function word inside a
    phrase of four words or more."""
    function = [w in _NOT_PHRASE for w in words]
    if any(len(w) >= 5 and w.endswith("ed") for w in words) or function[0] or function[-1]:
        return False
    if words[0] in INSTRUCTION:  # "ask the front desk", "call the office": where to get it
        return False
    return sum(function) == 0 or (sum(function) == 1 and len(words) >= 4)


# Round 10: a value named as an example of its kind ("123456 is the most common password",
# "1234 is a bad PIN", "123456 是最常见的弱密码") is a fact about passwords, not one of the
# user's: words that judge or rank a kind, standing between the value and its label with
# no owner ("my", 我的) there. An owner makes it the user's again ("hunter2 is my weak
# password").
_KIND_EXAMPLE = lazy_re(
    r"(?i)(?<![A-Za-z])(?:bad|weak|weakest|good|strong|common|commonest|default|typical"
    r"|example|sample|terrible|worst|best|popular|simple|easy|easiest|obvious|classic|famous"
    r"|most|least|guessable|standard|favourite|favorite|dumb|stupid|lazy|silly|cliche)(?![A-Za-z])"
    r"|最|常见|常用|弱|简单|默认|典型|示例|例子|糟糕|经典|有名|著名|烂|容易|好猜")
_OWNER = lazy_re(r"(?i)(?<![A-Za-z])(?:my|our|your|his|her|their)(?![A-Za-z])|我|你|他|她|咱")


def _kind_example(between: str) -> bool:
    """Whether ``between`` (the words from a value to its label after it) names the value
    as an example of its kind, with no owner: "is the most common", "是最常见的弱"."""
    return bool(_KIND_EXAMPLE.search(between)) and not _OWNER.search(between)


kind_example = _kind_example
