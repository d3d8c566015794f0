"""The table and verdict of deploy/bench/overload.sh, from the generator's JSON and the BSF's
/metrics. Usage: overload-report.py OUT_DIR CAPACITY XMX_MB [CPU_QUOTA GENERATOR_CORES JIT_MS], JIT_MS
the CPU of the BSF's compiler threads in the overload when they ran outside the quota (else 0).
Exits 1 unless every criterion holds, 2 if the run is invalid (the generator was saturated, its CPU
is unknown, or the BSF served more than the capacity given)."""
import json
import os
import re
import sys

out, capacity, xmx = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
quota = float(sys.argv[4]) if len(sys.argv) > 4 else float("nan")
gen_cores = int(sys.argv[5]) if len(sys.argv) > 5 else 1
jit_ms = int(sys.argv[6]) if len(sys.argv) > 6 else 0
overload = json.load(open(f"{out}/overload.json"))
recovery = json.load(open(f"{out}/recovery.json"))
metrics = open(f"{out}/metrics.txt").read()


def metric(name, labels=""):
    m = re.search(r"^" + re.escape(name) + r"\{[^}]*" + labels + r"[^}]*\} (\S+)$", metrics, re.M)
    if m is None:
        m = re.search(r"^" + re.escape(name) + r" (\S+)$", metrics, re.M)
    return float(m.group(1)) if m else float("nan")


errors = overload["errors"]
refused_first = sum(v for k, v in errors.items() if k == "initial 503")
refused_answers = sum(v for k, v in errors.items() if k.startswith("answer"))
other = {k: v for k, v in errors.items() if k not in ("initial 503",) and not k.startswith("answer")}
late = [s for s in recovery["timeline"] if s["t"] > 5 and s["errors"] > 0]
rejected_count = metric("bsf_ub_latency_seconds_count", 'result="rejected"')
rejected_sum = metric("bsf_ub_latency_seconds_sum", 'result="rejected"')
rejected_max = metric("bsf_ub_latency_seconds_max", 'result="rejected"')
fc = overload["firstRequestTo401Ms"]
print(
    "| phase | offered | served | refused (503) | p50 → 401 | p99 → 401 | p99 → 503 | p99 full"
    " | BSF CPU | heap max |"
)
print("|---|---|---|---|---|---|---|---|---|---|")
for name, r in (("overload", overload), ("recovery", recovery)):
    e = r["errors"]
    print(
        f"| {name} | {r['targetRate']:.0f}/s | {r['achievedBootstrapsPerSecond']:.0f}/s "
        f"| {sum(v for k, v in e.items() if '503' in k)} "
        f"| {r['firstRequestTo401Ms']['p50']:.1f} ms | {r['firstRequestTo401Ms']['p99']:.1f} ms "
        f"| {r['firstRequestTo503Ms']['p99']:.1f} ms | {r['fullBootstrapMs']['p99']:.1f} ms | {r['bsfCpuPercent']:.0f} % | {r['bsfHeapMaxMb']:.0f} MB |"
    )
# The steady state: per-second p99 of first request -> 401 after the first 5 s of the overload
# (the queue the step to twice the capacity builds before the admission reacts is the transient).
steady = sorted(
    sample["p99"]
    for sample in overload.get("timeline", [])
    if sample.get("measuring") and sample["t"] > overload.get("rampSeconds", 0) + 5
    and isinstance(sample.get("p99"), (int, float)) and sample["p99"] == sample["p99"]
)
if steady:
    print(
        f"per-second p99 → 401 after the first 5 s: median {steady[len(steady) // 2]:.1f} ms,"
        f" worst {steady[-1]:.1f} ms ({len(steady)} s)"
    )
mean_ms = 1000 * rejected_sum / rejected_count if rejected_count else float("nan")
print(
    f"503 answers inside the BSF: {rejected_count:.0f}, mean {mean_ms:.3f} ms, max {1000 * rejected_max:.1f} ms"
    f" (max over the last 2 minutes); answers to challenges refused: {refused_answers};"
    f" other errors: {other or 'none'}; recovery seconds with errors after 5 s: {len(late)}"
)
# Was the generator, not the BSF, the bottleneck? (its CPU over the overload phase, from time(1))
gen_pct = float("nan")
if os.path.exists(f"{out}/generator-time.txt"):
    fields = open(f"{out}/generator-time.txt").read().split()[-3:]
    user, system, elapsed = (float(x) for x in fields)
    if elapsed > 0:
        gen_pct = 100 * (user + system) / elapsed / gen_cores
# What a refusal costs against a bootstrap (rho). At the capacity the BSF spends its whole quota
# on bootstraps, so a bootstrap costs quota / capacity; a refusal costs what the overload's CPU
# leaves after its bootstraps, shared by its refusals. If every excess request is answered,
# offered k x C leaves at most C (1 - k rho) / (1 - rho) for bootstraps (docs/benchmarks.md).
rho = bound = float("nan")
refused_s = refused_first / overload["measurementSeconds"] if overload["measurementSeconds"] else 0
if quota == quota and refused_s > 0 and capacity > 0:
    bootstrap_ms = quota * 10 / capacity  # 1 % of a core = 10 ms of CPU a second
    # The process's CPU, less the compiler threads' when they ran outside the quota.
    cpu_ms = overload["bsfCpuPercent"] * 10 - jit_ms / overload["measurementSeconds"]
    served = overload["achievedBootstrapsPerSecond"]
    rho = (cpu_ms - served * bootstrap_ms) / refused_s / bootstrap_ms
    bound = max(0.0, capacity * (1 - 2 * rho) / (1 - rho)) if rho < 0.5 else 0.0
print(
    f"generator CPU in the overload: {gen_pct:.0f} % of its {gen_cores} core(s); a refusal costs"
    f" {rho:.2f} of a bootstrap: at 2 x, answering all the excess leaves at most {bound:.0f}/s"
    f" of bootstraps"
)
# A BSF that served clearly more than "the capacity" was not offered twice its capacity.
wrong_capacity = overload["achievedBootstrapsPerSecond"] > 1.1 * capacity
gen_unknown = gen_pct != gen_pct
invalid = gen_unknown or gen_pct >= 90 or wrong_capacity
ok = (
    refused_answers == 0
    and not other
    and not late
    and overload["bsfHeapMaxMb"] < xmx
    and recovery["errors"] is not None
)
print(
    f"overload: capacity {capacity}/s, offered {overload['targetRate']:.0f}/s: served "
    f"{overload['achievedBootstrapsPerSecond']:.0f}/s, p99 → 401 {fc['p99']:.0f} ms, "
    f"{refused_first} first requests refused with 503: "
    + (
        "INVALID (the generator's CPU is unknown)" if gen_unknown
        else "INVALID (the generator was saturated)" if gen_pct >= 90
        else "INVALID (it served more than the capacity given: not 2 x)" if wrong_capacity
        else "PASS" if ok else "FAIL"
    )
)
sys.exit(2 if invalid else 0 if ok else 1)
