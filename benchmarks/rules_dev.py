"""The rules on fresh dev sets: quality filter, secret leaks, false rejects, one-value slots.

    python benchmarks/rules_dev.py                      # tables, both splits
    python benchmarks/rules_dev.py --misses tune        # what the tune split gets wrong
    python benchmarks/rules_dev.py --json out.json      # numbers for the record

Sets (``tests/data/``, each case carries ``split``: ``tune`` — rules may be changed
while looking at it — or ``heldout`` — never looked at case by case):

* ``quality_fresh.jsonl``: texts as an agent would extract them from conversations,
  Chinese, English and mixed, with adversarial shapes (look-alike letters, invisible
  characters, split values). A case is right when allow/reject is right and, for a
  reject, its reason category is right. Secret cases also carry the value: a *leak* is
  that value surviving ``redact_secrets`` in any canonical form.
* ``quality_blind.jsonl``: a second held-out quality set (split ``heldout2``, 190 cases)
  written from the issue's kinds of miss before any rule of that round was changed and
  measured untouched first; never tuned on.
* ``quality_blind3.jsonl`` / ``slot_paraphrase_blind3.jsonl``: a third blind round (split
  ``blind3``, session 5), written from the issue's specification by someone who had not
  read the rules or the earlier failing cases. **Retired blind, now dev**: measured and
  reported once while blind (session 5), tuned on since session 6, so ``--misses blind3``
  lists its misses. Still reported as its own column.
* ``quality_blind4.jsonl`` / ``slot_paraphrase_blind4.jsonl``: the fourth blind round
  (split ``blind4``, session 6), written from the issue text alone before the writer read
  any rule or earlier case. **Retired blind, now dev** (measured and reported once while
  blind, session 6): its misses can be listed.
* ``quality_blind5.jsonl`` / ``slot_paraphrase_blind5.jsonl``: the fifth blind round
  (split ``blind5``, session 7), written from the issue text alone before the writer read
  any rule or earlier case. **Retired blind, now dev** (measured and reported once while
  blind, session 7): its misses can be listed.
* ``quality_blind6.jsonl`` / ``slot_paraphrase_blind6.jsonl``: the sixth blind round
  (split ``blind6``, session 8), written from the issue text alone before the writer read
  any rule or earlier case. **Retired blind, now dev** (measured and reported once while
  blind, session 8): its misses can be listed.
* ``quality_blind7.jsonl`` / ``slot_paraphrase_blind7.jsonl``: the seventh blind round
  (split ``blind7``, session 9), written from the issue text alone before the writer read
  any rule or earlier case. **Retired blind, now dev** (measured and reported once while
  blind, sessions 9 and 10): its misses can be listed.
* ``quality_blind8.jsonl`` / ``slot_paraphrase_blind8.jsonl``: the eighth blind round
  (split ``blind8``, session 10), written from the issue text alone before the writer read
  any rule or earlier case. **Retired blind, now dev** (measured and reported once while
  blind, sessions 10 and 11): its misses can be listed.
* ``quality_blind9.jsonl`` / ``slot_paraphrase_blind9.jsonl``: the ninth blind round
  (split ``blind9``, session 11), written from the issue text alone before the writer read
  any rule or earlier case. **Retired blind, now dev** (measured and reported while blind,
  sessions 11 to 14): its misses can be listed.
* ``quality_blind10.jsonl`` / ``slot_paraphrase_blind10.jsonl``: the tenth blind round
  (split ``blind10``, session 15, 326 quality cases and 139 slot scenarios), written from
  the issue text and the label definitions alone before the writer read any rule or
  earlier case. **Retired blind, now dev** (measured and reported while blind at the start
  and end of session 15): its misses can be listed.
* ``quality_blind11.jsonl`` / ``slot_paraphrase_blind11.jsonl``: the eleventh blind round
  (split ``blind11``, session 17, 342 quality cases and 135 slot scenarios), written from
  the issue text and the label definitions alone before the writer read any rule or
  earlier case. **Blind**: counts only, its misses are never listed (``--misses`` refuses
  it).
* ``slot_paraphrase.jsonl``: a stored fact, then a paraphrase. Positives restate or change
  the same one-value slot (expected ``duplicate`` or a conflict: ``review``/``update``),
  negatives are another slot or another person's (expected ``store``). Run through the
  real write pipeline on a temporary SQLite file with the hashing embedder, no LLM.
  ``flagged:*`` counts the new facts stored *and* listed by ``cleanup`` as a possible
  conflict (an ambiguous case; for negatives, a false flag); ``rejected:*`` the ones the
  quality filter refused (a positive lost before the slot rules; a negative not stored,
  which is the filter's call, not a slot error). ``ambiguous`` cases (a
  fact the rules may not key into the filled slot though it speaks of it) are right when
  flagged so, or when the rules already send them to review as a conflict.
* ``quality_round3.jsonl``: a round-3 dev set (268 cases) written per kind of miss and
  false-reject trap before that round changed a rule, split 50/50 per ``kind`` at write
  time (``tune`` / ``heldout_r3``); rows ``kind:*`` and ``set:round3`` count it alone.
* ``quality_round4.jsonl``: a round-4 dev set (session 6, 222 cases) written per kind
  before that round changed a rule — progress and status lines, mid-task states, hedges,
  questions and requests, bare URLs/paths (Windows paths with spaces and CJK folders),
  chatter, and the false-reject traps (asking for advice, past achievements, ongoing life
  states, facts holding a path or a question word), with adversarial shapes (look-alike
  letters, invisible characters, full-width, line breaks); split alternately per ``kind``
  at write time (``tune_q4`` / ``heldout_q4``); rows ``kind:*`` and ``set:round4``.
* ``quality_round5.jsonl``: a round-5 dev set (session 7, 272 cases, zh + en + mixed)
  written per kind before that round changed a rule, in wordings unlike the earlier sets:
  the same kinds of miss as round 4 plus durable past facts about a project ("we moved the
  blog off WordPress"), all in other domains (home, money, health, media) and sentence
  shapes (passive, subjectless, a clause after the step done, a terse noun-phrase
  question); split alternately per ``kind`` at write time (``tune_q5`` / ``heldout_q5``);
  rows ``kind:*`` and ``set:round5``.
* ``quality_round6.jsonl``: a round-6 dev set (session 8, 192 cases, zh + en + mixed)
  written per kind before that round changed a rule: real slot changes told as a current
  state ("The billing service is being rewritten in Go now", "atlas 现在部署在 Koyeb 上"),
  candidates the extractor proposes (appointments with a date, two values in one fact),
  progress / hedges / questions in new shapes, and the false-reject traps; split
  alternately per ``kind`` at write time (``tune_q6`` / ``heldout_q6``); rows ``kind:*`` and
  ``set:round6``. Round 6 also holds out the whole of ``blind5`` as its untouched check
  (its misses were not listed while round 6 was tuned).
* ``quality_round7.jsonl``: a round-7 dev set (session 9, 188 cases, zh + en + mixed)
  written per kind before that round changed a rule, from agent output (coding, home,
  errands, health, money): the new trap is **a change of a standing fact told as a change
  done** ("我已经升为护士长了", "Canva pays me now", "默认浏览器换成 Arc 了"), beside progress /
  hedges / questions in new shapes and the other false-reject traps; split alternately per
  ``kind`` at write time (``tune_q7`` / ``heldout_q7``); rows ``kind:*`` and ``set:round7``.
  Round 7 holds out the whole of ``blind6`` as its untouched check (counts only, its misses
  never listed while round 7 was tuned).
* ``quality_round9.jsonl``: a round-9 dev set (session 11, 103 cases, zh + en + mixed)
  written per kind before that round changed a rule, from the kinds of miss of the retired
  ``blind7`` round: deferred-work hedges, fragments broken off on a request or a question
  word, facts that mention asking someone, a credential handed over in the conversation or
  given by reference ("same as last time", "in the file I sent you"), a credential's life
  event with a destination, beside progress, questions, repeated acknowledgements, bare
  paths and the false-reject traps (durable credential facts, past achievements); split per
  ``kind`` at write time, every third case held out (``tune_q9`` / ``heldout_q9``: the
  held-out third is never listed while round 9 is tuned); rows ``kind:*`` and ``set:round9``.
* ``quality_round10.jsonl``: a round-10 dev set (session 14, branch ``filter``, 69 cases, zh
  + en + mixed) written per kind before that round changed a rule, from the kinds of miss of
  the retired ``blind8`` round: a job's position told by a count ("跑到第 37 个分片了") or a
  share in words ("进行到百分之八十"), work under way with the next step after it ("镜像在打包，
  打完就推到仓库"), a first step now and the rest later ("先把接口跑通，回头再补测试"), a
  thought put off to be remembered later, a credential put somewhere, sent or reset, beside
  the false-reject traps (an achievement dated by month and year, a person's ongoing life,
  a one-value slot changed — told as done, or asked for as a standing setting — and durable
  credential facts); split per ``kind`` at write time, every third case held out
  (``tune_q10`` / ``heldout_q10``: never listed); rows ``kind:*`` and ``set:round10``.
* ``quality_round11.jsonl``: a round-11 dev set (session 15, branch ``filter``, 99 cases, zh
  + en + mixed) written per kind before that round changed a rule, from the kinds of miss of
  the retired ``blind9`` round: a fragment broken off on a possessive, an adjective or a
  pronoun ("my brother's old", "对了，我爸的", "我 mom 她"), a label with no value ("my
  passcode is", "我的登录密码是"), deferred-work hedges, a question marked only by 来着 /
  "again", a task artefact's broken state, beside the false-reject traps (a thing in the
  world that is broken, a whole possessive fact, a label with its value, a standing setting
  asked for everywhere, a path with what it is, short facts, a hedge about a person's plan),
  with look-alike letters, invisible characters and full-width forms; split per ``kind`` at
  write time, every third case held out (``tune_q11`` / ``heldout_q11``: never listed).
* Benign corpus: LoCoMo's session observations, event summaries and summary sentences
  (``../shared/data/locomo10.json``) — plain facts about people. Any reject is false.
  Conversations 0-4 are the tune half, 5-9 the held-out half.
* Second benign corpus (session 6): the facts this repo stores in its other benchmarks —
  the recall banks (persona 1, persona 2 — retired to dev), the 5,000 distractor memories,
  and every stored and new fact of the slot sets (not the blind4 ones). All are memories an
  agent would keep; any reject is false.
* ``slot_paraphrase_round4.jsonl``: a round-4 slot set (session 5, late; 52 scenarios, half
  changes announced in many wordings, half look-alikes: another person or project, a trial,
  a wish, a past fact), split alternately at write time into ``tune_r4`` / ``heldout_r4``.
* ``slot_paraphrase_round5.jsonl``: a round-5 slot set (session 6; 92 scenarios over the 13
  slots, 43 positives, 45 negatives, 4 ambiguous, zh + en + mixed), written before that
  round changed a rule and split at write time into ``tune_r5`` / ``heldout_r5`` (52 %).
* ``slot_paraphrase_round6.jsonl``: a round-6 slot set (session 7; 68 scenarios, 32
  positives, 32 negatives, 4 ambiguous, zh + en + mixed), written before that round changed
  a rule, split alternately per polarity at write time into ``tune_r6`` / ``heldout_r6``.
* ``slot_paraphrase_round7.jsonl``: a round-7 slot set (session 8; 74 scenarios, 34
  positives, 34 negatives, 6 ambiguous, zh + en + mixed: values without Latin letters,
  compound sentences, change wordings), written before that round changed a rule and split
  alternately per polarity at write time into ``tune_r7`` / ``heldout_r7``
  (``benchmarks/slots_dev.py`` held ``heldout_r7`` and the whole ``blind5`` round out).
* ``slot_paraphrase_round8.jsonl``: a round-8 slot set (session 9; 81 scenarios, 37
  positives, 38 negatives, 6 ambiguous, zh + en + mixed: kin terms, a city where an
  employer would stand, values without Latin letters, compound sentences, change
  wordings), written before that round changed a rule and split alternately per polarity
  at write time into ``tune_r8`` / ``heldout_r8`` (``benchmarks/slots_dev.py`` holds
  ``heldout_r8`` and the whole retired ``blind6`` round out).
* ``slot_paraphrase_round9.jsonl``: a round-9 slot set (session 11; 78 scenarios, 36
  positives, 36 negatives, 6 ambiguous, zh + en + mixed: change verbs — "paid by", 调岗,
  "moved X to Render", "switched over to", 改用了 —, a time zone named by a city or an
  offset, a project named differently, and look-alike negatives: a relative's city, a
  former job, a plan, another project's stack), written before that round changed a rule,
  every third case per polarity held out at write time into ``heldout_r9``
  (``benchmarks/slots_dev.py`` holds it out, counts only).
* ``slot_paraphrase_round10.jsonl``: a round-10 slot set (session 14; 32 scenarios, 16
  positives, 16 negatives): one value said in the other language or spelling — a city in
  Chinese and English (巴黎 / Paris), a time zone as an offset, a region name or an IANA
  name (UTC+8 / 北京时间 / Asia/Shanghai), an editor's short name (nvim / Neovim) — and a
  project's frontend and backend as two slots; negatives: a relative's city, a trip, a
  colleague's editor, a server's clock, the other half of the stack. Every third case per
  polarity held out at write time into ``heldout_r10`` (counts only).
* ``slot_paraphrase_round11.jsonl``: a round-11 slot set (session 15; 44 scenarios, 22
  positives, 22 negatives, zh + en + mixed), written by blind9's kinds of miss before
  that round changed a rule: change announcements ("has gone over to", "moved into a …
  position", 入职了, 把界面换成了, 迁到了…上部署, 改成希望用), statements the grammar did not key
  (配色, a Chinese project's deploy target, a repo's place); negatives: the same verbs
  said of someone else, a bot's or another project's model, a plugin written for an
  editor, a website's theme, another project. Every third case per polarity held out at
  write time into ``heldout_r11`` (counts only).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data"
SPLITS = ("tune", "heldout", "heldout2", "heldout_r3", "tune_q4", "heldout_q4", "tune_q5",
          "heldout_q5", "tune_q6", "heldout_q6", "tune_q7", "heldout_q7", "tune_q9",
          "heldout_q9", "tune_q10", "heldout_q10", "tune_q11", "heldout_q11", "tune_r4",
          "heldout_r4",
          "tune_r5", "heldout_r5", "tune_r6", "heldout_r6", "tune_r7", "heldout_r7", "tune_r8",
          "heldout_r8", "tune_r9", "heldout_r9", "tune_r10",
          "heldout_r10", "tune_r11", "heldout_r11", "blind3", "blind4", "blind5", "blind6",
          "blind7", "blind8", "blind9", "blind10", "blind11")
#: Blind splits: counts only, misses never shown (blind3 to blind10 are retired, now dev;
#: ``blind11``, session 17's round, is blind).
#: ``heldout_q9`` is round 9's
#: held-out third, refused too so that it stays unlooked-at while round 9 is tuned;
#: ``heldout_q10`` and ``heldout_r10`` likewise for round 10's quality and slot cases,
#: ``heldout_r11`` for round 11's slots, ``heldout_q11`` for round 11's quality cases.
NEVER_LISTED: tuple[str, ...] = ("heldout_q9", "heldout_q10", "heldout_q11",
                                 "heldout_r10", "heldout_r11", "blind11")
LOCOMO = ROOT.parent / "shared" / "data" / "locomo10.json"


def _load(name: str) -> list[dict[str, Any]]:
    return _load_path(DATA / name)


def _load_path(path: Path) -> list[dict[str, Any]]:
    lines = path.read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


def _leaks(text: str, value: str) -> bool:
    import unicodedata

    from vecmem.rules import redact_secrets
    from vecmem.text import normalize

    out = redact_secrets(text)
    bare = re.sub("[\u00ad\u200b-\u200f\u2060-\u2064\ufeff]", "", out)  # (older code too)
    forms = [out, unicodedata.normalize("NFKC", out), normalize(out), bare]
    want = normalize(value).casefold()
    return any(value in f or want in normalize(f).casefold() for f in forms)


_ROUND_OF = {"tune_q4": "round4", "heldout_q4": "round4", "tune_q5": "round5",
             "heldout_q5": "round5", "tune_q6": "round6", "heldout_q6": "round6",
             "tune_q7": "round7", "heldout_q7": "round7", "tune_q9": "round9",
             "heldout_q9": "round9", "tune_q10": "round10", "heldout_q10": "round10",
             "tune_q11": "round11", "heldout_q11": "round11"}


def quality(cases: list[dict[str, Any]]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    from vecmem.rules import check_quality

    table: dict[str, dict[str, Counter[str]]] = defaultdict(lambda: defaultdict(Counter))
    misses = []
    for case in cases:
        v = check_quality(case["text"])
        want_allow = case["expect"] == "allow"
        ok = v.allowed == want_allow and (want_allow or v.category == case["category"])
        row = table[case["split"]]
        keys = [case["category"], f"lang:{case['lang']}", f"shape:{case['shape']}", "all"]
        if "kind" in case:  # rounds 3 and 4: a finer category, and the set's own total
            keys += [f"kind:{case['kind']}", f"set:{_ROUND_OF.get(case['split'], 'round3')}"]
        for key in keys:
            row[key]["n"] += 1
            row[key]["ok"] += ok
            row[key]["decision_ok"] += v.allowed == want_allow
        if case.get("secret") and _leaks(case["text"], case["secret"]):
            row["all"]["leaks"] += 1
        if not ok:
            misses.append({**case, "got": v.category, "reason": v.reason})
    return {s: {k: dict(c) for k, c in t.items()} for s, t in table.items()}, misses


def benign_texts() -> dict[str, list[str]]:
    """LoCoMo's benign facts: conversations 0-4 (``tune``) and 5-9 (``heldout``)."""
    data = json.loads(LOCOMO.read_text(encoding="utf-8"))
    texts: dict[str, list[str]] = {"tune": [], "heldout": []}
    for i, conv in enumerate(data):
        split = texts["tune" if i < 5 else "heldout"]  # conversations 0-4 / 5-9
        for obs in conv["observation"].values():
            for facts in obs.values():
                split.extend(f[0] for f in facts if isinstance(f, list) and f)
        for events in conv["event_summary"].values():
            if isinstance(events, dict):
                for evs in events.values():  # {person: [event, …], "date": "…"}
                    if isinstance(evs, list):
                        split.extend(e for e in evs if isinstance(e, str) and e.strip())
        for summary in conv["session_summary"].values():
            split.extend(s.strip() for s in re.split(r"(?<=[.!])\s+", summary) if s.strip())
    return texts


