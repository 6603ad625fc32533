"""Does a turn ask about the person at all? A category-level signal for the relevance gate.

A memory store is about one person; many agent turns are not: a world-knowledge question
("Who was Franz Kafka?", "《三国演义》的作者是谁？") or a self-contained task ("Explain the
CAP theorem", "写一首关于月亮的五言绝句") needs nothing from it, even when it shares a word
or a name with a memory (Kafka the book, 芝麻 the cat). Such a turn has an *impersonal
shape* and no *personal anchor*:

* shape: the forms of encyclopaedic questions (who wrote / was / invented, what is,
  why do, how does ... work, when did, 是谁, 哪一年, 起源, 什么意思, 为什么) and of
  content tasks that carry their whole input (explain, summarize, translate, write a poem,
  list, define; 解释一下, 翻译, 写一首, 列出).
* anchor: anything that ties the turn to the person's own life: first-person possessives
  and pronouns used as the subject (my, our, we, 我的, 我家, 我们; not the "me" of "tell
  me"), the person in the third person as memories name them (the user, 用户), family
  and household roles (wife, kids, 老婆, 孩子, 爸妈), and times that only mean
  something in the person's calendar (tonight, this weekend, next month, 明天, 周末,
  这个月, 周四).

Since gate-v3 the shapes are grammatical rather than the dev set's wording: yes/no
questions whose subject is a thing ("Are peanuts legumes?", not "is it OK to ..."), what /
past-tense which questions about a thing's properties, polite content requests ("Can you
explain ..."), generated artefacts (a function, a regex, a poem, 用 Python 写…), operations
on a supplied text (把下面这段话…), and Chinese questions about a thing's make-up, kinds,
place, count, origin or consequences (有哪些, 在哪个省, 能活几年, 是怎么…的, 会怎么样).
Small talk is its own closed class (``is_phatic``). A turn that names something the
person's memories keep returning to (``names_in``; the test is in ``engine/relevance``)
is not impersonal, unless it is a content task.

The gate does not refuse such a turn outright: it asks more of the evidence (a higher
cosine floor, ``GATE_FLOORS``' impersonal margin), so a memory that really fits still
passes. Rules are written per category in both languages, never per sentence.
"""

from __future__ import annotations

import re

from vecmem.rules.kin import HUMAN_EN, HUMAN_ZH
from vecmem.text import is_query_stopword, lazy_re

# ---------------------------------------------------------------------------- phatic
# Small talk is a closed class: greetings, thanks, acknowledgements, closings, presence
# checks ("you around?", "在吗"). A turn made of nothing else needs no memory, whatever
# its wording; one content word ("thanks, and the parking spot?") makes it a real turn.
_PHATIC_EN = frozenset((
    "hi", "hey", "hello", "hiya", "heya", "yo", "howdy", "greetings", "morning", "evening",
    "afternoon", "night", "gm", "gn", "good", "again", "there", "all", "everyone", "folks",
    "thanks", "thank", "thx", "ty", "tysm", "tyvm", "cheers", "appreciate", "appreciated",
    "it", "you", "u", "ya", "so", "much", "a", "lot", "very", "really", "ok", "okay", "k",
    "kk", "sure", "great", "perfect", "cool", "nice", "awesome", "alright", "fine", "got",
    "understood", "noted", "that", "that's", "thats", "helped", "helps", "helpful", "is",
    "for", "now", "bye", "goodbye", "later", "see", "talk", "soon", "tomorrow", "to",
    "have", "day", "weekend", "no", "worries", "problem", "never", "mind", "lol", "haha",
    "hehe", "what's", "whats", "up", "sup", "how", "are", "doing", "around", "yep", "yeah",
    "yes", "right", "wonderful", "excellent", "amazing", "brilliant", "super",
    "was", "were", "this", "useful", "welcome", "bunch", "tons", "lots",
    # "thank you, that worked", "works now", "all sorted": the task is done.
    "worked", "works", "working", "fixed", "done", "solved", "sorted",
    # The same class as other Englishes and chat say it: "cheers mate", "thanks heaps",
    # "ta", "g'day", "ttyl", "np"; greetings borrowed from other languages.
    "mate", "heaps", "ta", "g'day", "gday", "lovely", "legend", "ttyl", "brb", "np", "yw",
    "dude", "guys", "buddy", "pal", "ciao", "hola", "aloha", "bonjour", "kia", "ora",
    # "that makes sense", "all clear"
    "makes", "sense", "clear",
    # Asking after the assistant, thanking for its help: "how's it going?", "how are you
    # today?", "anyone home?", "thanks for your help", "you're the best", "great stuff".
    "how's", "hows", "going", "today", "anyone", "home", "free", "friend", "kindly", "help",
    "your", "you're", "youre", "the", "best", "stuff", "long", "time", "chat",
    # Presence checks: "yo, you awake in there?", "hey, you still up?", "anyone alive?"
    "awake", "still", "in", "alive", "asleep", "online",
))
_PHATIC_ZH = lazy_re(
    r"你好|您好|嗨|嘿|喂|哈喽|哈啰|早安|早上好|上午好|中午好|下午好|晚上好|晚安|在忙吗?|在吗|在么|在不在|"
    r"谢谢|多谢|感谢|谢|辛苦|收到|好的|好滴|好嘞|好吧|行吧|可以了?|没问题|明白|懂了|知道了|"
    r"了解|没别的|没事|就这样|就这些|再见|拜拜|回头见|明天见|最近怎么样|最近好吗|早晨|早|"
    # Asking after the assistant: 好久不见, 最近忙吗, 在忙吗, 有空吗, 你今天怎么样; 下次聊.
    r"好久不见|最近|忙吗|在忙|有空吗?|今天|怎么样|下次聊|回头聊|回聊|太棒|棒|"
    # 搞定了 / 解决了 / 弄好了 / 成功了: the task is done.
    r"搞定|解决|弄好|成功|"
    r"你|您|太|非常|十分|真|大家|[啦了呀啊哦嗯吧呢嘛哈哇喔噢行好]"
    # Cantonese: 唔该 (thanks), 早晨 (good morning), 冇问题, 搞掂 (done), 多谢晒, 得喇; and
    # its particles (嘅 咗 喇 啰 噉).
    r"|唔该|唔使|冇问题|冇事|搞掂|多谢晒|晒|得喇|得啦|[嘅咗喇噉]")
_NOT_LETTER = lazy_re(r"[\W_\d]+")
_LATIN = lazy_re(r"[A-Za-z]+(?:'[a-z]+)?")
#: A phatic turn is short: a long turn made of these words is rare and may carry a need.
PHATIC_MAX_WORDS = 8


_ELONGATED = lazy_re(r"(\w)\1{2,}")


def _phatic_word(word: str) -> bool:
    """A small-talk word, also drawn out as chat writes it ("heyyy", "thanksss",
    "goood"): a run of three or more of one letter read as one or as two."""
    w = word.lower()
    return (w in _PHATIC_EN or _ELONGATED.sub(r"\1", w) in _PHATIC_EN
            or _ELONGATED.sub(r"\1\1", w) in _PHATIC_EN)


# The traditional forms of the characters these rules are written with, read as the
# simplified ones (謝謝 / 谢谢, 為什麼 / 为什么, 哪個更 / 哪个更): one character for one, so
# a turn in either script meets the same shapes. Only characters the rules use.
_TRADITIONAL = str.maketrans(
    "與東兩嚴個為舉麼麽義樂亞產親從們優會體兒關寫馮決幾劉則剛創別辦務動區華盧歷發號葉"
    "呂嗎吳囉嘍團國處頭媽孫學寶實導張總戶換數時曉楊條來標樹樣樓歡湯沒潤漸滿滅點愛爺現"
    "電畫碼種類係糾紀經結給絕羅聯節蘇薦蔣賀賈趙較邊運還這遠鄧郵鄒鄰鄭釋裡裏鐘錢長問隊"
    "陸陳韋韓項顧領顆題飛飯餅驗馬黃龔見訂認讓記講許訴譯試詩話詢語說請誰謝譚氣後幫開乾幹"
    "該對過聽",
    "与东两严个为举么么义乐亚产亲从们优会体儿关写冯决几刘则刚创别办务动区华卢历发号叶"
    "吕吗吴啰喽团国处头妈孙学宝实导张总户换数时晓杨条来标树样楼欢汤没润渐满灭点爱爷现"
    "电画码种类系纠纪经结给绝罗联节苏荐蒋贺贾赵较边运还这远邓邮邹邻郑释里里钟钱长问队"
    "陆陈韦韩项顾领颗题飞饭饼验马黄龚见订认让记讲许诉译试诗话询语说请谁谢谭气后帮开干干"
    "该对过听",
)


