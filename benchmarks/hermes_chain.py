"""The whole Hermes chain, measured: what a user said in session 1, in the agent's context
in sessions 2-3 (issue 16 item 9).

Data: ``benchmarks/data/hermes_sessions/conversations.jsonl`` (README there): 14 scripted
three-session conversations (zh, en, mixed) with the durable facts each probe turn
needs and the junk that must never become a memory. Nothing in vecmem was tuned on them.

Each conversation gets a fresh ``HERMES_HOME``; each session is a new Hermes process: a
new ``VecmemMemoryProvider``, ``initialize``, ``system_prompt_block()`` once, then per
turn ``on_turn_start``, ``prefetch(user)`` (what the agent receives: that block plus the
system block), ``sync_turn(user, assistant)`` and ``queue_prefetch``, and at the end
``on_session_end`` and ``shutdown`` — the order Hermes' MemoryManager uses, with the
provider's default options (``extract_every`` 4, ``recall_budget`` 300). The provider's
workers are drained after each turn so the run is deterministic (a live agent's
background extraction usually finishes before the next message; when it does not, the
real numbers are a little lower).

Two extraction setups:

* **rules**: no LLM (the default install);
* **llm-oracle**: ``host_llm`` on, Hermes' auxiliary slot pointing at the scripted
  OpenAI-compatible server (``vecmem.testing.FakeOpenAI``), which answers extraction
  with exactly the facts the data says each user turn states (canonical wording) and the
  merge judge (``llm_merge_mode: auto``) with "update" for a stated change, "duplicate"
  for the same fact, else "store". An **upper bound**: a real model does worse; it shows
  what the chain after extraction (storage, gate, recall, budget) loses by itself.

A memory line of a context counts for a fact (or a junk item) when it matches every
``match`` group of it (case-insensitive substring of any string of the group); lines are
matched one by one, so two memories cannot add up to one fact. Reported: the share of
needed facts that reach the context (per probe turn and fact); junk items stored and
junk items that reach any context of sessions 2-3; stale facts served after their
change; the lines of context per probe turn that match no fact; secrets (the raw values
never in the database or any context); cost: LLM calls and tokens per 100 turns, and the
estimated tokens of the recall block per turn and of the system block per session.

    OPENBLAS_NUM_THREADS=1 .venv/bin/python benchmarks/hermes_chain.py \
        [--embedder local|e5|use|mix|hashing] [--only c01,c02] [--part dev|untouched]
        [--json out.json]

Parts (session 6): rule extraction was tuned on the **dev** part only (c01 c02 c05 c06 c09
c10 c13: three zh, three en, one mixed); the **untouched** part (c03 c04 c07 c08 c11 c12
c14, the same mix) is never read while tuning — report both.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
from collections import Counter, defaultdict
from collections.abc import Iterable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from vecmem.integrations.hermes.provider import VecmemMemoryProvider  # noqa: E402
from vecmem.integrations.hermes.render import estimate_tokens  # noqa: E402
from vecmem.testing import FakeOpenAI, RecordedRequest  # noqa: E402

DATA = ROOT / "benchmarks" / "data" / "hermes_sessions" / "conversations.jsonl"
SETUPS = ("rules", "llm-oracle")
PARTS = {"dev": ("c01", "c02", "c05", "c06", "c09", "c10", "c13"),
         "untouched": ("c03", "c04", "c07", "c08", "c11", "c12", "c14")}
KIND_TYPES = {"preference": "preference", "project": "project", "tool": "tool_quirk",
              "config": "environment", "health": "user_fact", "place": "user_fact",
              "schedule": "user_fact", "pet": "user_fact", "family": "user_fact"}
# A recall line carries "(kind, as of …)"; a core-profile line only its id (and an old
# fact its "(confirmed …)").
_LINE = re.compile(r"^- #\d+ (?:\([^)]*\) )?(.*)$")
_TURN = re.compile(r"^\[(\d+)\] (user|assistant): (.*)$")
_EXISTING = re.compile(r"^\[(\d+)\] \(similarity [^)]*\) (.*)$")


# ---------------------------------------------------------------------------- matching
def matches(item: dict[str, Any], text: str) -> bool:
    low = text.casefold()
    return all(any(w.casefold() in low for w in group) for group in item["match"])


def memory_lines(context: str) -> list[str]:
    """The memory texts of a context (system block + recall block), one per line."""
    out = []
    for line in context.splitlines():
        m = _LINE.match(line.strip())
        if m:
            out.append(m.group(1))
    return out


def secrets(conv: dict[str, Any]) -> list[str]:
    """The raw secret values pasted in a conversation (its ``secret`` junk items)."""
    return [w for j in conv["junk"] if j["why"] == "secret" for g in j["match"] for w in g]


def load(only: Iterable[str] | None = None) -> list[dict[str, Any]]:
    convs = [json.loads(x) for x in DATA.read_text("utf-8").splitlines() if x.strip()]
    keep = set(only or ())
    return [c for c in convs if not keep or c["id"] in keep]


# ---------------------------------------------------------------------------- the oracle
class Oracle:
    """Scripted answers for one conversation: the extraction and judge a perfect model
    would give (see the module note)."""

    def __init__(self, conv: dict[str, Any]) -> None:
        self.facts = conv["facts"]
        self.said: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for f in self.facts:
            session, turn = f["stated"]
            text = conv["sessions"][session - 1]["turns"][turn]["user"]
            self.said[_norm(text)].append(f)

    def __call__(self, request: RecordedRequest) -> Any:
        text = request.text
        if "<conversation>" in text:
            return self.extract(text)
        if "<new>" in text:
            return self.judge(text)
        return {"facts": []}

    def extract(self, text: str) -> dict[str, Any]:
        out = []
        for line in text.split("<conversation>", 1)[1].splitlines():
            m = _TURN.match(line.strip())
            if not m or m.group(2) != "user":
                continue
            for f in self.said.get(_norm(m.group(3)), []):
                out.append({"content": f["text"], "memory_type": KIND_TYPES.get(f["kind"],
                                                                                "general"),
                            "durability": "long_term", "confidence": 0.95})
        return {"facts": out}

    def judge(self, text: str) -> dict[str, Any]:
        new = text.split("<new>", 1)[1].split("</new>", 1)[0].strip()
        existing = [(int(m.group(1)), m.group(2)) for line in text.splitlines()
                    if (m := _EXISTING.match(line.strip()))]
        fact = next((f for f in self.facts if f["text"] == new or matches(f, new)), None)
        verdict: dict[str, Any] = {"decision": "store", "targets": [], "proposed_text": None,
                                   "confidence": 0.95, "reason": "oracle"}
        if fact is None:
            return verdict
        old = next((f for f in self.facts if f["id"] == fact.get("supersedes")), None)
        for number, content in existing:
            if old is not None and matches(old, content):
                return {**verdict, "decision": "update", "targets": [number],
                        "proposed_text": fact["text"]}
            if matches(fact, content):
                return {**verdict, "decision": "duplicate", "targets": [number]}
        return verdict


def _norm(text: str) -> str:
    return " ".join(text.split())


# ---------------------------------------------------------------------------- one run
def run_conversation(conv: dict[str, Any], setup: str, embedder: str) -> dict[str, Any]:
    """Drive one conversation through the provider; what each probe turn received."""
    with tempfile.TemporaryDirectory(prefix="vecmem-chain-") as tmp:
        home = Path(tmp)
        section: dict[str, Any] = {"embed_provider": embedder}
        fake = FakeOpenAI(responder=Oracle(conv)) if setup == "llm-oracle" else None
        config: dict[str, Any] = {"memory": {"provider": "vecmem", "vecmem": section}}
        if fake is not None:
            fake.start()
            section.update(host_llm=True, llm_merge_mode="auto")
            config["auxiliary"] = {"vecmem": {"base_url": fake.base_url,
                                              "model": "oracle", "timeout": 10}}
        (home / "config.yaml").write_text(json.dumps(config), encoding="utf-8")
        try:
            return _drive(conv, home, fake)
        finally:
            if fake is not None:
                fake.stop()


def _drive(conv: dict[str, Any], home: Path, fake: FakeOpenAI | None) -> dict[str, Any]:
    probes, sessions_out = [], []
    llm_calls = prompt_tokens = completion_tokens = 0
    turns_total = 0
    stored: list[str] = []
    for session in conv["sessions"]:
        provider = VecmemMemoryProvider()
        sid = f"{conv['id']}-s{session['session']}"
        provider.initialize(sid, hermes_home=str(home), platform="cli",
                            agent_context="primary")
        messages: list[dict[str, str]] = []
        try:
            block = provider.system_prompt_block()
            sessions_out.append({"session": session["session"],
                                 "system_tokens": estimate_tokens(block),
                                 "profile_lines": len(memory_lines(block))})
            for number, turn in enumerate(session["turns"]):
                provider.on_turn_start(number + 1, turn["user"])
                recalled = provider.prefetch(turn["user"], session_id=sid)
                recalled = getattr(recalled, "context", recalled)  # structured hosts
                context = block + "\n" + recalled
                probes.append({"session": session["session"], "turn": number,
                               "needs": turn.get("needs", []),
                               "lines": memory_lines(context),
                               "recall_tokens": estimate_tokens(recalled),
                               "context": context})
                provider.sync_turn(turn["user"], turn["assistant"], session_id=sid)
                provider.queue_prefetch(turn["user"], session_id=sid)
                provider.wait_idle(60)
                messages += [{"role": "user", "content": turn["user"]},
                             {"role": "assistant", "content": turn["assistant"]}]
                turns_total += 1
            provider.on_session_end(messages)
            provider.wait_idle(60)
            llm = getattr(provider.memory.context, "llm", None)
            if llm is not None:
                usage = llm.total_usage
                llm_calls += usage.requests
                prompt_tokens += usage.prompt_tokens
                completion_tokens += usage.completion_tokens
            if session is conv["sessions"][-1]:
                stored = [m.content for m in provider.memory.list(limit=1000)]
        finally:
            provider.shutdown()
    db = home / "vecmem" / "vecmem.db"
    db_text = b"".join(p.read_bytes() for p in db.parent.glob("vecmem.db*")).decode(
        "utf-8", "ignore")
    return {"id": conv["id"], "lang": conv["lang"], "probes": probes,
            "sessions": sessions_out, "stored": stored, "turns": turns_total,
            "llm_calls": llm_calls, "prompt_tokens": prompt_tokens,
            "completion_tokens": completion_tokens,
            "secret_in_db": any(w in db_text for w in secrets(conv)),
            "fake_requests": len(fake.chat_requests) if fake is not None else 0}


# ---------------------------------------------------------------------------- scoring
def score(conv: dict[str, Any], run: dict[str, Any]) -> dict[str, Any]:
    facts = {f["id"]: f for f in conv["facts"]}
    junk = conv["junk"]
    needed = reached = stale = unmatched = lines_total = probe_turns = 0
    junk_in_context: set[str] = set()
    missed: Counter[str] = Counter()
    secrets_shown = False
    changed_at = {f["supersedes"]: tuple(f["stated"]) for f in conv["facts"]
                  if f.get("supersedes")}
    for probe in run["probes"]:
        if any(w in probe["context"] for w in secrets(conv)):
            secrets_shown = True
        if probe["session"] < 2:
            continue
        probe_turns += 1
        lines = probe["lines"]
        lines_total += len(lines)
        for need in probe["needs"]:
            needed += 1
            got = any(matches(facts[need], line) for line in lines)
            reached += got
            if not got:  # why: never stored (by the end), or stored and not recalled
                kept = any(matches(facts[need], m) for m in run["stored"])
                missed["stored, not recalled" if kept else "not stored"] += 1
        for old, (session, turn) in changed_at.items():
            if (probe["session"], probe["turn"]) > (session, turn) and any(
                    matches(facts[old], line) for line in lines):
                stale += 1
        for line in lines:
            if not any(matches(f, line) for f in conv["facts"]):
                unmatched += 1
            for j in junk:
                if matches(j, line):
                    junk_in_context.add(j["id"])
    junk_stored = {j["id"] for j in junk for m in run["stored"] if matches(j, m)}
    return {"id": conv["id"], "lang": conv["lang"], "needed": needed, "reached": reached,
            "stale": stale, "missed": dict(missed), "probe_turns": probe_turns,
            "lines": lines_total,
            "unmatched": unmatched, "junk": len(junk), "junk_stored": sorted(junk_stored),
            "junk_in_context": sorted(junk_in_context),
            "junk_kinds": {j["id"]: j["why"] for j in junk},
            "secrets_shown": secrets_shown, "secret_in_db": run["secret_in_db"],
            "turns": run["turns"], "llm_calls": run["llm_calls"],
            "tokens": run["prompt_tokens"] + run["completion_tokens"],
            "recall_tokens": [p["recall_tokens"] for p in run["probes"]],
            "system_tokens": [s["system_tokens"] for s in run["sessions"]]}


def summarize(scores: list[dict[str, Any]]) -> dict[str, Any]:
    def total(key: str) -> int:
        return sum(s[key] for s in scores)

    turns = total("turns") or 1
    recall = [t for s in scores for t in s["recall_tokens"]]
    system = [t for s in scores for t in s["system_tokens"]]
    junk_kinds: Counter[str] = Counter()
    missed: Counter[str] = Counter()
    for s in scores:
        missed.update(s["missed"])
        for jid in s["junk_in_context"]:
            junk_kinds[s["junk_kinds"][jid]] += 1
    return {
        "conversations": len(scores), "needed": total("needed"), "reached": total("reached"),
        "reach_share": total("reached") / max(1, total("needed")),
        "junk": total("junk"),
        "junk_stored": sum(len(s["junk_stored"]) for s in scores),
        "junk_in_context": sum(len(s["junk_in_context"]) for s in scores),
        "junk_in_context_kinds": dict(junk_kinds),
        "stale_served": total("stale"), "missed": dict(missed),
        "lines_per_probe": total("lines") / max(1, total("probe_turns")),
        "unmatched_per_probe": total("unmatched") / max(1, total("probe_turns")),
        "secrets_shown": any(s["secrets_shown"] for s in scores),
        "secret_in_db": any(s["secret_in_db"] for s in scores),
        "llm_calls_per_100_turns": 100 * total("llm_calls") / turns,
        "llm_tokens_per_100_turns": 100 * total("tokens") / turns,
        "recall_tokens_per_turn": sum(recall) / max(1, len(recall)),
        "recall_tokens_max": max(recall, default=0),
        "system_tokens_per_session": sum(system) / max(1, len(system)),
    }


def run_all(convs: list[dict[str, Any]], setups: Iterable[str] = SETUPS,
            embedder: str = "local") -> dict[str, Any]:
    out: dict[str, Any] = {"embedder": embedder, "setups": {}}
    for setup in setups:
        scores = [score(c, run_conversation(c, setup, embedder)) for c in convs]
        by_lang = {lang: summarize([s for s in scores if s["lang"] == lang])
                   for lang in sorted({s["lang"] for s in scores})}
        out["setups"][setup] = {"all": summarize(scores), "by_lang": by_lang,
                                "conversations": scores}
    return out


# ---------------------------------------------------------------------------- report
def table(result: dict[str, Any]) -> str:
    rows = ["| setup | slice | needed facts in context | missed: not stored / stored, not "
            "recalled | junk stored | junk in context | "
            "stale served | memory lines / probe (unmatched) | LLM calls / 100 turns | "
            "LLM tokens / 100 turns | recall block tokens / turn (max) | system block "
            "tokens / session |",
            "|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for setup, res in result["setups"].items():
        for name, s in [("all", res["all"]), *res["by_lang"].items()]:
            rows.append(
                f"| {setup} | {name} | {s['reach_share']:.2f} ({s['reached']}/{s['needed']})"
                f" | {s['missed'].get('not stored', 0)} / "
                f"{s['missed'].get('stored, not recalled', 0)}"
                f" | {s['junk_stored']}/{s['junk']} | {s['junk_in_context']}/{s['junk']} | "
                f"{s['stale_served']} | {s['lines_per_probe']:.1f} "
                f"({s['unmatched_per_probe']:.1f}) | {s['llm_calls_per_100_turns']:.0f} | "
                f"{s['llm_tokens_per_100_turns']:,.0f} | {s['recall_tokens_per_turn']:.0f} "
                f"({s['recall_tokens_max']}) | {s['system_tokens_per_session']:.0f} |")
    return "\n".join(rows)


def misses(result: dict[str, Any], convs: list[dict[str, Any]]) -> list[str]:
    """Per setup, which needed facts did not arrive and which junk did (for the README)."""
    out = []
    for setup, res in result["setups"].items():
        for s in res["conversations"]:
            if s["reached"] < s["needed"] or s["junk_in_context"] or s["junk_stored"]:
                out.append(f"{setup} {s['id']} ({s['lang']}): reached {s['reached']}/"
                           f"{s['needed']} {s['missed']}, junk stored {s['junk_stored']}, "
                           f"in context {s['junk_in_context']}, stale {s['stale']}")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    ap.add_argument("--embedder", default="local",
                    choices=["local", "e5", "use", "mix", "hashing"])
    ap.add_argument("--only", default="", help="conversation ids, comma-separated")
    ap.add_argument("--setups", default=",".join(SETUPS))
    ap.add_argument("--part", choices=list(PARTS), help="only this part of the conversations")
    ap.add_argument("--json", default="", help="write the full result here")
    args = ap.parse_args(argv)
    only = [x for x in args.only.split(",") if x] or list(PARTS.get(args.part or "", ()))
    convs = load(only)
    result = run_all(convs, [s for s in args.setups.split(",") if s], args.embedder)
    print(table(result))
    print()
    print("\n".join(misses(result, convs)) or "no misses")
    if args.json:
        Path(args.json).write_text(json.dumps(result, ensure_ascii=False, indent=1),
                                   encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
