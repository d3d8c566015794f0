"""The per-phase table and verdict of deploy/bench/multi-dc.sh, from the generator's JSON of each
phase and each BSF's /metrics before and after it. Usage: multi-dc-report.py OUT_DIR RATE
WALL_SECONDS REPAIR_STATUS [SITE_CPU]. Writes OUT_DIR/table.md, prints it, and ends with the verdict
line; exits 1 if a bootstrap or Zn query of a surviving site failed (or the repair did), or if the
throughput fell short of the operators' requirement: with one site down as much as with all up
(within 3 %), with two down at least half of it.

SITE_CPU (percent of one core per site, 0 for none) marks the dimensioned run: each site is capped,
so the survivors of phase 3 may be offered more than they can carry. There, first requests refused
with 503 by every live site and calls the generator could not send (no free connection) are counted
as refused, not as failures, and the phase must still serve half of phase 1's throughput."""
import json
import math
import os
import re
import sys

out, rate, wall, repair_status = sys.argv[1], float(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
site_cpu = int(sys.argv[5]) if len(sys.argv) > 5 else 0
REFUSALS = ("initial 503", "wrong response answered initial 503")
SITES = 3
DELAY = "bsf_store_session_reread_delay_seconds"
REREADS = "bsf_store_session_rereads_total"
LINE = re.compile(r"^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{[^}]*\})?\s+(\S+)")


def parse(path):
    """{(name, labels without le): {le or None: value}} of a Prometheus text file, or None."""
    if not os.path.exists(path) or os.path.getsize(path) == 0:
        return None
    series = {}
    for line in open(path):
        m = LINE.match(line)
        if not m or line.startswith("#"):
            continue
        name, labels, value = m.group(1), m.group(2) or "", m.group(3)
        try:
            v = float(value)
        except ValueError:
            continue
        le = re.search(r'le="([^"]*)"', labels)
        rest = re.sub(r',?le="[^"]*"', "", labels)
        series.setdefault((name, rest), {})[le.group(1) if le else None] = v
    return series


def total(series, name, label=""):
    """Sum of every series of that name whose labels contain `label`."""
    return sum(
        v.get(None, 0.0) for (n, labels), v in series.items() if n == name and label in labels
    )


def buckets(series):
    """{le: cumulative count} of the delay histogram, summed over label sets."""
    b = {}
    for (n, _), v in series.items():
        if n == DELAY + "_bucket":
            for le, c in v.items():
                if le is not None:
                    b[le] = b.get(le, 0.0) + c
    return b


def le_value(le):
    return math.inf if le in ("+Inf", "Inf") else float(le)


def quantile(b, q):
    """The upper bound of the bucket holding quantile q, as text."""
    ordered = sorted(b.items(), key=lambda kv: le_value(kv[0]))
    count = ordered[-1][1] if ordered else 0
    if count <= 0:
        return None
    finite = [le_value(le) for le, _ in ordered if le_value(le) != math.inf]
    for le, c in ordered:
        if c >= q * count:
            v = le_value(le)
            if v == math.inf:
                return f"> {finite[-1] * 1000:.0f} ms" if finite else "n/a"
            return f"≤ {v * 1000:.0f} ms"
    return None


def rereads(n):
    """The NAFs' re-reads of phase n over the BSFs scraped before and after it."""
    found = missed = count = seconds = 0.0
    maximum = 0.0
    b = {}
    seen = present = 0
    for k in range(1, SITES + 1):
        before = parse(f"{out}/metrics-phase{n}-before-site{k}.prom")
        after = parse(f"{out}/metrics-phase{n}-after-site{k}.prom")
        if before is None or after is None:
            continue
        seen += 1
        if not any(name.startswith(DELAY) or name == REREADS for name, _ in after):
            continue
        present += 1
        found += total(after, REREADS, 'outcome="found"') - total(before, REREADS, 'outcome="found"')
        missed += total(after, REREADS, 'outcome="missed"') - total(
            before, REREADS, 'outcome="missed"'
        )
        count += total(after, DELAY + "_count") - total(before, DELAY + "_count")
        seconds += total(after, DELAY + "_sum") - total(before, DELAY + "_sum")
        maximum = max(maximum, total(after, DELAY + "_max"))
        ba, bb = buckets(after), buckets(before)
        for le, c in ba.items():
            b[le] = b.get(le, 0.0) + c - bb.get(le, 0.0)
    if present == 0:
        return {"text": "n/a", "delay": "n/a", "found": None, "missed": None, "p99": None}
    # The maximum from the phase's buckets: the _max gauge is Micrometer's recent maximum (a
    # window of minutes), which may come from before the phase.
    p50, p99, top = quantile(b, 0.50), quantile(b, 0.99), quantile(b, 1.0)
    if p50 is not None:
        delay = f"p50 {p50}, p99 {p99}, max {top} ({count:,.0f})"
    elif count > 0:
        delay = f"mean {seconds / count * 1000:.0f} ms, recent max {maximum * 1000:.0f} ms"
    else:
        delay = "none (no re-read was needed)"
    note = "" if present == seen else f" ({seen - present} BSF without the meters)"
    return {
        "text": f"{found:,.0f} found / {missed:,.0f} missed{note}",
        "delay": delay,
        "found": found,
        "missed": missed,
        "p99": p99,
    }


def ms(p, key):
    return f"{p[key]:.1f}" if p.get("count", 0) > 0 else "n/a"


phases = [line.rstrip("\n").split("|") for line in open(f"{out}/phases.txt") if line.strip()]
rows = []
surviving_errors = 0
killed_errors = {}
cross_queries = cross_misses = 0
throughput = {}
refused = {}
p99_delays = []
found_total = missed_total = 0
meters_seen = False
for n, label, survivors in phases:
    alive = [int(s) for s in survivors.split(",")]
    d = json.load(open(f"{out}/phase{n}.json"))
    sites = {s["site"]: s for s in d.get("sites", [])}
    pairs = d.get("znPairs", [])
    boot_err = {k: sites.get(k, {}).get("bootstrapErrors", 0) for k in range(1, SITES + 1)}
    zn_err = {k: sites.get(k, {}).get("znErrors", 0) for k in range(1, SITES + 1)}
    bad = sum(boot_err[k] for k in alive)
    bad += sum(p["errors"] for p in pairs if p["nafSite"] in alive and p["mintedAtSite"] in alive)
    skips = d.get("generatorSkips", 0)
    if site_cpu and n == "3":
        # Phase 3 of the dimensioned run: site 1 alone is offered twice its capacity.
        # The generator counts refusals in all, not by site; a refusal is charged to the site that
        # refused it, so at most the live sites' bootstrap errors can be refusals (a 503 from
        # site 2 before its kill is in site 2's count, not in `bad`).
        refusals = sum(d.get("errors", {}).get(kind, 0) for kind in REFUSALS)
        refusals = min(refusals, sum(boot_err[k] for k in alive))
        refused[n] = refusals + skips
        bad -= refusals
    else:
        bad += skips
    if not d.get("allCallsFinished", True):
        bad += 1
    surviving_errors += bad
    for k in range(1, SITES + 1):
        if k not in alive:
            lost = boot_err[k] + sum(
                p["errors"]
                for p in pairs
                if not (p["nafSite"] in alive and p["mintedAtSite"] in alive)
                and k in (p["nafSite"], p["mintedAtSite"])
            )
            if lost:
                killed_errors[(n, k)] = lost
    cross_queries += d.get("znCrossSiteQueries", 0)
    cross_misses += d.get("znCrossSiteMisses5403", 0)
    throughput[n] = d["achievedBootstrapsPerSecond"]
    r = rereads(n)
    if r["found"] is not None:
        meters_seen = True
        found_total += r["found"]
        missed_total += r["missed"]
        if r["p99"]:
            p99_delays.append(r["p99"])
    fc, fb, zn = d["firstRequestTo401Ms"], d["fullBootstrapMs"], d["znBirToBiaMs"]
    per_site = ", ".join(
        f"{k}: {sites.get(k, {}).get('bootstrapsPerSecond', 0):,.0f}/s" for k in range(1, SITES + 1)
    )
    errors = "; ".join(
        f"site {k}{'' if k in alive else ' (killed)'}: {boot_err[k]} / {zn_err[k]}"
        for k in range(1, SITES + 1)
    )
    rows.append(
        f"| {n}. {label} | {d['achievedBootstrapsPerSecond']:,.0f}/s ({per_site}) "
        f"| {ms(fc, 'p50')} / {ms(fc, 'p99')} ms | {ms(fb, 'p50')} / {ms(fb, 'p99')} ms "
        f"| {ms(zn, 'p50')} / {ms(zn, 'p99')} ms | {errors} | {bad} "
        f"| {d.get('znCrossSiteQueries', 0):,} / {d.get('znCrossSiteMisses5403', 0):,} "
        f"| {r['text']} | {r['delay']} |"
        + (f" {refused.get(n, 0):,} |" if site_cpu else "")
    )

header = (
    "| phase | bootstraps/s (per site that answered the 200) | first request → 401 p50 / p99 "
    "| full bootstrap p50 / p99 | Zn BIR → BIA p50 / p99 | errors by site: bootstraps / Zn by the "
    "NAF's site | errors among surviving sites | cross-site Zn queries / answered 5403 "
    "| NAF re-reads at the BSFs | replication delay seen by a NAF |"
    + (" refused: 503 from every live site, or no free connection |" if site_cpu else "")
    + "\n|---|---|---|---|---|---|---|---|---|---|"
    + ("---|" if site_cpu else "")
)
recovery = open(f"{out}/recovery.txt").read().strip() if os.path.exists(f"{out}/recovery.txt") else ""
table = (
    f"Offered {rate:,.0f} bootstraps/s in every phase, one Zn query per bootstrap"
    + (f"; each site capped at {site_cpu} % of one core" if site_cpu else "")
    + ".\n\n"
    + header
    + "\n"
    + "\n".join(rows)
    + "\n\nPhase 4 recovery: "
    + recovery.replace("\n", "; ")
    + f"\n\nWall time: {wall // 60} min {wall % 60:02d} s\n"
)
open(f"{out}/table.md", "w").write(table)
print(table)

# The operators' requirement: one site down must not lower the throughput; two down must still
# serve at least half of it. Phase 1 (all up) is the reference.
all_up = throughput.get("1", 0.0)
capacity_ok = all_up > 0 and throughput.get("2", all_up) >= 0.97 * all_up and throughput.get(
    "3", all_up
) >= 0.5 * all_up
shares = ", ".join(
    f"{'one site down' if n == '2' else 'two down'} {throughput[n] / all_up:.0%} of all up"
    for n in ("2", "3")
    if n in throughput and all_up > 0
)
ok = surviving_errors == 0 and repair_status == 0 and capacity_ok
names = {"1": "all up", "2": "one site down", "3": "two down", "4": "after repair"}
rates = ", ".join(f"{throughput[n]:,.0f}/s {names.get(n, 'phase ' + n)}" for n in throughput)
killed = (
    ", ".join(f"site {k} {v} in phase {n}" for (n, k), v in sorted(killed_errors.items()))
    or "none"
)
if meters_seen:
    worst = max(p99_delays, key=lambda t: float(re.sub(r"[^0-9.]", "", t) or 0)) if p99_delays else "n/a"
    delay = f"replication delay p99 {worst} ({found_total:,.0f} re-reads found, {missed_total:,.0f} missed)"
else:
    delay = "replication delay n/a (no re-read meters on the BSFs)"
print(
    f"{'PASS' if ok else 'FAIL'}: 3 sites at {rate:,.0f}/s offered: {rates}; "
    f"({shares}{'' if capacity_ok else ': short of the requirement'}); "
    + (f"each site capped at {site_cpu} % of a core, phase 3 refused {refused.get('3', 0):,}; " if site_cpu else "")
    + f"{surviving_errors} errors on surviving sites (at the killed sites: {killed}); "
    f"cross-site Zn misses {cross_misses:,} of {cross_queries:,}; {delay}; "
    f"repair {'ok' if repair_status == 0 else 'failed (exit ' + str(repair_status) + ')'}; "
    f"wall time {wall // 60} min {wall % 60:02d} s"
)
sys.exit(0 if ok else 1)
