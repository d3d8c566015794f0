#!/usr/bin/env bash
# Overload where the BSF is the bottleneck (docs/benchmarks.md, "Overload"): the BSF pinned to
# core 0 (taskset) under a CFS quota (CPU_QUOTA % of the core, as a container CPU limit sets one).
# The Zh HSS simulator runs on core 0 too, outside the quota; the generator on GEN_CORES (core 1).
# On this 2-core box the generator cannot offer twice what a whole core of BSF serves, hence the
# quota. Memory store: the question is the BSF's own CPU, not Cassandra's.
#
#   deploy/bench/overload.sh                          # 25 % of core 0; 60 s at twice the capacity
#   CPU_QUOTA=10 CPU_PERIOD_MS=10 GEN_CORES=0,1 deploy/bench/overload.sh   # the 2026-11-27 runs:
#   CPU_QUOTA=10 CPU_PERIOD_MS=10 GEN_CORES=0,1 CAPACITY=357 \
#     SERVE_ARGS="--set ub.overload.max-lag=30ms" deploy/bench/overload.sh # capacity from the first
#
# Phases:
# - warm-up (WARMUP, 150 s, at WARM_RATE, not reported) BEFORE the quota: the JIT compiles on a
#   whole core. Under a quota it kept compiling for minutes and took up to 43 % of the quota. Even
#   after the warm-up C2 still compiles a few methods a second (3-4 % of a core at 130/s on 11-28:
#   little on a whole core, but 36-43 % of a 10 % quota). So with cgroup v1 the compiler
#   threads are moved out of the quota (JIT_IN_QUOTA=1 keeps them in), as a BSF that has run for
#   days has nothing left to compile; their CPU in the overload is reported apart;
# - capacity probe (PROBE, 60 s, at PROBE_RATE under the quota; a 20 s probe was dominated by the
#   generator's own start): the capacity is the rate it achieved, and a bootstrap costs the quota
#   divided by the capacity. Skipped if CAPACITY is set; refused with the
#   admission on (it serves less than the capacity by design): take CAPACITY from a run without it;
# - overload (OVERLOAD at twice the capacity), then recovery (20 s at RECOVERY_PCT % of it, 50).
# Passes if the BSF answered every refused request with 503 (never a timeout or a closed
# connection), the answers to challenges were never refused, the heap stayed under its -Xmx, and
# no error happened after the first 5 s of the recovery. INVALID if the generator used 90 % of its
# cores in the overload (it, not the BSF, was then the bottleneck), or if the BSF served over 1.1 x
# the capacity given (it was not offered twice its capacity). Exit codes: 0 pass, 1 fail, 2 invalid,
# 3 cannot run. Needs root for the quota (cgroup v1 cpu or cgroup v2).
set -euo pipefail
cd "$(dirname "$0")/../.."
CPU_QUOTA=${CPU_QUOTA:-25}
CPU_PERIOD_MS=${CPU_PERIOD_MS:-10}
WARM_RATE=${WARM_RATE:-500}
PROBE_RATE=${PROBE_RATE:-1500}
PROBE=${PROBE:-60s}
WARMUP=${WARMUP:-150s}
GEN_CORES=${GEN_CORES:-1}
OVERLOAD=${OVERLOAD:-60s}
OUT=${OUT:-target/bench/overload}
BSF="bsf-server/target/bsf.jar"
LT=loadtest/target/loadtest.jar
capacity=${CAPACITY:-}
if [ -z "$capacity" ] && [[ "${SERVE_ARGS:-}" =~ max-lag=[1-9] ]]; then
  echo "the admission serves less than the capacity by design: set CAPACITY from a run without it" >&2
  exit 3