def simplified(turn: str) -> str:
    """``turn`` with the traditional forms of the rules' characters read as simplified."""
    return turn.translate(_TRADITIONAL)


def is_phatic(turn: str) -> bool:
    """True when the turn is only small talk (see ``_PHATIC_EN`` / ``_PHATIC_ZH``):
    "morning :)", "thx", "cheers, that helped", "yo, you around?", "谢了", "好的谢谢",
    "辛苦啦，没别的了", "多謝晒", "heyyy". Emoji, punctuation and digits are ignored."""
    turn = simplified(turn)
    words = _LATIN.findall(turn)
    if len(words) > PHATIC_MAX_WORDS:
        return False
    if not all(_phatic_word(w) for w in words):
        return False
    rest = _NOT_LETTER.sub("", _LATIN.sub("", _PHATIC_ZH.sub("", turn)))
    return not rest and (bool(words) or _PHATIC_ZH.search(turn) is not None)


# An auxiliary or modal, and a generic subject after it (see the wh-frame below): an
# indefinite noun ("a greyhound"), a bare plural ("geckos", "octopuses") or a proper
# name ("Kyoto", case-sensitive); not a pronoun, a possessive or a definite article.
_AUX = r"(?:can|could|will|would|should|might|may|must|do|does|did|is|are|was|were|has|have)"
_NOT_GENERIC = (r"(?:i|we|you|they|he|she|it|its|there|this|that|these|those|us|me|my|our|your|"
                r"his|her|their|the|yours|ours|theirs|things|ones)")
_GENERIC = (rf"(?:(?:a|an)\s+[a-z][\w-]*|(?!{_NOT_GENERIC}\b)[a-z][\w-]*[^s\W]s\b"
            r"|(?-i:[A-Z])[\w-]*)")
# Encyclopaedic questions: the subject is the world, not the person.
_EN_KNOWLEDGE = (
    r"^\s*(?:who|what)(?:'s|\s+(?:is|was|are|were))\b"
    r"|^\s*who\s+(?:wrote|painted|created|invented|discovered|founded|built|directed|"
    r"composed|designed|won|first)\b"
    r"|^\s*(?:when|where|why|how)\s+(?:did|do|does|is|are|was|were)\b"
    r"|^\s*how\s+(?:many|much|long|old|big|far|tall)\s+(?:is|are|was|were|did|does)\b"
    r"|\bthe\s+(?:history|origin|origins|meaning|etymology)\s+of\b"
    r"|\b(?:fun\s+)?facts?\s+about\b|\bunder\s+the\s+hood\b|\bin\s+general\b"
    r"|^\s*(?:what|which)\s+\w+\s+(?:is|are|was|were)\s+\w+(?:ed|en)\s+(?:in|by|at|on|from)\b"
    r"|^\s*what\s+does\s+\S+(?:\s+\S+)?\s+(?:mean|stand\s+for)\b|\bdifference\s+between\b"
    r"|\bpros\s+and\s+cons\b|^\s*how\s+to\b|^\s*(?:in\s+)?what\s+year\b|\bthe\s+capital\s+of\b"
    r"|^\s*(?:tell\s+me\s+about|what\s+are\s+the\s+(?:benefits|symptoms|causes|rules|types|"
    r"advantages|disadvantages|main))\b|^\s*name\s+(?:a|an|the|one|two|three|five|\d+)\b"
    # A yes/no question whose subject is a thing in general, not the person or the
    # assistant ("Are peanuts legumes?", "Is Jellyfin free?", "Does honey expire?");
    # "is it ok / safe / a good idea to ..." asks for advice to the person, and "the X"
    # is a particular one, usually the person's ("Is the car insurance due soon?").
    r"|^\s*(?:is|are|was|were|does|do|did|has|have|had|can|could|will|would)\s+"
    r"(?!(?:i|we|you|my|our|me|us|the|this|that|these|those|there|it\s+(?:ok|okay|safe|fine|bad|"
    r"wise|worth|a\s+good|better|too\s+late|possible\s+for))\b)(?:a\s+|an\s+)?\w+"
    # "Which film won ...", "What sensor size does X have?", "How many players can ...",
    # "What does X do?": a question about a thing's properties.
    # "Which X ..." in the present often picks among the person's own things ("which
    # project uses Vault?"); in the past tense it asks about the world's events.
    r"|^\s*what\s+(?:\w+\s+){1,3}(?:is|are|does|do|has|have|can|makes?)\b"
    r"|^\s*(?:which|what)\s+(?:\w+\s+){1,3}(?:was|were|did|had|won|came|made|became|"
    r"wrote|began|took|\w+ed)\b"
    r"|^\s*how\s+(?:many|much)\s+\w+|^\s*(?:what|who)\s+(?:does|do|did)\s+\S+"

    r"|^\s*how\s+(?:is|are|was|were)\s+\S+\s+(?:made|different|related|used|produced)\b"
    # What causes a thing, where a word comes from: "What causes the northern lights?",
    # "The word 'coeliac' comes from which Greek root?".
    r"|^\s*what\s+(?:causes|caused|makes|made)\b"
    r"|\b(?:comes?|came)\s+from\s+(?:which|what)\b|\b(?:derived|borrowed)\s+from\b"
    r"|\bthe\s+word\s+['\"‘“]"
    # The world's records and extremes, as 世界上 says them below: "Who holds the record
    # for the world's largest swiss roll?", "the tallest building in the world".
    r"|\bthe\s+world(?:'s|’s)\s+\w+|\bin\s+the\s+world\b|\bworld\s+records?\b|\bever\s+recorded\b"
    # A wh-question about a thing in general, by its grammar: wh-word (how + any degree
    # word: how fast / hot / often / loud), an auxiliary or modal, then a *generic*
    # subject -- an indefinite noun, a bare plural, a proper name, or the impersonal "you"
    # of how / why / where ("How fast can a greyhound run?", "Why can geckos walk on
    # ceilings?", "How long will honey keep?", "How do you mark a breaking change?").
    # Not a particular thing ("the build", "it", "this") nor the person (anchors).
    # "When" / "where" ask about a time or place, which a bare singular often makes the
    # person's ("When will dinner be ready?"): there only an indefinite, a plural or a
    # name is generic; after how / why / what a bare noun is ("How long will honey keep?").
    rf"|^\s*(?:where|when)\s+{_AUX}\s+{_GENERIC}"
    rf"|^\s*(?:how(?:\s+[a-z]+)?|why|what)\s+{_AUX}\s+(?:{_GENERIC}|(?!{_NOT_GENERIC}\b)[a-z]+)"
    r"|^\s*(?:how(?:\s+(?:often|long|much|many|fast|soon|far))?|why|where)\s+"
    r"(?:do|does|can|could|should|would|will|might)\s+you\s+"
    r"(?!(?:think|recommend|suggest|remember|know\s+(?:my|our|me|us))\b)[a-z]+"
    # Comparing things: "Which is older, Toyota or Honda?", "Which one is heavier?",
    # "Which weighs more: ...?", "Is X bigger than Y?" (the yes/no shape above).
    # What a kind of event leads to, something told about a kind: "What happens if you eat
    # raw flour?", "Tell me something interesting about octopuses".
    r"|^\s*what\s+happens\s+(?:if|when)\s+(?:you|a|an|people|someone|(?!the\b)[a-z]+s\b)"
    r"|^\s*tell\s+me\s+(?:something|anything|a\s+few\s+things)\s+(?:\w+\s+)?about\b"
    r"|\bwhich\s+(?:one\s+)?(?:is|are|was|were)\s+(?:more|less|better|worse|bigger|smaller|"
    r"the\s+\w+est|\w{3,}er)\b|\bwhich\s+(?:one\s+)?\w+s\s+(?:more|less|longer|faster)\b"
)
#: A count in words or digits ("ten names", "5 titles").
_COUNT = (r"(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|"
          r"twenty|thirty|fifty|a\s+dozen|a\s+hundred)")
