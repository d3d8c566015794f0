#!/usr/bin/env bash
# Soak: the BSF in its default mode (Cassandra store, hybrid challenges, Zh HSS simulator) under
# the call mix (re-bootstraps, resyncs, wrong responses, one Zn query per bootstrap) for a long
# time, checking that nothing drifts: every call after the warm-up succeeds, and the BSF's RSS (heap pre-touched),
# heap after a full GC, threads and open file descriptors in the last sample under load are within
# 10 % of their values once warmed up (the heap after GC, which moves by ±10 MB with the work in
# flight at 1,000/s, as the median of the last third of the samples against that of the first
# third). Figures are sampled every SAMPLE into soak.csv, with the worst one-second p99 of each
# interval in soak-table.md, and Cassandra's CPU per bootstrap is in the generator's report.
# The last line states the verdict and the figures; exits non-zero on any failure.
#
#   deploy/bench/soak.sh                          # 1 h at 1,000 bootstraps/s
#   DURATION=120s WARMUP=140s SAMPLE=30s RATE=100 deploy/bench/soak.sh  # the CI form (SoakIT)
#   RAMP=10m WARMUP=0s deploy/bench/soak.sh       # the seed methodology: 10-minute ramp, 60 min
#
# Environment: RATE (1000), RAMP (10s: the generator's linear ramp to RATE), DURATION (60m),
# WARMUP (5m: load at RATE before the baseline is taken), SAMPLE
# (5m), MIX (the `loadtest run` shares), OUT (target/bench/soak), CASSANDRA_ADDRESS (127.0.0.9). Every port is a free one.
set -euo pipefail
cd "$(dirname "$0")/../.."
RATE=${RATE:-1000}
RAMP=${RAMP:-10s}
MIX=${MIX:---rebootstrap-share 0.3 --resync-share 0.01 --wrong-response-share 0.01 --zn-per-bootstrap 1}
DURATION=${DURATION:-60m}
WARMUP=${WARMUP:-5m}
SAMPLE=${SAMPLE:-5m}
OUT=${OUT:-target/bench/soak}
BSF="bsf-server/target/bsf.jar"
LT=loadtest/target/loadtest.jar
mkdir -p "$OUT"
[ -f "$BSF" ] && [ -f "$LT" ] || ./mvnw -q package -DskipTests
. deploy/bench/lib.sh
CASSANDRA_ADDRESS=${CASSANDRA_ADDRESS:-127.0.0.9}
hss_port=$(free_port); ub_port=$(free_port); admin_port=$(free_port); dia_port=$(free_port)
naf_port=$(free_port)
# Whole seconds of a duration such as 90s, 10m or 1h; exits non-zero (stopping the script) on
# anything else.
seconds() { python3 -c "import sys,re; m=re.fullmatch(r'(\d+)(ms|s|m|h)',sys.argv[1]); \
sys.exit('not a duration: '+sys.argv[1]) if not m else \
print(round(int(m[1])*{'ms':0.001,'s':1,'m':60,'h':3600}[m[2]]))" "$1"; }
ramp_s=$(seconds "$RAMP")
warmup_s=$(seconds "$WARMUP")
duration_s=$(seconds "$DURATION")
sample_s=$(seconds "$SAMPLE")

start_hss_and_cassandra "$OUT" "$hss_port" "$CASSANDRA_ADDRESS"
# The node is the launcher's child JVM (the last process started); its CPU goes into the report.
cassandra_pids=$(cassandra_node_pids "${pids[-1]}")
cassandra_pid_opt=()
[ -n "$cassandra_pids" ] && cassandra_pid_opt=(--cassandra-pid "$cassandra_pids")
key_ring "$OUT/keyring"
java @deploy/jvm/bsf-2-cores.options -XX:+AlwaysPreTouch -jar "$BSF" serve --set store.type=cassandra \
  --set store.seal.key-ring-file="$OUT/keyring" \
  --set cassandra.keyspace=bsf_soak --set cassandra.contact-points="$CASSANDRA_ADDRESS:9042" \
  --set zh.peers="hss1.home1.net=127.0.0.1:$hss_port" --set ub.port="$ub_port" \
  --set admin.port="$admin_port" --set diameter.listen-port="$dia_port" > "$OUT/bsf.log" 2>&1 &
bsf=$!
pids+=("$bsf")
wait_for "$OUT/bsf.log" "Diameter peer hss1.home1.net is up" 60

total=$(( warmup_s + duration_s ))
rm -f "$OUT/report.json" "$OUT/report.txt" "$OUT/report.html" # never judge an earlier run's report
# shellcheck disable=SC2086 # MIX is a list of options
java -jar "$LT" run --rate "$RATE" --ramp "$RAMP" --duration "${total}s" $MIX \
  --subscribers 100000 --bsf-pid "$bsf" "${cassandra_pid_opt[@]}" --label "soak $RATE/s" \
  --json "$OUT/report.json" \
  --bsf "http://127.0.0.1:$ub_port/" --bsf-diameter "127.0.0.1:$dia_port" --naf-port "$naf_port" \
  --bsf-metrics "http://127.0.0.1:$admin_port/metrics" \
  --html "$OUT/report.html" > "$OUT/report.txt" 2> "$OUT/loadtest.log" &
