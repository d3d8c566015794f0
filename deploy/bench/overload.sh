#!/usr/bin/env bash
# Overload where the BSF is the bottleneck (docs/benchmarks.md, "Overload"): the BSF pinned to
# core 0 (taskset) under a CFS quota (CPU_QUOTA % of the core, as a container CPU limit sets one),
# the Zh HSS simulator and the generator on core 1. On this 2-core box the generator cannot offer
# twice what a whole core of BSF serves, hence the quota. Memory store: the question is the BSF's
# own CPU, not Cassandra's.
#
#   deploy/bench/overload.sh                          # 25 % of core 0; 60 s at twice the capacity
#   SERVE_ARGS="--set ub.overload.max-lag=50ms" deploy/bench/overload.sh  # with the admission
#   CAPACITY=600 OVERLOAD=300s deploy/bench/overload.sh                 # skip the probe
#   CPU_QUOTA=20 CPU_PERIOD_MS=5 WARMUP=120s WARM_RATE=300 CAPACITY=1500 deploy/bench/overload.sh
#                                     # the 2026-11-25 runs (a quota is at least 1 ms of a period)
#
# Phases: warm-up (WARMUP, 60 s, at WARM_RATE, not reported: the JIT needs it under a quota),
# capacity probe (20 s at PROBE_RATE: the capacity is the rate it achieved; skipped if CAPACITY is
# set), overload (OVERLOAD at twice the capacity), recovery (20 s at half the capacity). Passes if
# the BSF answered every refused request with 503 (never a timeout or a closed connection), the
# answers to challenges were never refused, the heap stayed under its -Xmx, and no error happened
# after the first 5 s of the recovery. Needs root for the quota (cgroup v1 cpu or cgroup v2).
set -euo pipefail
cd "$(dirname "$0")/../.."
CPU_QUOTA=${CPU_QUOTA:-25}
CPU_PERIOD_MS=${CPU_PERIOD_MS:-10}
WARM_RATE=${WARM_RATE:-200}
PROBE_RATE=${PROBE_RATE:-1500}
WARMUP=${WARMUP:-60s}
OVERLOAD=${OVERLOAD:-60s}
OUT=${OUT:-target/bench/overload}
BSF=bsf-server/target/bsf.jar
LT=loadtest/target/loadtest.jar
mkdir -p "$OUT"
[ -f "$BSF" ] && [ -f "$LT" ] || ./mvnw -q package -DskipTests
. deploy/bench/lib.sh

LOAD=(taskset -c 1 java -jar "$LT" run --subscribers 100000 --connections 2000)
taskset -c 1 java -Xms256m -Xmx256m -XX:+UseParallelGC -jar "$LT" hss --generated-count 100000 \
  > "$OUT/hss.log" 2>&1 &
pids+=($!)
wait_for "$OUT/hss.log" "listening on" 60
# shellcheck disable=SC2086 # SERVE_ARGS is a list of options
taskset -c 0 java @deploy/jvm/bsf-2-cores.options -jar "$BSF" serve \
  --set store.type=memory --set store.memory.max-sessions=300000 --set zn.enabled=false \
  --set ub.io-threads=1 ${SERVE_ARGS:-} \
  > "$OUT/bsf.log" 2>&1 &
bsf=$!
pids+=($bsf)
wait_for "$OUT/bsf.log" "Diameter peer hss1.home1.net is up" 60
if [ "$CPU_QUOTA" -lt 100 ]; then
  cpu_cap "bsf-overload-$$" "$CPU_QUOTA" "$bsf"
  echo "BSF limited to $CPU_QUOTA % of core 0" >&2
fi

echo "warm-up: $WARMUP at $WARM_RATE/s" >&2
"${LOAD[@]}" --rate "$WARM_RATE" --ramp 10s --duration "$WARMUP" > "$OUT/warmup.txt" 2>&1 || true
capacity=${CAPACITY:-}
if [ -z "$capacity" ]; then
  echo "capacity probe: 20 s at $PROBE_RATE/s" >&2
  "${LOAD[@]}" --rate "$PROBE_RATE" --ramp 10s --duration 20s --json "$OUT/probe.json" \
    > "$OUT/probe.txt" 2>&1 || true
  capacity=$(python3 -c "import json;print(int(json.load(open('$OUT/probe.json'))['achievedBootstrapsPerSecond']))")
fi
high=$(( capacity * 2 )); low=$(( capacity / 2 ))
echo "capacity $capacity/s: overload $OVERLOAD at $high/s, then recovery 20 s at $low/s" >&2
"${LOAD[@]}" --rate "$high" --ramp 0s --duration "$OVERLOAD" --bsf-pid "$bsf" \
  --json "$OUT/overload.json" > "$OUT/overload.txt" 2>&1 || true
"${LOAD[@]}" --rate "$low" --ramp 0s --duration 20s --bsf-pid "$bsf" \
  --json "$OUT/recovery.json" > "$OUT/recovery.txt" 2>&1 || true
curl -s "http://127.0.0.1:9090/metrics" > "$OUT/metrics.txt" || true
python3 deploy/bench/overload-report.py "$OUT" "$capacity" "$(grep -o 'Xmx[0-9]*m' deploy/jvm/bsf-2-cores.options | tr -dc 0-9)"