# Content tasks whose input is in the turn itself.
_EN_TASK = (
    r"^\s*(?:please\s+)?(?:explain|summari[sz]e|translate|define|describe|list|compare|"
    r"paraphrase|proofread|outline|write\s+(?:a|an)\s+(?:haiku|poem|limerick|story|"
    r"sonnet|song|joke|essay|riddle)|(?:tell|give)\s+me\s+(?:a\s+)?(?:joke|fun\s+fact|"
    r"riddle|story|quote)|(?:tell|give)\s+me\s+(?:a|an|another|one|some)\s+(?:[\w-]+\s+){0,2}(?:jokes?|puns?|riddles?|"
    r"stories|story|quotes?|fun\s+facts?|tongue\s+twisters?|poems?))\b"
    # A count of items of a kind for a given word or topic ("Give me five synonyms for
    # 'happy'", "List 3 examples of irony"): the turn carries its input.
    rf"|^\s*(?:give\s+me|list|name|find|suggest)\s+(?:{_COUNT}|some|a\s+few)\s+(?:[\w-]+\s+)?"
    r"(?:synonyms|antonyms|rhymes|words|examples|adjectives|verbs|nouns|idioms|proverbs|"
    r"translations|facts|questions)\s+(?:for|of|about|that|with|to)\b"
    # An operation on a kind of data, in code: "Reverse a string in JavaScript", "Sort a
    # list of dicts by key", "Flatten a nested array".
    r"|^\s*(?:reverse|sort|flatten|shuffle|dedupe|deduplicate|capitali[sz]e|split|merge|"
    r"validate|parse|serialize|reverse)\s+(?:a|an)\s+(?:[\w-]+\s+){0,2}(?:string|list|array|"
    r"dict|dictionary|map|number|integer|file|json|tuple|set|matrix|date)s?\b"
    r"|^\s*(?:suggest|give\s+me|brainstorm|come\s+up\s+with|generate|list|think\s+of)\s+"
    r"(?:\w+\s+){0,4}(?:titles|names|slogans|taglines|headlines|ideas)\b"
    r"|^\s*(?:write|give\s+me)\s+(?:a|an)\s+(?:\w+\s+)?(?:function|script|program|regex|"
    r"regular\s+expression|query|class|unit\s+test|one-liner)\b"
    r"|^\s*(?:rewrite|rephrase|reword|correct|convert|calculate|solve)\b"
    r"|^\s*fix\s+the\s+(?:grammar|spelling|typos)\b"
    # A content request put politely: "Can you explain recursion?", "Could you write a
    # poem about ...", "Can you tell me why ..."; the object carries the whole input.
    r"|^\s*(?:can|could|would|will)\s+you\s+(?:please\s+)?(?:explain|summari[sz]e|"
    r"translate|define|describe|write|compose|tell\s+me\s+(?:why|how|what|when|who|a)|"
    r"list|compare|convert|calculate|solve|sort|generate|proofread|rewrite)\b"
    # Generated artefacts and operations on given data: "Make a bulleted summary of ...",
    # "Sort these numbers", "Generate a regex for ...".
    r"|^\s*(?:please\s+)?(?:make|create|generate|draw|compose)\s+(?:me\s+)?(?:a|an)\s+"
    r"(?:\w+\s+){0,2}(?:list|summary|table|chart|outline|poem|haiku|story|joke|regex|"
    r"regular\s+expression|password|function|script|query|diagram)\b"
    r"|^\s*(?:please\s+)?(?:sort|count|reverse|format|parse|sum)\s+(?:these|this|the\s+"
    r"following)\b|^\s*(?:generate|suggest|brainstorm|list)\s+(?:a|an|some|a\s+few|several|"
    rf"{_COUNT})\b"
)
_ZH_KNOWLEDGE = (
    r"是谁|谁(?:写|画|发明|创|建|导演|唱)|哪一?年|何时|起源|出自|来历|由来|什么意思|的含义|"
    r"为什么|为何|是多少|有多少年|多少年的历史|的历史|是哪个国家|哪个国家的|是哪一条|"
    r"主要吃什么|是什么原理|的原理|的作者|^\s*什么是|(?:是什么|指什么)意思|有什么区别|的区别|"
    r"是怎么(?:形成|工作|运作|产生|发明|来)的|有哪些(?:特点|优点|缺点|种类|类型)|"
    r"有多(?:高|远|大|长|深|重|快|少)|的首都|哪个朝代|是哪(?:国|位)"
    # Questions about a thing's make-up, kinds, place, count, origin or consequences:
    # 有哪些成分 / 都有哪些, 在哪个省 / 属于哪个菜系, 能活几年 / 有几颗, 是怎么榨出来的,
    # 是什么时候灭绝的, 讲的是什么, 缺乏会怎么样, 有什么关系.
    r"|都?有哪些|(?:在|属于|位于)哪(?:个|一个|里|儿)|属于什么|能活(?:几|多少)|有几(?:颗|个|种|条|座|位)|"
    r"是怎么.{1,6}的|是什么时候.{1,8}的|(?:讲|说|写|用)的是什么|会怎么样|有什么(?:关系|联系|不同)|"
    r"一般(?:有|是|用)"
    # How-to questions (游泳怎么换气, 如何煮米饭; not 怎么办 / 怎么样, which ask for advice
    # or an opinion), a work's content (《三体》讲了什么), a yes/no question about a
    # thing's nature (开心果是长在树上的吗).
    r"|怎么(?!办|样)|如何|怎样(?!了)|《[^》]+》.{0,6}(?:讲|说|写)了?(?:的是|些)?什么|是.{1,8}的吗"
    # Comparing two things (李白和杜甫谁年纪大, STM32 和 ESP32 哪个更省电, 比在空气里快多少),
    # an alternative about a thing's nature (番茄到底是水果还是蔬菜), a yes/no question
    # whether a thing is something (博洛尼亚大学是世界上最古老的大学吗; not 这/那, which point
    # at something in the person's situation), what kind of thing it is or how two relate
    # (豆包是字节跳动的什么产品, 北京清华和新竹清华是什么关系).
    r"|(?:和|跟|与|同|还是|或者?)[^，,。？?！!]{1,15}?(?:谁|哪个|哪一个|哪种|哪一种|哪样)(?:更|比较|最)?"
    r"|比[^，,。？?！!]{1,15}?(?:多少|几倍)|(?:^|[，,])[^这那，,]{1,12}是[^，,。？?]{1,12}还是[^，,。？?]{1,12}[？?]"
    r"|^[^这那我你，,。？?]{1,20}(?:是|算|属于)(?:不是)?[^，,。？?]{1,20}吗\s*[？?]?\s*$"
    r"|^[^这那我你，,。？?]{1,20}(?:算不算|属不属于|是不是一种)"
    r"|是[^，,。？?]{0,10}的?什么(?:关系|产品|东西|动物|植物|东东|意思|原理|样的)"
    # A yes/no question whether a kind of thing can, may or will (狗可以吃巧克力吗, 生鸡蛋能吃吗,
    # 乳糜泻会遗传吗, 心脏起搏器能过安检吗): the modal counterpart of "Can dogs eat chocolate?".
    # Not with 这 / 那 anywhere (这里能停车吗 asks about where the person is).
    r"|^(?![^？?]*[这那])[^我你咱俺，,。？?]{1,15}?(?:可以|能|会|能不能|可不可以|会不会)"
    r"[^，,。？?]{1,15}吗\s*[？?]?\s*$"
    # A kind's properties (有什么症状 / 特点 / 好处 / 副作用), how long it lives or keeps
    # (企鹅能活多久), what is usual for it (一般吃什么, 一般能长多重), the world's records
    # (世界上最大的沙漠是哪个).
    r"|有(?:什么|哪些)(?:症状|特点|特征|好处|坏处|作用|用途|功能|危害|副作用|营养|成分|种类|品种)"
    r"|(?:能|可以)?活(?:多久|多长时间)|(?:一般|通常|平均)[^，,。？?]{0,6}(?:什么|多|几)"
    r"|世界上|全世界|全球|宇宙中|历史上|史上|是哪(?:个|一个|条|座|位|种)\s*[？?]?\s*$"
    # A total count of someone's works or deeds (金庸一共写了几部小说, 一共拿过多少个冠军):
    # the encyclopaedia's figure, in the perfective -- the person's own total carries an anchor
    # (我一共吃了几片), a plan has none (一共要带几瓶水).
    r"|(?:一共|总共|总计|共计)[^，,。？?]{0,6}?[了过][^，,。？?]{0,4}?(?:多少|几)"
)
_ZH_TASK = (
    # A manner set ahead of the task (用一句话解释…, 简单地介绍一下…, 通俗地讲讲…).
    r"^\s*(?:请|帮我|给我)?\s*(?:(?:用(?:一句话|一段话|简单的话|大白话|通俗的话)|简单地?|通俗地?|"
    r"简要地?)\s*)?(?:解释一下|解释|讲讲|介绍一下|翻译|总结一下|总结|概括|列出|"
    r"列举|写一首|写一篇|写一封|写封|写首|写个段子|生成|比较一下)"
    # Code-switched: 帮我 explain 一下 ..., 请 translate ...
    r"|^\s*(?:请|帮我|给我)\s*(?:explain|summari[sz]e|translate|define|describe|list|compare|"
    r"write|rewrite|proofread)\b"
    r"|把.{1,30}翻译成|翻译成[英中日韩法德]文|^\s*(?:请|帮我)?\s*(?:润色|改写|纠正|修改)(?:一下)?这"
    r"|^\s*(?:请|帮我)?\s*写(?:一个|个|一段|段)?\s*(?:\w+\s*)?(?:函数|脚本|正则|程序|SQL)"
    r"|(?:想|起|取)(?:[一二三四五六七八九十几两]|\d+)个.{0,10}(?:标题|名字|口号|标语)"
    # Made-up exercises, riddles, examples by count (给我出三道数学题, 帮我想一个字谜, 举两个
    # 例子, 编一个笑话): the request carries its whole input.
    r"|(?:出|想|编|举|列|造)(?:[一二三四五六七八九十几两]|\d+)?(?:道|个|条|句|段|首)"
    r"[^，,。？?]{0,16}(?:题|谜|笑话|例子|例句|句子|绕口令|脑筋急转弯|故事)"
    # An operation on a text the turn supplies: 把下面这段话改得更正式, 把以下内容翻译成.
    r"|^\s*(?:请|帮我)?\s*把(?:下面|以下|这|上面)"
)
# Generating a self-contained artefact (code, verse, prose): the object carries the whole
# need, even when it names a tool the person uses ("Write a Python function ...").
_GENERATE = lazy_re(
    r"^\s*(?:please\s+|can\s+you\s+|could\s+you\s+)?(?:write|generate|create|compose|give\s+me)"
    r"\s+(?:me\s+)?(?:a|an|some)\s+(?:[\w-]+\s+){0,3}(?:function|script|program|regex|"
    r"regular\s+expression|query|class|unit\s+test|one-liner|poem|haiku|limerick|sonnet|"
    r"story|essay|joke|riddle|song)\b"
    r"|用\s*[A-Za-z][\w+#]*\s*(?:写|实现|生成)"
    r"|^\s*(?:请|帮我|给我)?\s*(?:用\s*\S+\s*)?(?:写|生成)(?:一个|个|一段|段|一首|首|一篇|篇|一封|封)?"
    r".{0,12}(?:函数|脚本|正则|程序|代码|排序|诗|散文|文章|故事|笑话|邮件|信|模板|文案|SQL|"
    r"查询|命令|接口|类)"
    r"|(?:代码|脚本|函数|正则).{0,4}怎么写",
    re.I,
)