def benign() -> dict[str, Any]:
    from vecmem.rules import check_quality

    texts = benign_texts()
    out: dict[str, Any] = {}
    for name, items in texts.items():
        reasons: Counter[str] = Counter()
        examples: dict[str, list[str]] = defaultdict(list)
        for t in items:
            v = check_quality(t)
            if not v.allowed:
                reasons[v.category] += 1
                examples[v.category].append(t)
        rejected = sum(reasons.values())
        out[name] = {"n": len(items), "rejected": rejected, "rate": rejected / len(items),
                     "by_reason": dict(reasons), "examples": dict(examples)}
    return out


def benign_repo() -> dict[str, Any]:
    from vecmem.rules import check_quality

    texts: list[str] = []
    recall = ROOT / "benchmarks" / "data" / "agent_recall"
    for path in (recall / "bank.jsonl", recall / "persona2" / "bank.jsonl",
                 recall / "distractors.jsonl"):
        texts += [r["text"] for r in _load_path(path)]
    for name in ("slot_paraphrase.jsonl", "slot_paraphrase_round4.jsonl",
                 "slot_paraphrase_blind3.jsonl"):
        for r in _load(name):
            texts += [*r["prior"], r["new"]]
    texts = list(dict.fromkeys(t for t in texts if t))
    reasons = Counter(v.category for v in map(check_quality, texts) if not v.allowed)
    rejected = sum(reasons.values())
    return {"n": len(texts), "rejected": rejected, "rate": rejected / len(texts),
            "by_reason": dict(reasons)}


