#!/usr/bin/env bash
# The NAF authentication proxy (`bsf naf-proxy`, Ua: TS 24.109 §5.2 and §7) under load, everything
# on this machine, each in its own JVM: the Zh HSS simulator (`loadtest hss`), the BSF (`bsf.jar
# serve`, memory store, the proxy admitted as NAF xcap.home1.net), an application server (`loadtest
# upstream`: a fixed XCAP document), the proxy in front of it (`bsf.jar naf-proxy`, JVM options of
# its own) and the open-loop generator (`loadtest run --ua-per-bootstrap`): after each bootstrap,
# UA_PER_BOOTSTRAP GETs through the proxy with the UE's key, the first answered 401 then 200, the
# next ones at once (nextnonce). The report (console table, JSON, HTML) has the Ua rate and
# latency; the last line gives the proxy's CPU per Ua request (from /proc, over the measurement
# period only) and the Ua p99.
#
#   deploy/bench/naf-proxy.sh                                    # 200 bootstraps/s × 5 Ua, 60 s
#   RATE=50 DURATION=10s WARMUP=0 deploy/bench/naf-proxy.sh      # a smoke run
#   RATE=100 UA_PER_BOOTSTRAP=20 WARMUP=30s deploy/bench/naf-proxy.sh
#   PROXY_ARGS="--set naf-proxy.io-threads=2" deploy/bench/naf-proxy.sh
#
# Environment: RATE (bootstraps/s), UA_PER_BOOTSTRAP, RAMP, DURATION, WARMUP (an unreported run
# first, e.g. 30s; empty or 0: none), SUBSCRIBERS, CONNECTIONS, JVM_OPTIONS (the BSF's options
# file), PROXY_JVM (the proxy's JVM options), PROXY_ARGS (more `--set key=value` for the proxy),
# SERVE_ARGS (for the BSF), RUN_ARGS (more `loadtest run` options), LABEL, OUT (report directory).
set -euo pipefail
cd "$(dirname "$0")/../.."
RATE=${RATE:-200}
UA_PER_BOOTSTRAP=${UA_PER_BOOTSTRAP:-5}
RAMP=${RAMP:-10s}
DURATION=${DURATION:-60s}
WARMUP=${WARMUP:-}
SUBSCRIBERS=${SUBSCRIBERS:-100000}
CONNECTIONS=${CONNECTIONS:-500}
JVM_OPTIONS=${JVM_OPTIONS:-deploy/jvm/bsf-2-cores.options}
# The proxy as a small service of its own: a 256 MB heap, G1 tuned as the BSF's on 2 cores.
PROXY_JVM=${PROXY_JVM:--XX:+UseG1GC -Xms256m -Xmx256m -XX:MaxGCPauseMillis=20 \
-XX:ParallelGCThreads=2 -XX:ConcGCThreads=1 -XX:+ExitOnOutOfMemoryError \
-Djava.net.preferIPv4Stack=true -Dio.netty.leakDetection.level=disabled}
LABEL=${LABEL:-naf-proxy-$RATE-x$UA_PER_BOOTSTRAP}
OUT=${OUT:-target/bench/$LABEL}
NAF=xcap.home1.net
BSF="bsf-server/target/bsf.jar"
LT=loadtest/target/loadtest.jar
mkdir -p "$OUT"
[ -f "$BSF" ] && [ -f "$LT" ] || ./mvnw -q package -DskipTests

. deploy/bench/lib.sh

upstream_port=$(free_port)
ua_port=$(free_port)
proxy_admin=$(free_port)
proxy_diameter=$(free_port)

java -Xms256m -Xmx256m -XX:+UseParallelGC -jar "$LT" hss --generated-count "$SUBSCRIBERS" \
  > "$OUT/hss.log" 2>&1 &
pids+=($!)
java -Xms64m -Xmx128m -XX:+UseSerialGC -jar "$LT" upstream --port "$upstream_port" \
  > "$OUT/upstream.log" 2>&1 &