_IMPERSONAL = lazy_re(
    "|".join(f"(?:{p})" for p in (_EN_KNOWLEDGE, _EN_TASK, _ZH_KNOWLEDGE, _ZH_TASK)),
    re.I,
)
# A content task (its input is in the turn), a question marked as general, or an
# encyclopaedia's question (history, origin, population, the year a thing was built).
_TASK = lazy_re(
    "|".join(f"(?:{p})" for p in (
        _EN_TASK, _ZH_TASK,
        r"\bin\s+general\b|\bgenerally\b|一般来说|通常来说|总的来说",
        # Comparing kinds ("the difference between a list and a tuple in Python"): the
        # answer is the same for anyone, whoever uses Python.
        r"\bdifference\s+between\s+(?:a|an)\b|\bthe\s+word\s+['\"‘“]",
        r"\bthe\s+(?:history|origin|origins|etymology|population|capital)\s+of\b",
        # Who made a kind of thing: "Who invented the piano?" asks about pianos, not the
        # person's piano, even when a memory has a piano as its subject.
        r"^\s*who\s+(?:invented|discovered|founded|composed|painted|wrote)\b",
        # What a word or name means, what a thing is known for, how two kinds relate:
        # the same answer for anyone, even when the name is one the person's memories
        # hold ("Kubernetes 这个名字是什么意思？", "What is the Tidewater region known for?",
        # "Kubernetes 和 Docker 有什么关系？").
        r"^\s*what\s+does\s+\S+(?:\s+\S+)?\s+(?:mean|stand\s+for)\b|\b(?:known|famous)\s+for\b"
        r"|什么意思|的含义|名字的由来|有什么(?:区别|不同|关系|联系)|的区别",
        r"哪一?年(?:开通|建成|成立|发明|出版|上映|发行)|的历史|起源|出自|来历|人口")),
    re.I,
)

