#!/usr/bin/env bash
# The BSF on the 5G Service-Based Architecture under load, everything on this machine, each in its
# own JVM, in one of two modes:
#
# MODE=n65 (default): Ub bootstraps with the vectors and GUSS fetched over N65 (TS 29.562, HTTP/2
#   with prior knowledge): the HSS simulator on N65 (`loadtest hss --n65`), the BSF (`bsf.jar
#   serve`, hss.type=n65 with n65.instances, memory store) and the open-loop generator (`loadtest
#   run`). The last line gives the bootstraps/s, the BSF's CPU per bootstrap (from /proc, over the
#   measurement period only) and first request → 401 p50/p99 (the N65 round trip is in it).
# MODE=nbsp: NAFs asking for keys over Nbsp_GBA (TS 29.309, h2c): the Zh HSS simulator (`loadtest
#   hss`, as bench.sh; HSS=simulated for the BSF's in-process one), an NRF key and a NAF access
#   token (`loadtest nrf`), the BSF with sbi.enabled and nbsp.oauth2.*, and `loadtest run
#   --nbsp-per-bootstrap`: after each bootstrap, NBSP_PER_BOOTSTRAP requests for its B-TID on one
#   shared HTTP/2 client, each key compared with the UE's. The last line gives the Nbsp
#   requests/s, the BSF's CPU per Nbsp request (all of it over the Nbsp requests: the bootstraps'
#   CPU is included, so more requests per bootstrap come closer to Nbsp alone) and the Nbsp p99.
#
#   deploy/bench/sba.sh                                        # N65, 500 bootstraps/s, 60 s
#   RATE=50 DURATION=10s WARMUP=0 deploy/bench/sba.sh          # a smoke run
#   MODE=nbsp RATE=50 DURATION=10s WARMUP=0 deploy/bench/sba.sh
#   MODE=nbsp RATE=200 NBSP_PER_BOOTSTRAP=20 WARMUP=30s deploy/bench/sba.sh
#   HSS_ARGS="--delay 5ms" deploy/bench/sba.sh                 # a slower HSS on N65
#
# Environment: MODE (n65|nbsp), RATE (bootstraps/s), NBSP_PER_BOOTSTRAP (nbsp), HSS (nbsp: zh or
# simulated), RAMP, DURATION, WARMUP (an unreported run first, e.g. 30s; empty or 0: none),
# SUBSCRIBERS, CONNECTIONS, JVM_OPTIONS (the BSF's options file), HSS_ARGS (more `loadtest hss`
# options), SERVE_ARGS (more `--set key=value` for the BSF), RUN_ARGS (more `loadtest run`
# options), LABEL, OUT (report directory). The BSF is configured with `--set` only: it refuses
# unknown BSF_* environment variables, so none is exported here.
set -euo pipefail
cd "$(dirname "$0")/../.."
MODE=${MODE:-n65}
RATE=${RATE:-500}
NBSP_PER_BOOTSTRAP=${NBSP_PER_BOOTSTRAP:-5}
HSS=${HSS:-zh}
RAMP=${RAMP:-10s}
DURATION=${DURATION:-60s}
WARMUP=${WARMUP:-}
SUBSCRIBERS=${SUBSCRIBERS:-100000}
CONNECTIONS=${CONNECTIONS:-500}
JVM_OPTIONS=${JVM_OPTIONS:-deploy/jvm/bsf-2-cores.options}
case "$MODE" in
  n65) LABEL=${LABEL:-sba-n65-$RATE} ;;
  nbsp) LABEL=${LABEL:-sba-nbsp-$RATE-x$NBSP_PER_BOOTSTRAP} ;;
  *) echo "MODE must be n65 or nbsp, not '$MODE'" >&2; exit 2 ;;
esac
OUT=${OUT:-target/bench/$LABEL}
NAF=naf.home1.net
BSF="bsf-server/target/bsf.jar"
LT=loadtest/target/loadtest.jar
mkdir -p "$OUT"
[ -f "$BSF" ] && [ -f "$LT" ] || ./mvnw -q package -DskipTests

. deploy/bench/lib.sh

hss_jvm=(-Xms256m -Xmx256m -XX:+UseParallelGC)
serve=(--set store.type=memory)
run=()
if [ "$MODE" = n65 ]; then
  hss_port=$(free_port)
  # shellcheck disable=SC2086 # HSS_ARGS is a list of options
  java "${hss_jvm[@]}" -jar "$LT" hss --n65 --port "$hss_port" --generated-count "$SUBSCRIBERS" \
    ${HSS_ARGS:-} > "$OUT/hss.log" 2>&1 &
  pids+=($!)
  wait_for "$OUT/hss.log" "listening on" 60
  serve+=(--set hss.type=n65 --set n65.instances="http://127.0.0.1:$hss_port")
