"""Secret shapes on their own dev set: values cut out, values stored, benign text spared.

    python benchmarks/secrets_dev.py                       # tables, both splits
    python benchmarks/secrets_dev.py --misses tune         # what the tune split gets wrong
    python benchmarks/secrets_dev.py --set tests/data/quality_blind.jsonl --counts-only
    python benchmarks/secrets_dev.py --benign-corpus      # false finds on LoCoMo + repo facts

Cases (``tests/data/secrets_round7.jsonl``, the default, rounds 3 to 6, and round 9
``tests/data/secrets_round9.jsonl``: values restated, corrected, asked for, in parts,
disguised, spoken, after Chinese labels, app passwords, licence keys, passphrases; round 10
``tests/data/secrets_round10.jsonl``: a label after its value, ``pass`` as a label, changes
and corrections, Chinese 口令 / 回令 / 暗号, a value split across sentences, disguised
labels; round 11 ``tests/data/secrets_round11.jsonl``: codes with a separator between
digits, combinations in number words, security answers, a value in a later clause, Wi-Fi
keys after the network name, env lines, connection strings, JSON/YAML config, recovery
codes, passphrases, disguises, and the facts people cite (versions, orders, hashes);
``--set round10`` names a set by its round, see ``SETS``;
split ``tune`` / ``heldout`` assigned when each file was written, before any rule was
changed): secrets of many shapes in Chinese,
English and mixed text as they appear in agent conversations (``expect: secret``, with
``secret``: the value or values), and benign look-alikes (``expect: benign``). Two
measures per case:

* **redaction**: a secret case is *caught* when no value survives ``redact_secrets`` in
  any spelling (as written, NFKC, canonical, or with the separators a visible split put
  between its characters removed); a benign case is *spared* when ``redact_secrets``
  leaves it unchanged.
* **mentions** (``expect: mention``, and a quality set's ``secret_no_context`` rows): a
  credential named with no value and nothing usable said must be rejected by
  ``check_quality``; a benign case is also counted as *allowed* by the filter (a fact
  about a secret, "PIN code is required at checkout", must not be a false reject).
* **stored**: every case is written through the real pipeline (``Memory.add`` on a
  temporary SQLite file, hashing embedder, no LLM), then every stored string — rows,
  events, the keyword index — is searched for the value. This is the guarantee itself.

``--benign-corpus`` counts LoCoMo texts (dialogue turns, observations, event and session
summaries: plain talk and facts about people, no credentials) in which the rules find any
secret at all; every one is a false find.

``--set`` reads any jsonl whose secret cases carry ``secret`` (the quality sets); with
``--counts-only`` only the totals are printed, never a case (for blind sets). A set
holding a blind split (``BLIND``) is always counts-only and ``--misses`` refuses it;
``blind3`` to ``blind10`` are retired (now dev) and may be listed; ``blind11`` (session 17's
round) is blind: counts only, never listed, never read by ``--benign-corpus``.
"""

from __future__ import annotations

import argparse
import html
import json
import re
import sqlite3
import sys
import tempfile
import unicodedata
import urllib.parse
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "tests" / "data" / "secrets_round7.jsonl"
LOCOMO = ROOT.parent / "shared" / "data" / "locomo10.json"
#: Never tuned on: totals only, no case ever printed (blind3 to blind10 are retired, now
#: dev; blind11 is session 17's blind round).
BLIND: tuple[str, ...] = ("blind11",)
#: The secret dev sets by name (``--set round10``); every one has ``tune`` / ``heldout``.
SETS: dict[str, Path] = {
    f"round{n}": ROOT / "tests" / "data" / f"secrets_round{n}.jsonl"
    for n in (3, 4, 5, 6, 7, 9, 10, 11)
}


def load(path: Path) -> list[dict[str, Any]]:
    rows = [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]
    for r in rows:
        if "expect" in r and r["expect"] not in ("secret", "benign", "mention"):
            # A quality set: its secret values are secrets, its look-alike facts ("PIN
            # code is required at checkout") the benign cases redaction must leave alone.
            lookalike = r["expect"] == "allow" and r.get("shape") == "secret_lookalike"
            mention = r["expect"] == "reject" and r.get("category") == "secret_no_context"
            r["expect"] = ("secret" if r.get("secret") else "benign" if lookalike
                           else "mention" if mention else "other")
    return rows


def values(case: dict[str, Any]) -> list[str]:
    v = case.get("secret")
    return [] if not v else v if isinstance(v, list) else [v]


def _compact(text: str) -> str:
    from vecmem.text import normalize

    return re.sub(r"[\W_]+", "", normalize(text).casefold())