_EN_ANCHOR = (
    r"\b(?:my|our|ours|mine|we|we're|we've|we'll|myself|ourselves)\b"
    # "us" the pronoun, not "US" the country ("a regex for US phone numbers").
    r"|\b(?-i:us|Us)\b"
    # "I" as the subject ("Where do I work?", "Which knee did I injure?"); the generic
    # learner of "how do I / how can I …" is removed first (see _HOW_I).
    r"|\bi\b(?!\.e\.)(?!-)"
    r"|\bi(?:'m|'ve|'d|'ll)?\s+(?:am|was|have|had|need|want|should|must|can't|cannot|"
    r"usually|always|often|prefer|like|love|hate|feel|got|take|use|plan|'m)\b"
    r"|\b(?:wife|husband|spouse|partner|kids?|child|children|son|daughter|baby|mom|mum|"
    r"dad|mother|father|parents|sister|brother|family|boss|manager|colleagues?|team)\b"
    r"|\bthe\s+(?:cat|dog|pets?|animals|little\s+one)\b"
    r"|\b(?:tonight|today|tomorrow|yesterday|this\s+(?:week|weekend|month|morning|"
    r"afternoon|evening|year|quarter)|next\s+(?:week|weekend|month|year|monday|tuesday|"
    r"wednesday|thursday|friday|saturday|sunday)|on\s+(?:monday|tuesday|wednesday|"
    r"thursday|friday|saturday|sunday)s?|last\s+(?:week|weekend|month|year|night|time))\b"
    # A day of the calendar without a year ("on March 3rd", "Jan 16"): the person's date.
    r"|\b(?:jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{1,2}(?:st|nd|rd|th)?\b"
    r"(?!,?\s*\d{3,4})"
    # The person's calendar: "What time is stand-up?", "a good time to set up a call".
    r"|\bwhat\s+time\s+(?:is|are|does|do|should)\b|\ba\s+good\s+time\s+(?:to|for)\b"
    # ... and the person's place: "nearby", "near me", "around here".
    r"|\b(?:nearby|near\s+(?:me|here|home)|around\s+here|close\s+to\s+home)\b"
    # The person in the third person, as memories are written and as an agent's tool
    # call asks ("Where does the user work?", "the user's editor"); not "a user", "users".
    r"|\bthe\s+user(?:'s)?\b|\buser's\b"
    # Every human role the kin rules know (in-laws, grandparents, cousins: rules/kin.py),
    # unless someone else's ("Shakespeare's mother", "贾宝玉的表妹").
    rf"|(?<!['’]s )\b(?:{HUMAN_EN})\b"
)
_ZH_ANCHOR = (
    r"(?<![帮给替为叫让])我|咱|俺|自己"
    # Acting for the person (帮我订机票, 替我约医生, 给我买票): not a content task's "me"
    # (帮我翻译, 帮我写): the act happens in their life.
    r"|[帮替给]我(?:订|预订|预约|约|买|安排|挂号|取消|改签|续费|续|交|缴|付|寄|叫|打电话|提醒|"
    r"报名|退|换|开|关|记|查一下我)"
    r"|老婆|老公|妻子|丈夫|爱人|孩子|小孩|儿子|女儿|宝宝|爸|妈|父母|家里|全家|家人|"
    r"老板|领导|同事|团队"
    r"|今晚|今天|明天|昨天|后天|周末|这周|下周|上周|这个月|下个月|上个月|今年|明年|去年|"
    # ... and as Cantonese says them (今日 today, 听日 tomorrow, 琴日 / 寻日 yesterday).
    r"今日|听日|琴日|寻日|"
    r"周[一二三四五六日天]|星期[一二三四五六日天]|早上|下午|晚上|上次|上回|几点"
    # A day of the calendar without a year (1 月 16 号, 3月3日): the person's date, not
    # history's (1969 年 7 月 20 日).
    r"|(?<![年\d])(?<![年\d]\s)(?:\d{1,2}|[一二三四五六七八九十]{1,3})\s*月\s*(?:\d{1,2}|[一二三四五六七八九十]{1,3})\s*[号日]"
    r"|附近|周边|楼下|小区"
    # 用户 as memories name the person ("用户现在在哪里工作？"); not users in general
    # (用户们, 用户数, 用户量, 用户群, 用户体验, 用户增长, 新用户, 老用户).
    r"|(?<![新老])用户(?!们|数|量|群|体验|增长|画像|留存)"
    rf"|(?<!的)(?:{HUMAN_ZH})"
)
_ANCHOR = lazy_re(f"(?:{_EN_ANCHOR})|(?:{_ZH_ANCHOR})", re.I)
# The person as the one a question is judged for, not the one asking: "a good lunch for
# me?", "a safe thing for me to order", "How should you give me distances?", "你的回答为什么
# 总是这么短？". English "me" is no anchor in general ("Tell me who wrote Hamlet") and 我 is
# one in Chinese ("这个适合我吗"); "for me" and the assistant's own way with the person
# ("should you ... me", 你的回答) are the English and Chinese shapes in which the answer
# depends on who asks. Not in a content task, whose "for me" is the requester's ("Write a
# haiku for me").
#: Set False to measure without ``_FOR_ME`` (``recall_agent.py --override``).
FOR_ME = True
_FOR_ME = lazy_re(r"\bfor\s+me\b|\bshould\s+you\b[^?.!]*\b(?:me|my)\b"
                  r"|你的?(?:回答|回复|答复|语气)", re.I)
# A quoted passage or the text after a colon is the task's input ("翻译成英文：今天天气很好"),
# not the person speaking: anchors inside it do not count.
_QUOTED = lazy_re(r"[:：][^?？]*$|\"[^\"]*\"|“[^”]*”|「[^」]*」|‘[^’]*’"
                  # 'single quotes' around a passage, not an apostrophe ("What's", "Joy's")
                  r"|(?<![\w'])'[^'\n]{2,}'(?![\w'])")
# "How do I reverse a list?": the "I" of a how-to question is anyone, not the person.
# "How do I usually get to the office?" asks for the person's own habit, not a method.
_HOW_I = lazy_re(r"\bhow\s+(?:do|can|should|would|could|might)\s+i\b"
                 r"(?!\s+(?:usually|normally|always|typically|generally|often|ever)\b)", re.I)


# "a product manager", "any parent": a role with an article is anyone's, not the person's.
_GENERIC_ROLE = lazy_re(
    r"\b(?:a|an|any|every|each)\s+(?:[\w-]+\s+)?(?:wife|husband|spouse|partner|kid|child|son|"
    r"daughter|baby|mom|mum|dad|mother|father|parent|sister|brother|family|boss|manager|"
    r"colleague|team)\b", re.I)


def _own_words(turn: str) -> str:
    """The turn without its quoted input, a how-to question's generic "I" and roles that
    are anyone's ("a product manager")."""
    return _GENERIC_ROLE.sub(" ", _HOW_I.sub(" ", _QUOTED.sub(" ", turn)))


# What comes before the question proper: a frame set ahead of it ("In the Conventional
# Commits spec, how do you ...", "In Python, ...", "According to the WHO, ...") or a
# discourse marker ("Quick question: ...", "Just curious, ...", "请问", "问一下"). The
# turn's shape is that of what follows. A greeting ahead of it is dropped too (see
# ``core``).
_FRAME = lazy_re(
    r"^\s*(?:in|on|for|with|under|within|according\s+to)\s+[^,?!.;:，？！]{1,50}[,，:：]\s*", re.I)
# A discourse marker says how the question is asked, not who it is about: its "I" / 我 is
# no anchor ("I wonder why cats knead", "我想知道为什么猫会踩奶", "Do you know how ...").
_MARKER = lazy_re(
    r"^\s*(?:(?:(?:quick|random|silly|dumb|general|simple|honest)\s+question|just\s+"
    r"(?:curious|wondering)|out\s+of\s+curiosity|curious|eli5|fun\s+fact\s+time)\s*[,，:：!！-]"
    r"|(?:i\s+wonder|i\s+was\s+wondering|i've\s+always\s+wondered|i'm\s+curious|"
    r"(?:do\s+you|does\s+anyone|does\s+anybody)\s+know|any\s+idea|anyone\s+know)\s*[,，:：-]?"
    r"\s*(?=(?:why|how|what|when|where|who|which|if|whether)\b)"
    r"|(?:请问|问一下|问个问题|好奇问一下|想问一下|想问问|我想知道|我很好奇|我一直好奇|有谁知道|"
    r"你知道)\s*[,，:：!！]?"
    # A question someone put to the person, reported ("My son asked me why the sky is
    # blue", "孩子问我为什么天是蓝的"): the asker is the person's, the question the world's --
    # unless it points back at the asker (he, his, 他; see ``_REPORTED_BACK``).
    r"|(?:my|our)\s+(?:[\w-]+\s+){0,2}(?:asked(?:\s+me)?|asks(?:\s+me)?|wants\s+to\s+know|"
    r"was\s+wondering|keeps\s+asking(?:\s+me)?)\s*[,，:：-]?"
    r"\s*(?=(?:why|how|what|when|where|who|which|whether)\b(?![^?]*\b(?:he|she|his|her|him|"
    r"they|them|their|my|our|me|we|us|i)\b))"
    r"|我?(?:儿子|女儿|孩子|小孩|老婆|老公|妈妈|爸爸|同事|朋友|学生)[^，,。？?]{0,4}?(?:问我|问|想知道|好奇)"
    r"\s*[,，:：]?\s*(?=[^，,。？?]{0,12}?(?:为什么|为啥|怎么|什么|哪|谁|多少|几))(?![^？?]*[他她它我])"
    r")\s*", re.I)