def slots(cases: list[dict[str, Any]]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    from vecmem import Memory
    from vecmem.embed.hashing import HashingEmbedder

    table: dict[str, dict[str, Counter[str]]] = defaultdict(lambda: defaultdict(Counter))
    misses = []
    with tempfile.TemporaryDirectory() as tmp:
        for i, case in enumerate(cases):
            mem = Memory.open(str(Path(tmp) / f"s{i}.db"), embedder=HashingEmbedder())
            try:
                for prior in case["prior"]:
                    mem.add(prior)
                result = mem.add(case["new"])
                got = str(result.decision)
                # Stored but listed by cleanup as a possible conflict (no LLM judge here).
                flagged = got == "store" and bool(mem.cleanup_report().possible_conflicts)
            finally:
                mem.close()
            want = case["expect"]
            if want == "possible_conflict":  # listed by cleanup (or already a conflict)
                ok = flagged or got in ("review", "update")
            else:
                ok = (got in ("review", "update")) if want == "conflict" else got == want
            row = table[case["split"]]
            for key in (case["polarity"], f"lang:{case['lang']}",
                        f"slot:{case['slot']}:{case['polarity'][:3]}", "all"):
                row[key]["n"] += 1
                row[key]["ok"] += ok
            row[f"flagged:{case['polarity']}"]["n"] += 1
            row[f"flagged:{case['polarity']}"]["ok"] += flagged
            # rejected by the quality filter (not a slot decision; the filter's to judge)
            row[f"rejected:{case['polarity']}"]["n"] += 1
            row[f"rejected:{case['polarity']}"]["ok"] += got == "reject"
            if not ok:
                misses.append({**case, "got": got})
    return {s: {k: dict(c) for k, c in t.items()} for s, t in table.items()}, misses


def _print_table(title: str, table: dict[str, Any]) -> None:
    print(f"\n{title}")
    keys = sorted({k for t in table.values() for k in t}, key=lambda k: (":" in k, k == "all", k))
    splits = [s for s in SPLITS if s in table]
    print(f"{'category':34} " + " ".join(f"{s:>16}" for s in splits))
    for k in keys:
        cells = []
        for s in splits:
            c = table.get(s, {}).get(k)
            cells.append(f"{c['ok']:>3}/{c['n']:<3} {c['ok'] / c['n']:.3f}" if c else " " * 16)
        print(f"{k:34} " + " ".join(f"{x:>16}" for x in cells))
    for s in splits:
        leaks = table.get(s, {}).get("all", {}).get("leaks")
        if leaks is not None:
            print(f"secret values surviving redaction ({s}): {leaks}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--misses", choices=[s for s in SPLITS if s not in NEVER_LISTED],
                    help="list the misses of a split (never of a blind set)")
    ap.add_argument("--json", help="write the numbers to this file")
    ap.add_argument("--no-slots", action="store_true")
    ap.add_argument("--no-benign", action="store_true")
    ap.add_argument("--only-slots", action="store_true", help="just the slot scenarios")
    args = ap.parse_args(argv)
    out: dict[str, Any] = {}
    qmiss: list[dict[str, Any]] = []
    if not args.only_slots:
        out["quality"], qmiss = quality(_load("quality_fresh.jsonl")
                                        + _load("quality_blind.jsonl")
                                        + _load("quality_round3.jsonl")
                                        + _load("quality_round4.jsonl")
                                        + _load("quality_round5.jsonl")
                                        + _load("quality_round6.jsonl")
                                        + _load("quality_round7.jsonl")
                                        + _load("quality_round9.jsonl")
                                        + _load("quality_round10.jsonl")
                                        + _load("quality_round11.jsonl")
                                        + _load("quality_blind3.jsonl")
                                        + _load("quality_blind4.jsonl")
                                        + _load("quality_blind5.jsonl")
                                        + _load("quality_blind6.jsonl")
                                        + _load("quality_blind7.jsonl")
                                        + _load("quality_blind8.jsonl")
                                        + _load("quality_blind9.jsonl")
                                        + _load("quality_blind10.jsonl")
                                        + _load("quality_blind11.jsonl"))
        _print_table("quality_fresh + quality_blind + quality_round3 + quality_round4 + "
                     "quality_round5 + quality_round6 + quality_round7 + quality_round9 + "
                     "quality_round10 + quality_round11 + "
                     "quality_blind3 + "
                     "quality_blind4 + quality_blind5 + quality_blind6 + quality_blind7 + "
                     "quality_blind8 + quality_blind9 + quality_blind10 (all retired, now dev) + "
                     "quality_blind11 (blind: counts only) "
                     "(right = decision and reason category)",
                     out["quality"])
    if not (args.no_benign or args.only_slots) and LOCOMO.exists():
        b = benign()
        out["benign"] = {s: {k: v for k, v in r.items() if k != "examples"} for s, r in b.items()}
        for split, r in b.items():
            print(f"\nbenign LoCoMo observations+events+summaries ({split}, conversations "
                  f"{'0-4' if split == 'tune' else '5-9'}): {r['rejected']}/{r['n']} rejected "
                  f"= {r['rate']:.2%}  {r['by_reason']}")
            if args.misses == split:
                for reason, ex in r["examples"].items():
                    for t in ex:
                        print(f"  benign reject [{reason}] {t}")
    if not (args.no_benign or args.only_slots):
        r = out["benign_repo"] = benign_repo()
        print(f"\nbenign repo facts (recall banks, distractors, slot facts): {r['rejected']}/"
              f"{r['n']} rejected = {r['rate']:.2%}  {r['by_reason']}")
    smiss: list[dict[str, Any]] = []
    if not args.no_slots:
        out["slots"], smiss = slots(_load("slot_paraphrase.jsonl")
                                    + _load("slot_paraphrase_round4.jsonl")
                                    + _load("slot_paraphrase_round5.jsonl")
                                    + _load("slot_paraphrase_round6.jsonl")
                                    + _load("slot_paraphrase_round7.jsonl")
                                    + _load("slot_paraphrase_round8.jsonl")
                                    + _load("slot_paraphrase_round9.jsonl")
                                    + _load("slot_paraphrase_round10.jsonl")
                                    + _load("slot_paraphrase_blind3.jsonl")
                                    + _load("slot_paraphrase_blind4.jsonl")
                                    + _load("slot_paraphrase_blind5.jsonl")
                                    + _load("slot_paraphrase_blind6.jsonl")
                                    + _load("slot_paraphrase_blind7.jsonl")
                                    + _load("slot_paraphrase_blind8.jsonl")
                                    + _load("slot_paraphrase_blind9.jsonl")
                                    + _load("slot_paraphrase_blind10.jsonl")
                                    + _load("slot_paraphrase_blind11.jsonl"))
        _print_table("slot_paraphrase.jsonl + _round4 + _round5 + _round6 + _round7 + _round8 + "
                     "_blind3 + "
                     "_blind4 + "
                     "_blind5 + _blind6 + _blind7 + _blind8 + _blind9 + _blind10 "
                     "(retired, now dev) + _blind11 (blind: counts only) "
                     "(positives: same slot; negatives: another)",
                     out["slots"])
    if args.misses:
        for m in qmiss:
            if m["split"] == args.misses:
                print(f"  quality miss [{m['category']} -> {m['got']}] {m['text']!r}")
        for m in smiss:
            if m["split"] == args.misses:
                print(f"  slot miss [{m['expect']} -> {m['got']}] {m['prior']} / {m['new']}")
    if args.json:
        Path(args.json).write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