fi
mkdir -p "$OUT"
rm -f "$OUT"/*.json "$OUT"/*.txt "$OUT"/*.log # never judge an earlier run's files
[ -x /usr/bin/time ] || { echo "overload.sh needs /usr/bin/time (apt-get install time)" >&2; exit 3; }
[ -f "$BSF" ] && [ -f "$LT" ] || ./mvnw -q package -DskipTests
. deploy/bench/lib.sh

LOAD=(taskset -c "$GEN_CORES" java -jar "$LT" run --subscribers 100000 --connections 2000)
taskset -c 0 java -Xms256m -Xmx256m -XX:+UseParallelGC -jar "$LT" hss --generated-count 100000 \
  > "$OUT/hss.log" 2>&1 &
pids+=($!)
wait_for "$OUT/hss.log" "listening on" 60
# shellcheck disable=SC2086 # SERVE_ARGS is a list of options
# A fixed set of compiler threads, so that those moved out of the quota are all of them.
taskset -c 0 java @deploy/jvm/bsf-2-cores.options -XX:-UseDynamicNumberOfCompilerThreads -jar "$BSF" serve \
  --set store.type=memory --set store.memory.max-sessions=200000 --set zn.enabled=false \
  --set ub.io-threads=1 ${SERVE_ARGS:-} \
  > "$OUT/bsf.log" 2>&1 &
bsf=$!
pids+=("$bsf")
wait_for "$OUT/bsf.log" "Diameter peer hss1.home1.net is up" 60

echo "warm-up: $WARMUP at $WARM_RATE/s, before the quota" >&2
"${LOAD[@]}" --rate "$WARM_RATE" --ramp 10s --duration "$WARMUP" > "$OUT/warmup.txt" 2>&1 || true
if [ "$CPU_QUOTA" -lt 100 ]; then
  cpu_cap "bsf-overload-$$" "$CPU_QUOTA" "$bsf"
  echo "BSF limited to $CPU_QUOTA % of core 0" >&2
  if [ "${JIT_IN_QUOTA:-0}" != 1 ]; then
    moved=0
    outside_quota "$bsf" '^C[12] CompilerThre' || moved=$?
    case $moved in
      0) jit_outside=1; echo "its JIT compiler threads run outside the quota" >&2 ;;
      2) echo "only some JIT compiler threads could leave the quota: rho mixes both" >&2 ;;
      *) echo "the JIT compiler threads stay under the quota (cgroup v2, or none found)" >&2 ;;
    esac
  fi
fi
JIT='^C[12] CompilerThre'
jit_outside=${jit_outside:-0}
if [ -z "$capacity" ]; then
  echo "capacity probe: $PROBE at $PROBE_RATE/s" >&2
  "${LOAD[@]}" --rate "$PROBE_RATE" --ramp 0s --duration "$PROBE" --bsf-pid "$bsf" \
    --json "$OUT/probe.json" > "$OUT/probe.txt" 2>&1 || true
  capacity=$(python3 -c "import json;print(int(json.load(open('$OUT/probe.json'))['achievedBootstrapsPerSecond']))")
fi
high=$(( capacity * 2 )); low=$(( capacity * ${RECOVERY_PCT:-50} / 100 ))
echo "capacity $capacity/s: overload $OVERLOAD at $high/s, then recovery 20 s at $low/s" >&2
jit_before=$(threads_cpu_ms "$bsf" "$JIT")
/usr/bin/time -f "%U %S %e" -o "$OUT/generator-time.txt" \
  "${LOAD[@]}" --rate "$high" --ramp 0s --duration "$OVERLOAD" --bsf-pid "$bsf" \
  --json "$OUT/overload.json" > "$OUT/overload.txt" 2>&1 || true
jit_ms=$(( $(threads_cpu_ms "$bsf" "$JIT") - jit_before ))
"${LOAD[@]}" --rate "$low" --ramp 0s --duration 20s --bsf-pid "$bsf" \
  --json "$OUT/recovery.json" > "$OUT/recovery.txt" 2>&1 || true
curl -s "http://127.0.0.1:9090/metrics" > "$OUT/metrics.txt" || true
gen_cores=$(taskset -c "$GEN_CORES" nproc)
# Outside the quota, the compiler threads' CPU is taken out of the BSF's before rho is computed.
echo "JIT compiler threads in the overload: $jit_ms ms of CPU ($( [ "$jit_outside" = 1 ] && echo "outside" || echo "under" ) the quota)"
python3 deploy/bench/overload-report.py "$OUT" "$capacity" "$(grep -o 'Xmx[0-9]*m' deploy/jvm/bsf-2-cores.options | tr -dc 0-9)" \
  "$( [ "$CPU_QUOTA" -lt 100 ] && echo "$CPU_QUOTA" || echo nan )" "$gen_cores" \
  "$( [ "$jit_outside" = 1 ] && echo "$jit_ms" || echo 0 )"
