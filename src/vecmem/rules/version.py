"""The version of everything the rules derive from a text.

A stored memory keeps fields derived from its content: ``content_norm`` and
``content_hash`` (:func:`vecmem.text.normalize`), its category and topic key
(:func:`vecmem.rules.classify`). When a change to the canonical text or to classification
can give an existing text a different derived value, bump ``RULES_VERSION``: it is
``vecmem.rules.derive.DERIVATION_VERSION``, which the store's re-derive step
(``vecmem.store.rederive``) compares with the version the database was derived with,
recomputing every derived field (newly colliding live rows go to review).

History:
1. the first rules (normalize: NFKC, CJK punctuation, whitespace; bilingual topics).
2. one canonical text (issue 18): invisible characters removed instead of becoming
   spaces, look-alike Cyrillic/Greek letters folded, list markers, markdown emphasis,
   decorative emoji and wrapping quotes dropped.
3. slots by meaning (issue 15): residence, employer, occupation and editor statements
   that announce a change ("now lives in", "has relocated to", "搬到了", "joined",
   "switched to … as their editor") share the slot's topic key; status reports and
   facts about a person told apart (quality verdicts change for some texts).
4. change announcements restated for classification (rules/changes.py: "X has been
   switched to Y", "X now uses Y", "X改成了Y", "项目X迁移到了Y", "用户现在…"), editor
   theme and boss/manager relations keyed.
6. more slots by meaning (issue 15, rules/slots.py): a time zone known by its value
   ("on Pacific time", "在东八区"), a named person's relation ("Anna is my sister" under
   person.anna.relation), embeddings by what they do; one key per slot ("default embedding
   model", "vector model", "嵌入" are config.embedding_model; "chat model", "default LLM"
   are config.default_model) and one value per meaning (a language preference's value is
   the language, a relation's its English word, a deploy target without "上"); a
   negated preference ("does not want …", "不喜欢…") keeps "not" in its value.
   (5 is the filter's, issue 15 items 2-4.)
7. secret shapes, round 3 (issue 15 item 4): codes in words, values spelled out with
   visible separators, look-alike-only labels, a value in the next sentence, plain-word
   passwords. Re-derive now also reads every stored text again under today's secret
   rules and cuts out what they find (``store/legacy_secrets.py``).
   A named person's relation has one key whichever way round it is said (issue 15
   item 6, rules/slots.py): "My sister is Anna" / "我姐姐叫安娜" join "Anna is my sister"
   under person.anna.relation (relations one has one of at a time — wife, boss, … —
   keep user.<relation>.name when said relation first); "my sister is a nurse" /
   "我姐姐是护士" is no name and fills no slot.
   Rule cue terms (issue 13 item 4, rules/cues.py): every memory is indexed with the
   words of the situations its category touches, in both languages.
8. slots by grammar, round 4 (issue 15 item 5, rules/changes.py): a switch is read as
   subject + change verb + new value (+ "instead of" / "from" the old one) + what it is
   for ("switched to Neovim", "moved over to X for embeddings", "X replaced Y as my
   editor", "we switched the default model to X", "我从 VS Code 换到了 Zed", "把默认模型换成
   X", "已经不用 X 了，改成 Y"); a project moved to a host is its deploy target; a career
   move ("promoted to", "转行做了") is the occupation; words that only date a change ("these
   days", "上个月") are dropped; a wish to try ("I'd like to try X") is no preference value;
   more editors and model names known by kind; an unowned "editor" is the user's.
9. (session 6, three helpers in one bump) secret shapes, round 4 (issue 15 item 4,
   rules/secret_labels.py): other languages' password and PIN labels with a qualifier,
   secret table columns, codes said with counts, labels broken across a line,
   one-character URL passwords, traditional Chinese and other scripts' look-alike labels;
   re-derive reads every stored text again under them (``store/legacy_secrets.py``), so
   a value stored before these shapes existed is cut.
   Slots by meaning, round 5 (issue 15 item 5, rules/slot_forms.py, rules/changes.py):
   plain statements in the word orders people use — the owner before a model's or
   theme's label ("The user's default LLM is X", "用户默认使用的模型是 X", "用户的嵌入模型是
   X", "用户的编辑器主题是 X"), a project named without "the … project" or by a bare name
   with a technology ("Project atlas deploys to X", "博客部署在 X", "atlas 是部署在 X 上的"),
   a stack by its value's kind and its first named technology ("rewritten in FastAPI",
   "built with Django and PostgreSQL", "技术栈是 Vue + Flask"), "instead of X" not in the
   value; theme values one spelling (dark / light); wife = husband = spouse; change
   announcements without a subject, with an adverb, stacked time tails or an aside; a
   checkout moved to a path; "X and I got married"; a plain use kept to one context
   ("on the servers") fills no slot; "Switch to Spanish please" is a standing language
   preference (quality verdict changes for that shape only).
   Rule cue terms, round 2 (issue 13, rules/lexicon.py TOPICS): 34 categories instead of
   25 (pregnancy, breathing, dev tools, smart home, outdoors, health care, language,
   leisure, family) and more triggers and cues in the old ones (nuts, gluten, fruit;
   disc, hip, joint; lifting and moving for an injury; rent and fees; job titles; tickets,
   airlines, miles; adrenaline); phrase triggers ("work from home"); 腰 alone (腰果,
   cashew) no longer puts a memory in ``injury``.
10. secret shapes, round 5 (issue 15 item 4): escapes decoded in the detection reading
   (HTML entities, percent-escapes, ``\\u`` / ``\\x``), codes said aloud in six languages
   and CJK digits (``rules/secret_spoken.py``), Romance door-code labels and everyday
   words (mdp, clave, 비번, パスコード, 인증번호), mixed separators, recovery keys, values
   given in parts; re-derive reads every stored text again under them, so a value stored
   before these shapes existed is cut.
   Also slots by frame (issue 15, rules/slot_frames.py): a text no word-order family keyed is
   read by its frame — value spans masked by shape, the subject normalised, a label word
   ("default model", "embedding", "编辑器", "时区") or a time zone's shape names the slot
   and the one value left fills it ("claude-sonnet-4-5 is the model the user uses by
   default", "用户现在的主力编辑器换成 Neovim 了", "The user now works on Central European
   Time", "Home for me is Montreal now"); a role by its label or a promotion, whatever the
   head noun ("promoted to firmware team lead"); "ledger's checkout" names ledger; the
   first clause before a semicolon when the whole text keys nothing; "以后想要英文回复" a
   standing language preference; "home is in X" is X.
   Also rule cue terms, inflections (issue 13, rules/cues.py): an English
   trigger also matches its regular -ing / -ed / -ies forms ("drinking", "coding"),
   except a word that is a trigger itself ("parking") and verbs of another sense
   ("booked", "parked"), so a memory's categories can change.
11. slots round 7 (issue 15 item 5, rules/slot_grammar.py): a compound sentence keys the
   one slot one of its clauses keys, the user's subject carried into a clause that has
   none ("用户上个月从杭州搬到了南京，新家离地铁很近", "We sold the house and now live in
   Boise"; someone else's clause never); fillers between subject and verb dropped for
   that reading ("我现在住长沙"); "由A改为B" gives B, "阿强其实是我的表哥" names 阿强; a value
   without Latin letters ends before its particles ("拼多多了" is 拼多多); a keyed value
   that runs over a clause boundary ends there; a Chinese job by its ending morpheme
   ("我是护士") or a promotion verb ("升为"); a switch verb of the closed set that sets a
   thing to a value ("flipped my editor to the light theme" is the theme).
   Also secret shapes, round 6 (issue 15 item 4, rules/secret_frame.py, rules/secret_spoken.py):
   a bare English "code" before a PIN-shaped value, codes said aloud in any language of
   the number-word reader, values in Chinese characters after 密码 / 口令 / 暗号, base64
   and ROT13 of a whole value, a URL's userinfo password of any length, longer label
   frames; re-derive reads every stored text again under them, so a value stored before
   these shapes existed is cut.
12. slots round 8 (issue 15 item 5, rules/places.py, rules/slots.py): a value is read by
   what it is — a city, country or province (``vecmem/data/places.txt``, GeoNames) where
   an employer would stand is the city one works in, in no slot ("我在成都上班"); kin that
   Chinese tells apart keep their term (表妹 is not 堂妹: "cousin:表妹"); a CJK name never
   holds the filler after it ("阿杰已经成了…"); "business partner" is its own relation;
   "the default" names the slot its value's kind names; passive appointments (被提拔为);
   a piece of software moved somewhere is moved to a host (数据服务搬到了火山引擎).
   Also secret shapes, round 7 (issue 15 item 4, rules/secret_fields.py, rules/secret_mention.py):
   field names read by their head morpheme (URL queries, XML attributes and elements,
   long CLI flags), Chinese 码 compounds, a value given in parts judged together, a value
   said with its use ("log in with …"), masked values ("****1234") no longer read as
   values; the canonical text keeps "****" (no empty bold); mentions of what a secret is
   like or how it fares are rejected (quality verdicts change for those). Re-derive reads
   every stored text again under them.
13. secret shapes, round 8 (issue 15 item 4, rules/secret_near.py, rules/secret_entropy.py,
   text.py ``space_scripts``): a label, a gap of linking words only, then a value judged
   after its pieces are joined (spelled out, between commas, a question and its answer);
   every rule also reads a text with a space at each seam between CJK and Latin; a value
   typed in pieces runs to the end of its clause; parts named by the grammar of a whole
   and its pieces; short generated tokens with no label; dingbat digits. Texts holding
   such values are now rejected (quality verdicts change for those). Re-derive reads
   every stored text again under them.
14. secret shapes, round 9 (issue 15 item 4, rules/secret_restate.py): a value given again
   after its label — restated whole after how it is made ("…, so Marble2019", "…，也就是
   Doudou0312", "合起来就是 …") or corrected ("no wait, it's …", "不对，是 …"); a bare
   "code" asked for and answered ("the code? it's 4821"); an app password in four groups
   of four with its label after it; "I think" and a sentence particle (了) around a
   value; a code followed by its keypad step ("… then the hash key"); "activated with"
   as a licence label; several values of one label (rules/secret_chain.py: "from 1111 to
   4821", "(old one: …)", "不是 …，是 …"); passphrases of four capitalised words; the
   verbs of a change between a label and its values ("PIN changed from 1111 to 4821",
   "rotated to", 密码由 … 改为 …).
   Over-reads removed: a date is no piece of a value in parts, a
   key algorithm (ed25519) no key. Re-derive reads every stored text again under them.
   Also slots round 9 (issue 15 item 5, rules/slot_forms.py, rules/slots.py, rules/changes.py,
   rules/topic_work.py, rules/topic_keys.py, rules/topic_user.py, rules/places.py): a
   slot's value said by another verb keys its slot — who pays one's wage ("I'm paid by
   X"), 在X做事/打工/供职, 调岗/换岗 and a bare 做/当 before a job's ending, a standing
   "these days I'm in <place>", 回答用X; a city's time in Chinese (按纽约时间作息) is the
   time zone and a fixed offset has one spelling (东八区 = GMT+8 = UTC+08:00 = UTC+8); a
   named person's relation said "a coworker of the user" / landlady / 直属上司; a project
   named by its common noun ("The blog is deployed on Heroku"), in several words ("The
   LQA report site") or in 「」 quotes, and rewritten or ported by a bare name; the theme
   said where the editor would stand; static-site generators are frameworks; well-known
   city names GeoNames spells otherwise (New York, 纽约, 西雅图) are places. Topic keys and
   slot values change for such texts; re-derive reads every stored text again under them.
   Also filter round 9 (issue 15 item 2, rules/quality.py, rules/quality_mention.py,
   rules/quality_hedges.py): a text broken off on a word that needs what follows
   ("remember to", "帮我记一下，那个", "关于 Kafka 的，嗯") is half_formed before the question
   test reads its first words; thinking aloud ("嗯，我想想") is half_formed; "行吧" is an
   acknowledgement; a habit of consulting someone ("…会去请教他") and someone's advice
   with its own hedge ("舅舅建议先租两年再说") are facts; a credential given by reference
   to the chat ("same as last time", "in the file I sent you", "回头发你"), switched on
   ("is active now", "已生效") or added somewhere ("Deploy key added to the repo") is a
   secret_no_context mention. Quality verdicts change for those texts.
15. secret shapes, round 10 (issue 15 item 4, session 14): a label after its value with
   the label's owner or thing before it ("Xk9#2 是我的密码", "3390，记住，是保险柜的密码",
   "Bluefin_42 = server root password"); a bare "pass" next to what it opens ("the pass
   for the guest wifi", "vpn pass", "wifi 的 pass"); 回令 as a watchword label and "口令是：";
   the verbs of a change between a Chinese label and its value (已经更新为); a value in
   parts across sentences ("… the word Kite. Then add 4471", "门禁码前两位是 73。后两位是
   09。", "然后说 …"). Over-reads removed: a value named as an example of its kind ("123456
   is the most common password", "123456 是最常见的弱密码") and another way to unlock
   ("密码改成了指纹解锁"). Quality verdicts change for such texts; re-derive reads every
   stored text again under them.
   Also in 15, rule cue terms, round 4 (issue 13 item 4, rules/lexicon.py TOPICS, rules/cues.py):
   categories of everyday memories the earlier personas barely held — motion sickness,
   heights, enclosed spaces, emergency and blood type, vision, hearing, access
   (wheelchair, step-free), animals (horses, farms), faith (fasting, halal), clothing
   and sizes, scent, plants, crafts, sports, mind — and more triggers for food
   (barbecue, halal), medication (drug-name stems by a leading ``*``: ``*statin``,
   ``*cillin``), pet (birds, rabbits, tortoises), schedule (shifts), car (tyres,
   servicing, brands), finance (retirement), home (appliances, lifts), outdoors (sun,
   fishing), healthcare (teeth), condition (heart, dementia, gout, cancer), exercise
   (cycling); smoking, study and subscription categories; medical devices (CPAP,
   pacemaker, hearing aid: they matter when travelling), dog breeds and leads, allergy
   symptoms (sneezing, 打喷嚏), everyday dishes, salt and citrus for food, more drug
   stems (``*farin``, ``*triptan``). A memory's rule cue terms change; re-derive
   reindexes.
   Also in 15, slots by value (issue 15 item 5, session 14): one value said two ways is
   one value — places by a bundled zh/en alias table (``data/place_aliases.tsv``,
   ``rules/places.place_key``: 巴黎 = Paris), time zones by place and fixed offset (UTC+8 =
   北京时间 = Asia/Shanghai), editors and chat models by their one name; frontend and
   backend stacks are two slots in English too; more change grammar. And filter round 10
   (a job's position in words is progress; a dated achievement is a fact; a slot change
   reaches the slot rules). Topic keys and quality verdicts change for such texts.
16. session 15, the rule lanes folded into one version (issue 15). Slots by category
   (item 5, rules/changes.py ``_RESAY``,
   rules/slot_opinion.py, rules/topic_keys.py, rules/topic_user.py; blind9's kinds of
   miss): the theme's label said 配色 / theme / colour scheme, the look changed to a mode
   (把界面换成了暗色模式), colour schemes by name ("User uses One Dark") and kept; a project
   named before 项目 (蜂鸟项目部署在阿里云) and its deploy moves (迁到了 X 上部署, 改成部署到 X);
   promotions said "bumped up to" / "moved into a X role"; a job with 了 and a Latin title
   in Chinese (我现在是 tech lead 了); 改成希望…; 迁移到 a tool; English time words inside a
   Chinese sentence; one's clocks set to a zone; more editor names (Atom, Fleet). The
   second opinion no longer reads something made for a tool (a plugin, a PR) as its use,
   nor a project's or bot's model as the agent's. Topic keys change for such texts;
   re-derive brings them to existing stores.
   Filter round 11 (items 1-2): a text broken off on a possessive, an adjective or a
   pronoun ("my brother's old", "对了，我爸的", "我 mom 她") and a label with no
   value ("my passcode is", "我的登录密码是") are half_formed (the latter read
   before the credential-mention test); a wh-question
   marked only by 来着 or "again" is a question; a thing out of order where it
   stands ("The PIN pad at the front desk is broken") is a fact, not progress.
   Quality verdicts change for such texts.
   Secret shapes round 11 (item 4, rules/secret_keyed.py): codes
   with a separator between every digit ("Door code … is 4#8#1#5"), combinations in
   number words ("twelve, thirty-three, eight", "三十二、十五、八"), security answers
   (密保问题的答案是…, "the answer to my security question is …"), a value in a later
   clause (密码跟上次一样，就是 …), a Wi-Fi key after the network name, recovery keys in
   digit groups. Quality verdicts change for such texts; re-derive reads every stored
   text again under them.
17. session 17 — secret shapes round 12 (the kinds of miss of the retired blind10 round):
   a reading without the possessed owner ("the user's", "Grandma's": whose a secret is
   hides no label, rules/secret_readings.py), a value before its label in Chinese after
   a product name (…，这是用户的Outlook密码), a card's CVV, a code after a Chinese label
   and a comma (门禁密码，5827#), a value told a sentence later ("It is: …", "The digits
   are …"), an app password quoted in a setting, security questions asked about a thing,
   quoted or named by what they are ("…, used as a security answer, is …"), national
   identity numbers (an SSN after its label, a Chinese resident ID by its check
   character or its label). Filter: a credential label with nothing after it ("my
   passcode is", "用户的银行卡密码") is secret_no_context, not half_formed (it names a
   secret; 11 dev rows relabelled); a value drawn as an emoji after a label ("最喜欢的表情
   是 🔥") is a value though the canonical form drops it as decoration; speech announced
   and not given ("I was going to say", "我有件事想跟你说") is half_formed. Quality
   verdicts change for such texts; re-derive reads every stored text again under them.
   Filter round 12 (branch filter17): a job named by its noun at a share ("The index
   rebuild is at 41%", "视频导出已经 80% 了"; a rate or a capacity is no job) and a job under
   way with an English verb in a Chinese frame, then its next step ("镜像在 push，push 完就
   重启") are progress; an opener and a noun phrase only ("Since the new server", "因为她的",
   "至于报销的") and saying broken off after a possessive ("用户说她的 iPad", "The user said
   his laptop") are half_formed; not knowing what someone else wants or will do ("不知道老板
   在不在", "Not sure whether Anna can make it") is a question, and a condition over every
   case ("before pushing any commit", "任何 PR 之前") makes an instruction standing.
   Slots round 12 (blind10's kinds of miss, rules/changes.py ``_RESAY17``): a value said to
   hold still ("remains", "is still", 还是, 还在, 仍然) and a slot's label said to have
   changed ("title changed to", "has become") are the plain statement; "has since moved", a
   new home named by its dwelling, a relation dated by "now", who reports to whom, a
   relation no longer held then the new one, a wedding with the user, editing code in an
   editor, a host by shipping, "X is a Rust project", 改部署到, an answer language wished by
   who answers (想让回答都用日语) and an embedding named by what it embeds key their slot;
   mentee (徒弟, 带的新人) and English relation words inside Chinese are relations. Topic
   keys change for such texts. Filter round 12b (branch filter17b): a bare imperative on
   the agent's work ("先跑一遍 lint", "跑个 benchmark 看看", "日志清一清", "Rerun CI", "Clear the
   cache") is a question (a request), and a Chinese A-not-A about a thing ("不知道 Docker
   支不支持 ARM", "这个版本兼不兼容 Python 3.12"; a doubt over 是否 or closed by 吗 alike) is a
   question, over the speaker's own decision ("不知道去不去参加年会") half_formed.
   A project's stack named by two or more technologies ("tally
   uses Django and PostgreSQL", "账本系统用的是 Vue + Node.js"; branch stacks17,
   rules/slot_stacks.py) is the whole set under ``project.<name>.stack``, no longer keyed by
   its first item's kind.
"""

from __future__ import annotations

RULES_VERSION = 17
