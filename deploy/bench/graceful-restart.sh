#!/usr/bin/env bash
# Graceful restart under load (docs/operations.md, SIGTERM): two BSF instances on one Cassandra
# node in the default mode (hybrid challenges), one Zh HSS simulator; the generator spreads its
# connections over both and, as a load balancer or a retrying UE would, sends a request again to
# the other instance when a connection fails or a 503 comes (`loadtest run --also-bsf`). After
# KILL_AFTER, instance A gets SIGTERM. Passes if no bootstrap failed, and A's /ready answered 503
# while its Ub port still accepted connections. The last line states the figures.
#
#   deploy/bench/graceful-restart.sh                    # 500/s for 60 s, SIGTERM after 25 s
#   RATE=300 DURATION=30s KILL_AFTER=15s deploy/bench/graceful-restart.sh
#
# Environment: RATE (500), DURATION (60s), KILL_AFTER (25s, from the start of the measured load),
# WARMUP (60s of the same load over both instances first, not reported: three cold JVMs on two
# cores would otherwise dominate the figures), OUT.
set -euo pipefail
cd "$(dirname "$0")/../.."
RATE=${RATE:-500}
DURATION=${DURATION:-60s}
KILL_AFTER=${KILL_AFTER:-25s}
WARMUP=${WARMUP:-60s}
OUT=${OUT:-target/bench/graceful-restart}
BSF="bsf-server/target/bsf.jar"
LT=loadtest/target/loadtest.jar
mkdir -p "$OUT"
[ -f "$BSF" ] && [ -f "$LT" ] || ./mvnw -q package -DskipTests
. deploy/bench/lib.sh
now_ms() { date +%s%3N; }
CASSANDRA_ADDRESS=127.0.0.10
hss_port=$(free_port)

start_hss_and_cassandra "$OUT" "$hss_port" "$CASSANDRA_ADDRESS"
key_ring "$OUT/keyring" # one ring for both instances: each opens what the other sealed

declare -A ub admin pid
start_bsf() { # name
  ub[$1]=$(free_port); admin[$1]=$(free_port)
  java -Xms384m -Xmx384m -XX:+UseG1GC -jar "$BSF" serve --set store.type=cassandra \
    --set store.seal.key-ring-file="$OUT/keyring" \
    --set cassandra.keyspace=bsf_restart --set cassandra.contact-points="$CASSANDRA_ADDRESS:9042" \
    --set zh.peers="hss1.home1.net=127.0.0.1:$hss_port" --set zn.enabled=false \
    --set diameter.origin-host="bsf-$1.home1.net" --set diameter.listen-port="$(free_port)" \
    --set ub.port="${ub[$1]}" --set admin.port="${admin[$1]}" > "$OUT/bsf-$1.log" 2>&1 &
  pids+=($!)
  pid[$1]=$!
}
start_bsf a
wait_for "$OUT/bsf-a.log" "Diameter peer hss1.home1.net is up" 60 # a creates the schema first
start_bsf b
wait_for "$OUT/bsf-b.log" "Diameter peer hss1.home1.net is up" 60

targets=(--bsf "http://127.0.0.1:${ub[a]}/" --also-bsf "http://127.0.0.1:${ub[b]}/" --bsf-metrics none)
echo "warm-up: $WARMUP at $RATE/s over both instances" >&2
java -jar "$LT" run --rate "$RATE" --ramp 10s --duration "$WARMUP" --subscribers 100000 \
  "${targets[@]}" > "$OUT/warmup.txt" 2>&1 || true
java -jar "$LT" run --rate "$RATE" --ramp 0s --duration "$DURATION" --subscribers 100000 \
  "${targets[@]}" --label "graceful restart $RATE/s" --json "$OUT/report.json" \
  > "$OUT/report.txt" 2> "$OUT/loadtest.log" &
load=$!
sleep "${KILL_AFTER%s}"
term=$(now_ms)
kill -TERM "${pid[a]}"
ready503="" closed=""
while kill -0 "${pid[a]}" 2>/dev/null && [ -z "$closed" ]; do
  code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 1 "http://127.0.0.1:${admin[a]}/ready" || true)
  [ -z "$ready503" ] && [ "$code" = 503 ] && ready503=$(now_ms)
  if ! (exec 3<>"/dev/tcp/127.0.0.1/${ub[a]}") 2>/dev/null; then closed=$(now_ms); fi
  sleep 0.02
done
[ -z "$closed" ] && closed=$(now_ms)
status=0
wait "$load" || status=1
[ -n "$ready503" ] && [ "$ready503" -lt "$closed" ] || status=1
summary=$(python3 -c "
import json; d=json.load(open('$OUT/report.json'))
print(f\"{d['achievedBootstrapsPerSecond']:.0f} bootstraps/s, p99 first request to 401 {d['firstRequestTo401Ms']['p99']:.1f} ms,\"
      f\" full {d['fullBootstrapMs']['p99']:.1f} ms, errors {d['errors'] or 'none'}, {d.get('movedToOtherBsf', 0)} requests moved to the other instance\")")
verdict=$([ $status = 0 ] && echo PASS || echo FAIL)
echo "$verdict: SIGTERM to one of two instances at $RATE/s: $summary; /ready 503 after $(( ${ready503:-$closed} - term )) ms, Ub listener closed after $(( closed - term )) ms"
exit $status