def survives(value: str, stored: str) -> bool:
    """Whether ``value`` can be read in ``stored``: as written, in NFKC or canonical form,
    with HTML entities or percent-escapes decoded, or (for a value of 4+ letters and
    digits) with every separator removed on both sides, so "h u n t e r 2" survives in
    "h-u-n-t-e-r-2"."""
    from vecmem.text import normalize

    # A value stored escaped (HTML entities, percent-encoding) is still stored.
    decoded = [html.unescape(stored), urllib.parse.unquote(stored)]
    decoded.append(html.unescape(urllib.parse.unquote(stored)))
    forms = [stored, unicodedata.normalize("NFKC", stored), normalize(stored), *decoded]
    want = normalize(value).casefold()
    if any(value in f or want in normalize(f).casefold() for f in forms):
        return True
    compact = _compact(value)
    return len(compact) >= 4 and any(compact in _compact(f) for f in (stored, *decoded))


def redaction(cases: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Per case ``ok`` (the value cut / the text left whole / the mention rejected) and
    ``kept`` (benign: the quality filter lets it through, so a fact about a secret is not
    lost as a false reject)."""
    from vecmem.rules import check_quality, redact_secrets

    out = []
    for c in cases:
        red = redact_secrets(c["text"])
        kept = None
        if c["expect"] == "secret":
            ok = not any(survives(v, red) for v in values(c))
        elif c["expect"] == "benign":
            ok = red == c["text"]
            kept = check_quality(c["text"]).allowed
        elif c["expect"] == "mention":
            # A credential named with nothing usable said: rejected as a mention. Rejected
            # as a secret value is a miss too: the rules read a value that is not there
            # (and the reason shown to the user is wrong).
            verdict = check_quality(c["text"])
            ok = not verdict.allowed and verdict.category == "secret_no_context"
            red = f"{verdict.category}: {red}"
        else:
            continue
        out.append({**c, "ok": ok, "redacted": red, "kept": kept})
    return out


def stored(cases: list[dict[str, Any]]) -> dict[str, int]:
    """Per split: secret cases whose value is found anywhere in a real store afterwards.
    One store, each case in its own scope, so a value is looked for only in what its own
    case stored (rows, events, keyword terms)."""
    from vecmem import Memory
    from vecmem.embed.hashing import HashingEmbedder

    leaks: Counter[str] = Counter()
    with tempfile.TemporaryDirectory() as tmp:
        path = str(Path(tmp) / "s.db")
        embedder = HashingEmbedder()
        for i, c in enumerate(cases):
            if c["expect"] != "secret":
                continue
            mem = Memory.open(path, embedder=embedder, scope=f"case{i}")
            try:
                mem.add(c["text"], source="user")
            except Exception:  # a refused input stores nothing new
                pass
            finally:
                mem.close()
        con = sqlite3.connect(path)
        for i, c in enumerate(cases):
            if c["expect"] != "secret":
                continue
            scope = [f"case{i}"]
            texts = [str(x) for q in (
                "SELECT * FROM memories WHERE scope = ?",
                "SELECT * FROM events WHERE scope = ?",
                "SELECT f.terms FROM memory_fts f JOIN memories m ON m.id = f.rowid "
                "WHERE m.scope = ?") for row in con.execute(q, scope) for x in row
                if isinstance(x, str)]
            if any(survives(v, "\n".join(texts)) for v in values(c)):
                leaks[c["split"]] += 1
        con.close()
    return dict(leaks)


def locomo_texts() -> dict[str, list[str]]:
    data = json.loads(LOCOMO.read_text(encoding="utf-8"))
    out: dict[str, list[str]] = defaultdict(list)
    for conv in data:
        for key, turns in conv["conversation"].items():
            if key.startswith("session_") and isinstance(turns, list):
                out["dialogue turns"].extend(t["text"] for t in turns if t.get("text"))
        for obs in conv["observation"].values():
            for facts in obs.values():
                out["observations"].extend(f[0] for f in facts if isinstance(f, list) and f)
        for events in conv["event_summary"].values():
            if isinstance(events, dict):
                for evs in events.values():
                    if isinstance(evs, list):
                        out["event summaries"].extend(e for e in evs if isinstance(e, str))
        out["session summaries"].extend(
            x.strip() for x in conv["session_summary"].values() if isinstance(x, str))
    return out


#: Sets never read here: the fresh blind round (its texts are never listed, not even as
#: false finds): session 17's blind11 rule round and blind recall persona, persona10.
NEVER_READ: tuple[str, ...] = ("blind11", "persona10")


def repo_texts() -> dict[str, list[str]]:
    """The repo's plain facts: every recall persona's memory bank and distractors, and the
    slot scenarios' facts (blind rounds not yet retired are left out)."""
    texts: list[str] = []
    recall = ROOT / "benchmarks" / "data" / "agent_recall"
    paths = sorted(recall.rglob("bank.jsonl")) + sorted(recall.rglob("distractors.jsonl"))
    for path in paths:
        if not any(n in str(path) for n in NEVER_READ):
            texts += [r["text"] for r in load(path) if r.get("text")]
    for path in sorted((ROOT / "tests" / "data").glob("slot_paraphrase*.jsonl")):
        if not any(n in path.name for n in NEVER_READ):
            for r in load(path):
                texts += [*r.get("prior", []), r.get("new", "")]
    return {"repo facts": list(dict.fromkeys(t for t in texts if t))}


def benign_corpus(show: bool) -> dict[str, Any]:
    from vecmem.rules import find_secrets

    out = {}
    for name, texts in {**locomo_texts(), **repo_texts()}.items():
        hits = [t for t in texts if find_secrets(t)]
        out[name] = {"n": len(texts), "found": len(hits)}
        where = "" if name == "repo facts" else "LoCoMo "
        print(f"{where}{name}: {len(hits)}/{len(texts)} with a secret finding")
        for t in hits[:20] if show else []:
            print(f"    {t!r}")
    return out


def table(results: list[dict[str, Any]]) -> dict[str, dict[str, Counter[str]]]:
    t: dict[str, dict[str, Counter[str]]] = defaultdict(lambda: defaultdict(Counter))
    for r in results:
        for key in (r["expect"], f"{r['expect']}:{r.get('shape', '-')}",
                    f"{r['expect']}:lang:{r.get('lang', '-')}"):
            t[r["split"]][key]["n"] += 1
            t[r["split"]][key]["ok"] += r["ok"]
            t[r["split"]][key]["kept"] += bool(r["kept"])
    return t


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--set", default=str(CASES),
                    help=f"a jsonl path or a set name ({', '.join(SETS)})")
    ap.add_argument("--split", help="report only this split (tune while tuning)")
    ap.add_argument("--misses", help="list the misses of this split (never a held-out one)")
    ap.add_argument("--counts-only", action="store_true", help="totals only (blind sets)")
    ap.add_argument("--no-store", action="store_true", help="skip the real-store measure")
    ap.add_argument("--json", type=Path)
    ap.add_argument("--benign-corpus", action="store_true",
                    help="only the false finds on LoCoMo's texts (listed)")
    args = ap.parse_args(argv)
    if args.benign_corpus:
        found = benign_corpus(show=True)
        if args.json:
            args.json.write_text(json.dumps(found, indent=2) + "\n", encoding="utf-8")
        return 0
    cases = load(SETS.get(args.set, Path(args.set)))
    if args.misses in BLIND:
        ap.error(f"split {args.misses} is blind: its misses are never listed (counts only)")
    if any(c.get("split") in BLIND for c in cases):
        args.counts_only = True
    if args.split:
        cases = [c for c in cases if c.get("split") == args.split]
    results = redaction(cases)
    t = table(results)
    leaks = {} if args.no_store else stored(cases)
    out: dict[str, Any] = {}
    for split in sorted(t):
        rows = t[split]
        sec, ben = rows.get("secret", Counter()), rows.get("benign", Counter())
        men = rows.get("mention", Counter())
        out[split] = {"secrets": sec["n"], "caught": sec["ok"], "benign": ben["n"],
                      "spared": ben["ok"], "benign_allowed": ben["kept"],
                      "mentions": men["n"], "mentions_rejected": men["ok"],
                      "stored": leaks.get(split, 0)}
        print(f"{split}: secrets cut {sec['ok']}/{sec['n']}, benign spared "
              f"{ben['ok']}/{ben['n']} (filter allows {ben['kept']}/{ben['n']})"
              + (f", mentions rejected {men['ok']}/{men['n']}" if men["n"] else "")
              + ("" if args.no_store else f", secret values stored {leaks.get(split, 0)}"))
        if args.counts_only:
            continue
        for key in sorted(k for k in rows if k not in ("secret", "benign", "mention")):
            print(f"    {key:34s} {rows[key]['ok']:3d}/{rows[key]['n']}")
    if args.misses and not args.counts_only:
        for r in results:
            if r["split"] == args.misses and (not r["ok"] or r["kept"] is False):
                tag = "" if r["ok"] else "MISS"
                tag += "" if r["kept"] is not False else " FILTER-REJECTS"
                print(f"{tag.strip()} [{r['expect']}:{r.get('shape')}] {r['text']!r} -> "
                      f"{r['redacted']!r}")
    if args.json:
        args.json.write_text(json.dumps(out, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
