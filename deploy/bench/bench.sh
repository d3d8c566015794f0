#!/usr/bin/env bash
# One benchmark run with everything on this machine, each in its own JVM: the Zh HSS simulator
# (`loadtest hss`), optionally a real Cassandra node, the BSF (`bsf.jar serve` with a JVM options
# file) and the open-loop generator (`loadtest run`), which writes the console table, JSON and a
# self-contained HTML report.
#
#   deploy/bench/bench.sh                               # 1000/s, 30 s ramp, 60 s measured, memory store
#   RATE=2000 STORE=cassandra CHALLENGES=hybrid deploy/bench/bench.sh
#   PROFILE=async RATE=1500 deploy/bench/bench.sh       # CPU profile of the BSF (async-profiler)
#   PROFILE=jfr RATE=1500 deploy/bench/bench.sh         # JFR recording of the BSF
#   RUN_ARGS="--zn-per-bootstrap 1 --resync-share 0.01" deploy/bench/bench.sh
#   HSS_ARGS="--delay 50ms" RATE=1500 deploy/bench/bench.sh   # a slow HSS
#
# Environment: RATE, RAMP, DURATION, SUBSCRIBERS, CONNECTIONS, STORE (memory|cassandra),
# CHALLENGES (local|hybrid|cassandra), JVM_OPTIONS (BSF options file), LABEL, OUT (report
# directory), PROFILE (async|jfr), RUN_ARGS (more `loadtest run` options), WARMUP (an unreported run
# first, e.g. 60s), SERVE_ARGS (more `--set key=value` for the BSF), LIVE_HEAP (1: full GC at the end),
# HSS_ARGS (more `loadtest hss` options, e.g. --delay 50ms), SEAL (on|off: keys sealed in
# Cassandra under a key ring made for the run, the default, or stored in clear), PIN (1: the BSF
# alone on CPU 1 and everything else on CPU 0, with taskset, so that the BSF's own tail shows
# apart from the box's contention; its event loops then count one processor).
# With STORE=cassandra the report adds Cassandra's CPU in the measured window, per bootstrap. The
# BSF's /metrics at the end of the run are kept in bsf-metrics.txt.
set -euo pipefail
cd "$(dirname "$0")/../.."
RATE=${RATE:-1000}
RAMP=${RAMP:-30s}
DURATION=${DURATION:-60s}
SUBSCRIBERS=${SUBSCRIBERS:-100000}
CONNECTIONS=${CONNECTIONS:-500}
STORE=${STORE:-memory}
CHALLENGES=${CHALLENGES:-hybrid}
JVM_OPTIONS=${JVM_OPTIONS:-deploy/jvm/bsf-2-cores.options}
LABEL=${LABEL:-$STORE-$RATE}
OUT=${OUT:-target/bench/$LABEL}
BSF="bsf-server/target/bsf.jar"
LT=loadtest/target/loadtest.jar
mkdir -p "$OUT"
[ -f "$BSF" ] && [ -f "$LT" ] || ./mvnw -q package -DskipTests

. deploy/bench/lib.sh

bsf_cpu=()
rest_cpu=()
if [ "${PIN:-0}" = 1 ]; then
  bsf_cpu=(taskset -c 1)
  rest_cpu=(taskset -c 0)
fi

# shellcheck disable=SC2086 # HSS_ARGS is a list of options
"${rest_cpu[@]}" java -Xms256m -Xmx256m -XX:+UseParallelGC -jar "$LT" hss --generated-count "$SUBSCRIBERS" ${HSS_ARGS:-} \
  > "$OUT/hss.log" 2>&1 &