pids+=($!)
wait_for "$OUT/hss.log" "listening on" 60
wait_for "$OUT/upstream.log" "listening on" 60

# shellcheck disable=SC2086
java @"$JVM_OPTIONS" -jar "$BSF" serve --set store.type=memory \
  --set hss.simulated.generated-count="$SUBSCRIBERS" --set zn.nafs="$NAF=default" \
  ${SERVE_ARGS:-} > "$OUT/bsf.log" 2>&1 &
bsf=$!
pids+=("$bsf")
wait_for "$OUT/bsf.log" "Diameter peer hss1.home1.net is up" 60

# shellcheck disable=SC2086 # PROXY_JVM and PROXY_ARGS are lists of options
java $PROXY_JVM -jar "$BSF" naf-proxy \
  --set naf-proxy.routes="$NAF=http://127.0.0.1:$upstream_port" \
  --set naf-proxy.listen-address=127.0.0.1 --set naf-proxy.port="$ua_port" \
  --set naf-proxy.origin-host="$NAF" --set naf-proxy.diameter-port="$proxy_diameter" \
  --set naf-proxy.bsf-peer=bsf.home1.net=127.0.0.1:3868 \
  --set admin.listen-address=127.0.0.1 --set admin.port="$proxy_admin" \
  ${PROXY_ARGS:-} > "$OUT/proxy.log" 2>&1 &
proxy=$!
pids+=("$proxy")
wait_for "$OUT/proxy.log" "Diameter peer bsf.home1.net is up" 60

ua=(--ua-per-bootstrap "$UA_PER_BOOTSTRAP" --naf-url "http://127.0.0.1:$ua_port/xcap-root/simservs.xml"
  --ua-host "$NAF")
if [ -n "$WARMUP" ] && [ "$WARMUP" != 0 ] && [ "$WARMUP" != 0s ]; then
  echo "warming up for $WARMUP (not reported) ..." >&2
  java -jar "$LT" run --rate "$RATE" --ramp 10s --duration "$WARMUP" "${ua[@]}" \
    --subscribers "$SUBSCRIBERS" --connections "$CONNECTIONS" > "$OUT/warmup.txt" 2>&1 || true
fi
# shellcheck disable=SC2086
java -jar "$LT" run --rate "$RATE" --ramp "$RAMP" --duration "$DURATION" "${ua[@]}" \
  --subscribers "$SUBSCRIBERS" --connections "$CONNECTIONS" --bsf-pid "$bsf" --proxy-pid "$proxy" \
  --label "$LABEL" --json "$OUT/report.json" --html "$OUT/report.html" ${RUN_ARGS:-} \
  2> "$OUT/loadtest.log" | tee "$OUT/report.txt"
status=${PIPESTATUS[0]}
echo "report: $OUT/report.html" >&2
[ -f "$OUT/report.json" ] && python3 - "$OUT/report.json" <<'EOF'
import json, sys
r = json.load(open(sys.argv[1]))
ua, errors = r.get("uaMs", {}), r.get("errors", {})
print("naf-proxy: %.0f bootstraps/s, %.0f Ua requests/s (%d per bootstrap); proxy CPU %s ms per Ua"
      " request (%s %% of one core); Ua p50 %.2f ms, p99 %.2f ms; errors %s"
      % (r["achievedBootstrapsPerSecond"], r.get("uaRequestsPerSecond", 0),
         r.get("uaPerBootstrap", 0),
         "%.3f" % r["proxyCpuPerUaRequestMs"] if "proxyCpuPerUaRequestMs" in r else "n/a",
         "%.0f" % r["proxyCpuPercent"] if "proxyCpuPercent" in r else "n/a",
         ua.get("p50", float("nan")), ua.get("p99", float("nan")),
         sum(errors.values()) if errors else "none"))
EOF
exit "$status"