_CLAUSE_END = lazy_re(r"[,，!！。.~～…]+")


def core(turn: str, *, frames: bool = True) -> str:
    """``turn`` without what comes before the question or request proper: greetings
    ("Hey! How fast ...", "哈喽哈喽，今天好冷"), discourse markers ("Quick question: ...",
    "I wonder why ...", "我想知道…"), and with ``frames`` a frame set ahead ("In Go, ...").
    The shape is judged on what is left; anchors on the turn with its frame
    (``frames=False``: "In my last job, how did we ..." keeps its "my"). A turn that is
    nothing but a greeting is left whole. Traditional characters are read as simplified
    (``simplified``)."""
    rest = turn = simplified(turn)
    for _ in range(3):
        m = _MARKER.match(rest) or (_FRAME.match(rest) if frames else None)
        if m and m.end() < len(rest.rstrip()):
            rest = rest[m.end():]
            continue
        m = _CLAUSE_END.search(rest)
        if m and m.end() < len(rest.rstrip()) and is_phatic(rest[:m.start()]):
            rest = rest[m.end():].lstrip()
            continue
        break
    return rest


# A remark after a greeting ("哈喽，今天好冷", "晚上好呀，忙完了", "Morning! Long day ahead."):
# no question, no request, nobody's "I" -- the small talk of a turn that opens with a
# greeting. What marks a question or a request, in both languages:
_ASKS = lazy_re(
    r"[?？]|\b(?:what|how|why|when|where|who|whom|whose|which|can|could|would|will|should|"
    r"shall|do|does|did|is|are|am|was|were|please|pls|remind|tell|show|help|find|check|book|"
    r"schedule|add|set|give|make|send|write|draft|plan|order|call|text|email|look|search|"
    r"list|explain|translate|summari[sz]e|let's|let|need|want|i|i'm|i've|i'd|my|me|we|our|us)\b"
    r"|吗|呢|么|什么|怎么|为什么|为啥|哪|几|多少|谁|是否|能不能|可不可以|要不要|帮|请|给我|提醒|记得|"
    r"告诉|查|看看|安排|订|写|发|找|推荐|需要|想要|我|咱|俺", re.I)
_TODAY = lazy_re(r"\b(?:today|tonight|this\s+(?:morning|afternoon|evening))\b|今天|今日|今儿|今晚|"
                 r"早上|上午|中午|下午|晚上", re.I)
#: A remark is short: longer, it is likely to carry a need the greeting only opens.
REMARK_MAX_WORDS = 5
REMARK_MAX_CJK = 10


# After thanks, the speaker taking up the advice ("thanks, I'll try that", "ok, will do",
# "谢谢，我去试试", "好的，我知道了"): the "I" of an uptake says nothing of their life.
_UPTAKE = lazy_re(
    r"^\s*(?:ok(?:ay)?[,\s]+)?(?:i'll|i\s+will|i'm\s+going\s+to|i'm\s+gonna|gonna|let\s+me|will)\s+"
    r"(?:try|do|give\s+it|check|look|test|have\s+a\s+(?:go|look|try))\b"
    r"(?:\s+(?:it|that|this|them|now|later|out|again|a\s+(?:go|try|shot)))*\s*[.!~]*\s*$"
    r"|^\s*我(?:去|再|先|回头)?(?:试试|试一下|试下|看看|知道了|明白了|懂了|记住了)(?:看)?[了啦吧哈。!！~]*\s*$",
    re.I)


#: A reported routine may take a few more words than a bare remark ("just got back from
#: the school run").
ROUTINE_EXTRA_WORDS = 3
_UNWELL = lazy_re(r"\b(?:fever|sick|ill|unwell|pain|hurts?|hurt|injur\w*|vomit\w*|rash|"
                  r"cough\w*|headache|sore|allerg\w*)\b|发烧|发热|生病|病了|不舒服|疼|痛|受伤|"
                  r"过敏|咳嗽|呕吐|拉肚子", re.I)
# A routine of the day reported done, after a greeting: drop-offs, bedtimes, getting home.
_ROUTINE_DONE = lazy_re(
    r"(?:刚|刚刚|总算|终于|已经)(?:把\S{1,4})?(?:送完|送走|接完|接回来|哄睡|睡了|睡着|到家|回到家|下班|"
    r"忙完|吃完饭|放学)"
    r"|\b(?:just|finally)\s+(?:got\s+(?:back|home|in)|dropped\s+(?:\w+\s+){0,2}off|"
    r"(?:put|got)\s+(?:\w+\s+){0,2}(?:to\s+bed|down)|(?:asleep|in\s+bed|home|back))\b"
    r"|\b(?:kids?|children|baby|twins)\s+(?:are|is)\s+(?:finally\s+)?(?:asleep|in\s+bed|down)\b",
    re.I)


def is_greeting_remark(turn: str) -> bool:
    """True for a greeting followed by a short remark that asks nothing and says nothing
    of the speaker ("哈喽哈喽，今天好冷", "Hey! Long week."), or thanks followed by taking
    up the advice ("thanks, I'll try that", "谢谢，我去试试"): small talk, whatever its
    words; "Hi, what's Leo's allergy?", "嗨，提醒我明天交房租", "Morning! I have a headache"
    are not."""
    rest = core(turn, frames=False)
    if rest == simplified(turn):
        return False
    if _UPTAKE.match(rest):
        return True
    # A routine of the day just done ("刚送完孩子", "the kids are finally asleep", "just
    # got back from the school run") is the day's small talk, nothing to act on: its own
    # words ask nothing and its family word is no news; what else the remark says is read
    # as before. Feeling ill is news, whoever says it ("Morning! Leo has a fever").
    if _UNWELL.search(rest):
        return False
    routine = _ROUTINE_DONE.search(rest) is not None
    said = _ROUTINE_DONE.sub(" ", rest) if routine else rest
    if _ASKS.search(said):
        return False
    # "Today" is the moment of the greeting; any other anchor (tomorrow's meeting, the
    # kids) is news about the person's life that memories may bear on.
    if not routine and _ANCHOR.search(_TODAY.sub(" ", rest)):
        return False
    extra = ROUTINE_EXTRA_WORDS if routine else 0
    return (len(_LATIN.findall(rest)) <= REMARK_MAX_WORDS + extra
            and len(_CJK.findall(rest)) <= REMARK_MAX_CJK + extra)


_WH = lazy_re(r"^\s*(?:why|how|what|when|where|who|which|whether|if)\b"
              r"|^\s*(?:为什么|为啥|怎么|如何|什么|哪|谁|多少|几)", re.I)


def _asked_about(turn: str) -> bool:
    """A wondering marker before a wh-clause ("I wonder why cats knead", "Do you know how
    tall the Eiffel Tower is?", "Any idea why bread goes stale?"): an embedded question,
    without the inversion the direct frames look for, about whatever follows."""
    text = simplified(turn)
    m = _MARKER.match(text)
    return m is not None and _WH.match(text[m.end():]) is not None


def is_impersonal(turn: str) -> bool:
    """True when the turn has the shape of a world-knowledge question or a self-contained
    task and nothing in it ties it to the person (see the module docstring); or is a
    greeting with a remark (``is_greeting_remark``)."""
    if is_greeting_remark(turn):
        return True
    shaped = core(turn)
    if not (_IMPERSONAL.search(shaped) or is_generation_task(turn) or _asked_about(turn)):
        return False
    own = _own_words(core(turn, frames=False))
    return not (_ANCHOR.search(own) or (FOR_ME and _FOR_ME.search(own)
                                        and not is_content_task(turn)))


def is_generation_task(turn: str) -> bool:
    """True for a request to generate a self-contained artefact (a function, a regex, a
    poem, prose): "Write a Python function that ...", "用 Python 写一个冒泡排序"."""
    return _GENERATE.search(_own_words(core(turn))) is not None


