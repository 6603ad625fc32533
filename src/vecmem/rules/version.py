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
"""

from __future__ import annotations

RULES_VERSION = 7
