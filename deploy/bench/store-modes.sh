#!/usr/bin/env bash
# Compares the three challenge-store modes (local, hybrid, cassandra) at one arrival rate, with
# everything on this machine: a real Cassandra node, the Zh HSS simulator, the BSF (one process
# per mode) and the open-loop UE generator, each in its own JVM.
#
#   deploy/bench/store-modes.sh          # RATE=300 RAMP=20s DURATION=60s WARMUP=60s MODE_WARMUP=60s
#   RATE=500 DURATION=120s deploy/bench/store-modes.sh
#
# Prints one table row per mode (latency at the UE, first request -> 401, from the scheduled
# start) and writes JSON and HTML reports under target/bench-store-modes/.
set -euo pipefail
cd "$(dirname "$0")/../.."
RATE=${RATE:-300}
RAMP=${RAMP:-20s}
DURATION=${DURATION:-60s}
SUBSCRIBERS=${SUBSCRIBERS:-100000}
CONNECTIONS=${CONNECTIONS:-500}
OUT=target/bench-store-modes
BSF="bsf-server/target/bsf.jar"
LT=loadtest/target/loadtest.jar
mkdir -p "$OUT"
[ -f "$BSF" ] && [ -f "$LT" ] || ./mvnw -q package -DskipTests

. deploy/bench/lib.sh

need_cassandra_local
java -cp "$CASSANDRA_LOCAL" org.gbabsf.cassandra.local.LocalCassandraMain --nodes 1 --heap-mb 2048 \
  --dir "$OUT/cassandra" > "$OUT/cassandra.log" 2>&1 &
pids+=($!)
java -jar "$LT" hss --generated-count "$SUBSCRIBERS" > "$OUT/hss.log" 2>&1 &
pids+=($!)
wait_for "$OUT/cassandra.log" "Ready." 120
wait_for "$OUT/hss.log" "listening on" 60
key_ring "$OUT/keyring"

MODES=${MODES:-local hybrid cassandra}
WARMUP=${WARMUP:-60s}

run_mode() { # mode ramp duration label
  java @deploy/jvm/bsf-2-cores.options -jar "$BSF" serve \
    --set store.type=cassandra --set store.challenges="$1" \
    --set store.seal.key-ring-file="$OUT/keyring" \
    --set cassandra.keyspace=bsf_bench > "$OUT/bsf-$4.log" 2>&1 &
  bsf=$!
  pids+=("$bsf")
  wait_for "$OUT/bsf-$4.log" "Diameter peer hss1.home1.net is up" 60
  # Each BSF JVM gets its own unreported warm-up, so that no mode pays for JIT compilation.
  java -jar "$LT" run --rate "$RATE" --ramp 10s --duration "${MODE_WARMUP:-60s}" \
    --subscribers "$SUBSCRIBERS" --connections "$CONNECTIONS" > "$OUT/warmup-$4.txt" 2>&1 || true
  java -jar "$LT" run --rate "$RATE" --ramp "$2" --duration "$3" --subscribers "$SUBSCRIBERS" \
    --connections "$CONNECTIONS" --bsf-pid "$bsf" --label "$4" --json "$OUT/$4.json" \
    --html "$OUT/$4.html" > "$OUT/run-$4.txt" 2>"$OUT/run-$4.log" || true
  kill "$bsf"; wait "$bsf" 2>/dev/null || true
}

# Cassandra's JIT warms up over minutes; without this the first mode measured pays for it.
echo "warming Cassandra up for $WARMUP (not reported) ..." >&2
MODE_WARMUP=10s run_mode hybrid 10s "$WARMUP" warmup

echo "| mode | rate | messages/s | CPU | heap | p50 | p90 | p95 | p99 |"
echo "|---|---|---|---|---|---|---|---|---|"
for mode in $MODES; do
  run_mode "$mode" "$RAMP" "$DURATION" "$mode"
  row=$(grep -E '^\| [0-9]' "$OUT/run-$mode.txt" | head -1)
  echo "| $mode ${row}"
  grep -E '^errors' "$OUT/run-$mode.txt" | sed "s/^/    $mode: /" >&2
  grep -E '^full bootstrap' "$OUT/run-$mode.txt" | sed "s/^/    $mode: /" >&2
done
exit 0