else
  sbi_port=$(free_port)
  bsf_id=$(python3 -c 'import uuid; print(uuid.uuid4())')
  naf_id=$(python3 -c 'import uuid; print(uuid.uuid4())')
  java -jar "$LT" nrf --out "$OUT/nrf" --subject "$naf_id" --audience "$bsf_id" > "$OUT/nrf.log"
  if [ "$HSS" = simulated ]; then
    serve+=(--set hss.type=simulated --set hss.simulated.generated-count="$SUBSCRIBERS")
  else
    # shellcheck disable=SC2086
    java "${hss_jvm[@]}" -jar "$LT" hss --generated-count "$SUBSCRIBERS" ${HSS_ARGS:-} \
      > "$OUT/hss.log" 2>&1 &
    pids+=($!)
    wait_for "$OUT/hss.log" "listening on" 60
  fi
  serve+=(--set sbi.enabled=true --set sbi.listen-address=127.0.0.1 --set sbi.port="$sbi_port"
    --set nbsp.nafs="$naf_id=default" --set nbsp.naf-fqdns="$naf_id=$NAF"
    --set nbsp.oauth2.nrf-keys="$OUT/nrf/nrf.pem" --set nbsp.oauth2.nf-instance-id="$bsf_id")
  run+=(--nbsp-per-bootstrap "$NBSP_PER_BOOTSTRAP" --nbsp-url "http://127.0.0.1:$sbi_port"
    --nbsp-token-file "$OUT/nrf/token" --nbsp-naf-fqdn "$NAF")
fi

# shellcheck disable=SC2086
java @"$JVM_OPTIONS" -jar "$BSF" serve "${serve[@]}" ${SERVE_ARGS:-} > "$OUT/bsf.log" 2>&1 &
bsf=$!
pids+=("$bsf")
wait_for "$OUT/bsf.log" "started" 60
wait_ready http://127.0.0.1:9090/ready 60

if [ -n "$WARMUP" ] && [ "$WARMUP" != 0 ] && [ "$WARMUP" != 0s ]; then
  echo "warming up for $WARMUP (not reported) ..." >&2
  java -jar "$LT" run --rate "$RATE" --ramp 10s --duration "$WARMUP" "${run[@]}" \
    --subscribers "$SUBSCRIBERS" --connections "$CONNECTIONS" > "$OUT/warmup.txt" 2>&1 || true
fi
# shellcheck disable=SC2086
java -jar "$LT" run --rate "$RATE" --ramp "$RAMP" --duration "$DURATION" "${run[@]}" \
  --subscribers "$SUBSCRIBERS" --connections "$CONNECTIONS" --bsf-pid "$bsf" \
  --label "$LABEL" --json "$OUT/report.json" --html "$OUT/report.html" ${RUN_ARGS:-} \
  2> "$OUT/loadtest.log" | tee "$OUT/report.txt"
status=${PIPESTATUS[0]}
echo "report: $OUT/report.html" >&2
[ -f "$OUT/report.json" ] && python3 - "$OUT/report.json" "$MODE" <<'EOF'
import json, sys
r, mode = json.load(open(sys.argv[1])), sys.argv[2]
errors = r.get("errors", {})
cpu = "%.0f" % r["bsfCpuPercent"] if "bsfCpuPercent" in r else "n/a"
nan = float("nan")
if mode == "n65":
    first, full = r.get("firstRequestTo401Ms", {}), r.get("fullBootstrapMs", {})
    print("sba n65: %.0f bootstraps/s; BSF CPU %s ms per bootstrap (%s %% of one core);"
          " first request → 401 p50 %.2f ms, p99 %.2f ms; full bootstrap p99 %.2f ms; errors %s"
          % (r["achievedBootstrapsPerSecond"],
             "%.3f" % r["bsfCpuPerBootstrapMs"] if "bsfCpuPerBootstrapMs" in r else "n/a", cpu,
             first.get("p50", nan), first.get("p99", nan), full.get("p99", nan),
             sum(errors.values()) if errors else "none"))
else:
    nbsp = r.get("nbspMs", {})
    print("sba nbsp: %.0f Nbsp requests/s (%d per bootstrap, %.0f bootstraps/s); BSF CPU %s ms"
          " per Nbsp request, bootstraps included (%s %% of one core); Nbsp p50 %.2f ms,"
          " p99 %.2f ms; errors %s"
          % (r.get("nbspRequestsPerSecond", 0), r.get("nbspPerBootstrap", 0),
             r["achievedBootstrapsPerSecond"],
             "%.3f" % r["bsfCpuPerNbspRequestMs"] if "bsfCpuPerNbspRequestMs" in r else "n/a",
             cpu, nbsp.get("p50", nan), nbsp.get("p99", nan),
             sum(errors.values()) if errors else "none"))
EOF
exit "$status"