def is_content_task(turn: str) -> bool:
    """True for a self-contained task ("Explain how Kafka partitions work", "翻译成英文",
    a generation task) or a question marked as general ("in general", "一般来说"): what
    it needs is in the turn, even when it names a thing the person uses."""
    return is_generation_task(turn) or _TASK.search(core(turn)) is not None


def anchor_of(turn: str) -> str | None:
    """The first personal anchor in ``turn`` (for explain), or None."""
    own = _own_words(core(turn, frames=False))
    m = _ANCHOR.search(own) or (
        _FOR_ME.search(own) if FOR_ME and not is_content_task(turn) else None)
    return m.group(0) if m else None


# "Who is X?", "What is X?", "Tell me about X", "X是谁？", "X是什么？": a question about
# what X is. When the store names X, the turn asks about the person's own world (their
# son Leo, their project Atlas), not the encyclopaedia's.
_IDENTITY = lazy_re(
    # Not "What is X responsible for / known for / made of?": a question about what X
    # does, with its preposition left at the end.
    r"^\s*(?:who|what)(?:'s|\s+is|\s+are)\s+(?P<en>[^?.!]{1,60}?)"
    r"(?<!\bfor)(?<!\bof)(?<!\bwith)(?<!\bfrom)(?<!\babout)(?<!\bafter)(?<!\bin)(?<!\bby)"
    r"\s*[?.!]*\s*$"
    r"|^\s*tell\s+me\s+about\s+(?P<about>[^?.!]{1,60}?)\s*[?.!]*\s*$"
    r"|^\s*(?P<zh>[^？?。！!]{1,30}?)\s*(?:是谁|是什么|是啥)\s*[？?。！!]*\s*$",
    re.I,
)


_NAME_LIKE = lazy_re(r"\b[A-Z][a-zA-Z0-9]+|[\u4e00-\u9fff]{2}")


def identity_subject(turn: str) -> str | None:
    """The X of an identity question about a name ("Who is Leo?" -> "Leo", "朵朵是谁？"
    -> "朵朵"), or None; "What's new?" and "what is love" name nothing."""
    m = _IDENTITY.match(turn)
    if not m:
        return None
    subject = next(g for g in m.groups() if g is not None)
    return subject if _NAME_LIKE.search(subject) else None


# A capitalized run of words ("Atlas", "Lin Xiao", "Sesame Street", "GitLab CI"); in an
# English sentence its first word does not count as a name (it is capitalized anyway).
#: Lowercase particles inside a personal name ("Fatima al-Fihri", "Ludwig van Beethoven",
#: "Maria de la Cruz"): without them the run breaks in two and a knowledge question about
#: a historical person is made personal by the first name alone when the store holds a
#: colleague of that first name. Only between capitalized words of one run.
_NAME_PARTICLE = r"(?:al|el|ibn|bin|bint|van|von|de|der|den|del|della|da|di|du|la|le|dos|das)"
_NAME_RUN = lazy_re(rf"(?<![\w'])([a-z]?[A-Z][\w-]*(?:\s+(?:(?:{_NAME_PARTICLE}[\s-])+"
                    r"[A-Z][\w-]*|[a-z]?[A-Z][\w-]*|\d+\b))*)")
_CJK = lazy_re(r"[\u3400-\u9fff]")


def names_in(turn: str) -> list[str]:
    """The capitalized names of ``turn`` ("Which Go version is Atlas on?" -> ["Go",
    "Atlas"]; "Who created Sesame Street?" -> ["Sesame Street"]). Its first word is a
    name only in a Chinese sentence ("Leo 什么时候上托班？") or when more capitals
    follow it directly ("Lin Xiao ...", "Which Go ..."; the caller drops stopwords)."""
    own = _own_words(core(turn, frames=False))  # "Hi! Why ...": "Why" starts the turn
    start = len(own) - len(own.lstrip())
    chinese = _CJK.search(own) is not None
    out = []
    for m in _NAME_RUN.finditer(own):
        run = m.group(1)
        if m.start() == start and not chinese:
            first, *rest = run.split()
            if not rest:
                continue
            if is_query_stopword(first.lower()):  # "Can Sesame ..." -> "Sesame"
                run = " ".join(rest)
        out.append(run)
    return out


# Chinese names that need no dictionary: a reduplicated given name or nickname (朵朵, 乐乐)
# and 老 / 小 + a common surname (老王, 小周). Names the store also holds in pinyin
# (林晓 <-> Lin Xiao) are found by ``rules/names.py``'s bridge instead.
_SURNAMES = (
    "王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾肖田董袁潘蒋蔡余"
    "杜叶程苏魏吕丁任沈姚卢姜崔钟谭陆汪范金廖贾夏韦方邹孟熊秦邱江薛段雷侯史陶贺顾毛郝"
    "龚邵钱严武戴莫孔汤"
)
_ZH_NAME = lazy_re(rf"([\u4e00-\u9fff])\1|[老小][{_SURNAMES}]")


def chinese_names_in(turn: str) -> list[str]:
    """Bigrams of ``turn`` shaped like a Chinese name or nickname: "朵朵生日想要什么" ->
    ["朵朵"], "老王喜欢喝什么酒？" -> ["老王"]; reduplicated function words (谢谢, 常常)
    are not names."""
    own = _own_words(turn)
    return [m.group(0) for m in _ZH_NAME.finditer(own) if not is_query_stopword(m.group(0))
            and simplified(m.group(0)) not in _NOT_NAMES]


#: Reduplicated words that are no names (adverbs, kinship terms already anchors).
_NOT_NAMES = frozenset((
    "谢谢", "常常", "刚刚", "天天", "慢慢", "渐渐", "偏偏", "往往", "个个", "人人", "处处", "时时",
    "样样", "试试", "看看", "想想", "说说", "聊聊", "讲讲", "走走", "等等", "哈哈", "嘿嘿", "呵呵",
    "妈妈", "爸爸", "哥哥", "姐姐", "弟弟", "妹妹", "爷爷", "奶奶", "宝宝", "星星", "明明",
))


# ---------------------------------------------------------------------- subject slot
# "What is the summarizer's default model?", "Where is the blog hosted?",
# "摘要服务现在用什么默认模型？": a knowledge question's shape about a thing of the person's
# named by a common noun. What tells it from "What is the capital of Australia?" is the
# store: a memory whose subject is that thing ("The default model for the summarizer
# service is ...", "摘要服务的默认模型是 ..."). The first definite noun phrase of an English
# turn (up to three words after "the", ending at a possessive); the leading CJK run of a
# Chinese one (Chinese puts the topic first).
_DEFINITE_NP = lazy_re(r"\bthe\s+([a-z][\w-]*(?:\s+(?!the\b)[a-z][\w-]*){0,2})", re.I)
_LEADING_CJK = lazy_re(r"^\s*([\u4e00-\u9fff]{3,})")


def subject_phrase(turn: str) -> str | None:
    """The noun phrase a question is about, for the subject-slot test: the words after
    the turn's first "the" (to a possessive, at most three) in English ("What is the
    summarizer's default model?" -> "summarizer"), the leading CJK run in Chinese
    ("摘要服务现在用什么默认模型？" -> "摘要服务现在用什么默认模型"); None without one."""
    own = _own_words(turn)
    m = _LEADING_CJK.match(own)
    if m:
        return m.group(1)
    m = _DEFINITE_NP.search(own)
    if not m:
        return None
    words = []
    for w in m.group(1).split():
        if w.lower().endswith("'s"):
            words.append(w[:-2])
            break
        words.append(w)
    return " ".join(words)