load=$!
sleep $(( ramp_s + warmup_s + 10 ))
read -r rss0 heap0 thr0 fd0 <<< "$(jvm_figures "$bsf")"
echo "t_s,rss_kb,heap_after_gc_kb,threads,fds" > "$OUT/soak.csv"
echo "0,$rss0,$heap0,$thr0,$fd0" >> "$OUT/soak.csv"
start=$(date +%s)
while kill -0 "$load" 2>/dev/null; do
  sleep "$sample_s"
  kill -0 "$load" 2>/dev/null || break
  echo "$(( $(date +%s) - start )),$(jvm_figures "$bsf" | tr ' ' ',')" >> "$OUT/soak.csv"
done
status=0
# The generator exits non-zero on any failed call of the whole run, the ramp and the warm-up
# included: on a cold 2-core box those are the JIT and Cassandra's own start-up (the box at 200 %
# at 1 bootstrap/s). The soak judges failed calls from the baseline on, as it judges the drift;
# those of the ramp and warm-up are counted apart in the verdict line, never hidden.
wait "$load" || true
kill -0 "$bsf" || { echo "FAIL: the BSF died"; exit 1; }
[ -s "$OUT/report.json" ] || { echo "FAIL: the load generator wrote no report (see $OUT/loadtest.log)"; exit 1; }
# The timeline counts from the generator's own start, a few seconds after the baseline's clock
# started: a failure in those seconds counts with the warm-up.
read -r soak_errors warm_errors finished <<< "$(python3 - "$OUT/report.json" "$(( ramp_s + warmup_s + 10 ))" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
base = int(sys.argv[2])
soak = sum(s["errors"] for s in d["timeline"] if s["t"] > base)
warm = sum(s["errors"] for s in d["timeline"] if s["t"] <= base)
print(soak, warm, "yes" if d.get("allCallsFinished") else "no")
PY
)"
[ "$soak_errors" = 0 ] || status=1
[ "$finished" = yes ] || status=1
# The last sample taken under load: connections and buffers are comparable with the baseline's.
IFS=, read -r _ rss1 heap1 thr1 fd1 <<< "$(tail -1 "$OUT/soak.csv")"
within "$rss0" "$rss1" 0 || status=1
# The heap after GC: the median of the last third of the samples against that of the first third
# (with five samples or fewer, the last against the baseline, as for the other figures).
python3 - "$OUT/soak.csv" <<'PY' || status=1
import csv, statistics, sys
heap = [int(r["heap_after_gc_kb"]) for r in csv.DictReader(open(sys.argv[1]))]
k = max(1, len(heap) // 3)
first, last = statistics.median(heap[:k]), statistics.median(heap[-k:])
print(f"heap after GC: median of the first {k} samples {first:.0f} kB, of the last {k} {last:.0f} kB")
sys.exit(0 if last <= max(first * 1.10, first + 4096) else 1)
PY
within "$thr0" "$thr1" 3 || status=1
within "$fd0" "$fd1" 3 || status=1
summary=$(python3 -c "
import json; d=json.load(open('$OUT/report.json'))
print(f\"{d['achievedBootstrapsPerSecond']:.0f} bootstraps/s and {d['znQueriesPerSecond']:.0f} Zn/s for the whole run,\"
      f\" p99 first request to 401 {d['firstRequestTo401Ms']['p99']:.1f} ms, Zn {d['znBirToBiaMs']['p99']:.1f} ms,\"
      f\" failed calls after the baseline $soak_errors, during the ramp and warm-up $warm_errors (not judged),\"
      f\" errors of the whole run {d['errors'] or 'none'}\")")
verdict=$([ $status = 0 ] && echo PASS || echo FAIL)
# Per sample interval: the worst one-second p99 of first request -> 401 and of Zn, from the timeline.
python3 - "$OUT" "$(( ramp_s + warmup_s ))" <<'PY' | tee "$OUT/soak-table.md"
import csv, json, sys
out, warm = sys.argv[1], int(sys.argv[2])
timeline = json.load(open(f"{out}/report.json"))["timeline"]
rows = list(csv.DictReader(open(f"{out}/soak.csv")))
print("| t | RSS | heap after GC | threads | fds | worst 1-s p99 → 401 | worst 1-s p99 Zn | errors |")
print("|---|---|---|---|---|---|---|---|")
prev = 0
for r in rows:
    t = int(r["t_s"])
    window = [s for s in timeline if prev + warm + 10 < s["t"] <= t + warm + 10] if t else []
    def worst(key):
        vals = [float(s[key]) for s in window if str(s[key]) not in ("NaN", "nan")]
        return f"{max(vals):.1f} ms" if vals else "—"
    errs = sum(s["errors"] for s in window)
    print(f"| {t // 60}:{t % 60:02d} | {int(r['rss_kb']) // 1024} MB | {int(r['heap_after_gc_kb']) / 1024:.1f} MB "
          f"| {r['threads']} | {r['fds']} | {worst('p99')} | {worst('znP99')} | {errs} |")
    prev = t
PY
echo "$verdict: soak $DURATION after a $RAMP ramp and $WARMUP: $summary; RSS ${rss0} -> ${rss1} kB, heap after GC (first and last sample; judged on medians, above) ${heap0} -> ${heap1} kB, threads ${thr0} -> ${thr1}, fds ${fd0} -> ${fd1}"
exit $status