pids+=($!)
store_set=(--set store.type=memory)
if [ "$STORE" = cassandra ]; then
  need_cassandra_local
  "${rest_cpu[@]}" java -cp "$CASSANDRA_LOCAL" org.gbabsf.cassandra.local.LocalCassandraMain --nodes 1 \
    --heap-mb 2048 --dir "$OUT/cassandra" > "$OUT/cassandra.log" 2>&1 &
  cassandra_launcher=$!
  pids+=("$cassandra_launcher")
  wait_for "$OUT/cassandra.log" "Ready." 120
  # The nodes are the launcher's child JVMs; their CPU is reported per bootstrap.
  cassandra_pids=$(cassandra_node_pids "$cassandra_launcher")
  store_set=(--set store.type=cassandra --set store.challenges="$CHALLENGES"
    --set cassandra.keyspace=bsf_bench)
  if [ "${SEAL:-on}" = off ]; then
    store_set+=(--set store.seal.enabled=false)
  else
    key_ring "$OUT/keyring"
    store_set+=(--set store.seal.key-ring-file="$OUT/keyring")
  fi
fi
wait_for "$OUT/hss.log" "listening on" 60

jfr=()
case "${PROFILE:-}" in
  jfr) jfr=("-XX:StartFlightRecording=filename=$OUT/bsf.jfr,settings=profile,dumponexit=true") ;;
  async)
    # async-profiler from Maven Central (tools.profiler:async-profiler), CPU samples every 1 ms
    # with itimer (no perf_events needed); collapsed stacks, summarised by profile-summary.py.
    AP_VERSION=4.0
    AP_JAR=$HOME/.m2/repository/tools/profiler/async-profiler/$AP_VERSION/async-profiler-$AP_VERSION.jar
    [ -f "$AP_JAR" ] || ./mvnw -q dependency:get -Dartifact=tools.profiler:async-profiler:$AP_VERSION
    mkdir -p target/bench/async-profiler
    unzip -o -q -j "$AP_JAR" linux-x64/libasyncProfiler.so -d target/bench/async-profiler
    # From the BSF's start to its exit, warm-up included; JIT and GC threads are reported apart.
    jfr=("-agentpath:$PWD/target/bench/async-profiler/libasyncProfiler.so=start,event=itimer,interval=1ms,threads,collapsed,file=$(cd "$OUT" && pwd)/bsf.collapsed") ;;
esac
# shellcheck disable=SC2086
"${bsf_cpu[@]}" java @"$JVM_OPTIONS" "${jfr[@]}" -jar "$BSF" serve "${store_set[@]}" \
  --set hss.simulated.generated-count="$SUBSCRIBERS" ${SERVE_ARGS:-} > "$OUT/bsf.log" 2>&1 &
bsf=$!
pids+=("$bsf")
wait_for "$OUT/bsf.log" "Diameter peer hss1.home1.net is up" 60

if [ -n "${WARMUP:-}" ]; then
  echo "warming up for $WARMUP (not reported) ..." >&2
  "${rest_cpu[@]}" java -jar "$LT" run --rate "$RATE" --ramp 10s --duration "$WARMUP" \
    --subscribers "$SUBSCRIBERS" --connections "$CONNECTIONS" > "$OUT/warmup.txt" 2>&1 || true
fi
live=()
[ "${LIVE_HEAP:-0}" = 1 ] && live=(--live-heap)
[ -n "${cassandra_pids:-}" ] && live+=(--cassandra-pid "$cassandra_pids")
# shellcheck disable=SC2086
"${rest_cpu[@]}" java -jar "$LT" run --rate "$RATE" --ramp "$RAMP" --duration "$DURATION" \
  --subscribers "$SUBSCRIBERS" --connections "$CONNECTIONS" --bsf-pid "$bsf" "${live[@]}" \
  --label "$LABEL" --json "$OUT/report.json" --html "$OUT/report.html" ${RUN_ARGS:-} \
  2> "$OUT/loadtest.log" | tee "$OUT/report.txt"
status=${PIPESTATUS[0]}
# The BSF's own meters at the end of the run (e.g. bsf_zh_guss_total), default admin port.
curl -sf "http://127.0.0.1:9090/metrics" > "$OUT/bsf-metrics.txt" 2>/dev/null || true
kill "$bsf"; wait "$bsf" 2>/dev/null || true
if [ -f "$OUT/bsf.collapsed" ]; then
  python3 deploy/bench/profile-summary.py "$OUT/bsf.collapsed" > "$OUT/profile.txt"
  echo "profile: $OUT/profile.txt" >&2
fi
echo "report: $OUT/report.html" >&2
exit "$status"