# ---------------------------------------------------------------------- whose name
# A name the person's memories hold is theirs -- a son, a cat, a project, a manager -- when
# some memory is *about* it: it is the memory's subject ("Max gets an itchy mouth from
# kiwi", "User's son Max has asthma", "Heron 是公司的飞控固件项目", "儿子小满…", "Sesame the
# cat …") or a role introduces it ("the dog, Rex", "a greyhound named Biscuit", "叫饼干").
# A name memories only mention as a circumstance -- where the person lives ("lives in
# Tiong Bahru"), a tool ("written in Go"), a team's city ("a Vancouver Canucks fan") -- is
# the world's as much as theirs: a knowledge question naming it ("Why is Vancouver's Expo
# Line called that?") asks the encyclopaedia, not the store.
_ROLE_EN = (r"(?:wife|husband|spouse|partner|son|daughter|kid|child|baby|mom|mum|dad|mother|"
            r"father|sister|brother|nephew|niece|cousin|aunt|uncle|grandson|granddaughter|"
            r"grandma|grandpa|grandmother|grandfather|boss|manager|colleague|coworker|friend|"
            r"neighbour|neighbor|cat|dog|puppy|kitten|pet|project|app|service|repo|named|called)")
_ROLE_ZH = (r"(?:儿子|女儿|孩子|老婆|老公|妻子|丈夫|太太|先生|妈妈|爸爸|母亲|父亲|哥哥|姐姐|弟弟|"
            r"妹妹|外甥|侄子|孙子|孙女|外孙|上司|老板|经理|同事|朋友|邻居|猫|狗|项目|叫|名叫|名字叫|"
            r"英文名|中文名)")
#: What may stand before a memory's subject: a possessor and its role ("User's son",
#: "The user's manager,", "用户的上司"), an article.
_SUBJECT_HEAD_EN = (rf"^(?:(?:the\s+)?(?:user|user's|my|our|the|a|an)\s+)?(?:{_ROLE_EN}[,:]?\s+)?")
_SUBJECT_HEAD_ZH = r"^(?:用户的?|我的?|我家的?)?[\u4e00-\u9fff]{0,4}?"


def is_subject_in(name: str, text: str) -> bool:
    """True when ``text`` (a memory) is about ``name``: the name starts it (after a
    possessor and a role, an article) or a role word introduces it ("my son Max", "the
    dog, Rex", "猫叫芝麻"). "User lives in Tiong Bahru", "Atlas is pinned to Go 1.22",
    "User is a Vancouver Canucks fan" only mention it."""
    t = text.lstrip()
    n = re.escape(name)
    if _CJK.match(name):
        if re.match(_SUBJECT_HEAD_ZH + n, t) and not re.match(
                rf"^[\u4e00-\u9fff]{{0,4}}?(?:在|住|去|到|从|回|于|用){n}", t):
            return True
        return re.search(rf"{_ROLE_ZH}(?:是)?[，,：:\s]?{n}", t) is not None
    bound = rf"(?<![\w-]){n}(?![\w-])"  # not part of a longer word
    if re.match(_SUBJECT_HEAD_EN + bound, t, re.I):
        return True
    return re.search(rf"\b{_ROLE_EN}(?:\s+is)?[,:]?\s+{bound}", t, re.I) is not None


# ------------------------------------------------------------------ particular things
# "When does the car insurance need renewing?", "What's the guest network called at the
# shop?", "When does the flour get delivered?": the shape of a knowledge question about a
# *particular* thing ("the" + a common noun), which in a person's own words is usually
# theirs. What tells it from "the sky" or "the Titanic" is the store: a memory holding
# the noun (``relevance.impersonal``). The head of each definite noun phrase: its last
# word before a preposition, a verb or a possessive's "'s".
_DEFINITE_HEAD = lazy_re(r"\bthe\s+([a-z][\w-]*(?:\s+(?!the\b)[a-z][\w-]*){0,2})", re.I)
_NP_END = lazy_re(r"(?:'s|’s)\b.*$|\s+(?:of|in|on|at|for|to|from|with|by|and|or|is|are|was|"
                  r"were|does|do|did|has|have|can|could|should|will|would|get|gets|need|"
                  r"needs|called|named|take|takes|go|goes|run|runs)\b.*$", re.I)


# A definition asks what a kind of thing is, whoever has one ("What is the meniscus in a
# graduated cylinder?", "What's a kumara?"): no particular thing of the person's.
_DEFINITION = lazy_re(
    r"^\s*what(?:'s|’s|\s+is|\s+are)\s+(?:a|an|the)\s+[\w-]+(?:\s+[\w-]+)?"
    r"(?:\s+(?:in|of|on|for)\s+(?:a|an|the\s+\w+\s+of)\s+[^?]+)?\s*[?？]*\s*$", re.I)


def is_definition(turn: str) -> bool:
    """True for "What is the X (in a Y)?": what a kind of thing is."""
    return _DEFINITION.match(core(turn)) is not None


def definite_heads(turn: str) -> list[list[str]]:
    """The content words of ``turn``'s definite noun phrases (up to three words after
    "the", to a preposition, a verb or a possessive), lowercased: "When does the flour get
    delivered?" -> [["flour"]]; "How long does the commute to the office take?" ->
    [["commute"], ["office"]]; a trailing verb may ride along ("the gecko eat"). A phrase
    with a capitalized word is a name ("the Canucks"), left to the name rules."""
    out = []
    for m in _DEFINITE_HEAD.finditer(_own_words(core(turn))):
        if any(w[:1].isupper() for w in m.group(1).split()):
            continue  # "the Canucks", "the Starship Hospital": a name (the name rules')
        words = [w.lower() for w in _NP_END.sub("", m.group(1)).split()
                 if not is_query_stopword(w.lower())]
        if words:
            out.append(words)
    return out


# ------------------------------------------------------------------ an owned kind
# "Can a labrador eat grapes?", "拉布拉多能吃葡萄吗？", "How often should a diesel engine get
# its oil changed?": a question about a kind, in the grammar of world knowledge -- but
# asked by someone who owns one, it is a question about their dog or their truck, and
# what the store knows of it (an allergy, the model, the last service) is what the answer
# must respect. Whose is it: a memory that states the person has one of the kind ("User's
# Labrador Rocky ...", "User has a diesel Ford F-150", "我家养了一只拉布拉多", "用户的猫…").
# Only for questions of care or ability (a modal: can, should, is it safe; 能, 可以, 该),
# whose answer is a decision about that thing; "Who bred the first Labrador?" or "Why are
# cockatiels popular?" ask about the kind, whoever owns one.
# A kind's lifespan is a property of the kind, not a decision ("How long can guppies
# live?", "孔雀鱼能活几年？").
_CARE = lazy_re(
    r"\b(?:can|could|should|may|must|ought|safe|ok|okay|fine|bad|harmful|toxic|need|needs)\b"
    r"(?!\s+(?:\w+\s+){0,2}live\b)"
    r"|能(?!活)|可以|可不可以|会不会|要不要|该|应该|需要|安全|有害|有毒|行不行|多久[^，,。？?]{0,4}一次|每隔",
    re.I)
_OWN_EN = (r"(?:\b(?:user's|my|our|his|her|their)\s+(?:[\w-]+\s+){{0,2}}{t}"
           r"|\b(?:has|have|had|owns|own|adopted|got|keeps|drives|rides)\s+(?:a|an|two|three|one)"
           r"\s+(?:[\w-]+\s+){{0,2}}{t}|\b(?:a|an)\s+(?:[\w-]+\s+){{0,2}}{t}\s+(?:named|called))")
_OWN_ZH = (r"(?:养了?|家的?|我的|用户的|开(?:一|的)?|有(?:一|两|几)?)[只条头匹辆台个]?"
           r"[^，,。；;]{{0,4}}?{t}")


def is_care_question(turn: str) -> bool:
    """A question whose answer is a decision of care or ability (a modal, 能 / 可以 / 该)."""
    return _CARE.search(core(turn)) is not None


def owns_kind(term: str, memory: str) -> bool:
    """True when ``memory`` says the person has one of the kind ``term`` names: "User's
    Labrador Rocky is allergic to chicken" / "labrador", "我家养了一只拉布拉多" / "拉布";
    "User read a book about labradors" does not."""
    t = re.escape(term)
    if _CJK.match(term):
        return re.search(_OWN_ZH.format(t=t), memory) is not None
    return re.search(_OWN_EN.format(t=rf"{t}\w*\b"), memory, re.I) is not None

