#!/usr/bin/env bash
# Socket-level fuzzing of a BSF's Diameter port (`loadtest diameter-fuzz`), checking that it leaves
# the BSF as it found it: RSS, heap after a full GC, threads and open file descriptors within 10 %
# of their values before the run (after a short warm-up, so that JIT and pools are in place).
# Exits non-zero if a figure grew past that, or if the BSF died. The last line states the figures.
#
#   deploy/bench/diameter-fuzz.sh                 # 10 minutes, seed 1
#   FUZZ_DURATION=60s FUZZ_SEED=7 deploy/bench/diameter-fuzz.sh
#
# Environment: FUZZ_DURATION (default 10m), FUZZ_WARMUP (default 30s), FUZZ_SEED (default 1),
# OUT (default target/bench/diameter-fuzz).
set -euo pipefail
cd "$(dirname "$0")/../.."
DURATION=${FUZZ_DURATION:-10m}
WARMUP=${FUZZ_WARMUP:-30s}
SEED=${FUZZ_SEED:-1}
OUT=${OUT:-target/bench/diameter-fuzz}
BSF="bsf-server/target/bsf.jar"
LT=loadtest/target/loadtest.jar
mkdir -p "$OUT"
[ -f "$BSF" ] && [ -f "$LT" ] || ./mvnw -q package -DskipTests

. deploy/bench/lib.sh

port=$(free_port)
java -Xms256m -Xmx256m -XX:+AlwaysPreTouch -jar "$BSF" serve --set hss.type=simulated --set ub.port=0 \
  --set admin.port=0 --set diameter.listen-port="$port" --set zn.nafs=naf.fuzz.test=default \
  > "$OUT/bsf.log" 2>&1 &
bsf=$!
pids+=("$bsf")
wait_for "$OUT/bsf.log" "BSF .* started" 60

java -jar "$LT" diameter-fuzz --target "127.0.0.1:$port" --duration "$WARMUP" --seed 0 \
  > "$OUT/warmup.txt" 2>&1
read -r rss0 heap0 thr0 fd0 <<< "$(jvm_figures "$bsf")"
java -jar "$LT" diameter-fuzz --target "127.0.0.1:$port" --duration "$DURATION" --seed "$SEED" \
  | tee "$OUT/fuzz.txt"
kill -0 "$bsf" || { echo "FAIL: the BSF died"; exit 1; }
read -r rss1 heap1 thr1 fd1 <<< "$(jvm_figures "$bsf")"

status=0
within "$rss0" "$rss1" 0 || status=1
within "$heap0" "$heap1" 2048 || status=1
within "$thr0" "$thr1" 2 || status=1
within "$fd0" "$fd1" 3 || status=1
grep -c "ERROR\|Exception" "$OUT/bsf.log" > "$OUT/errors.txt" || true
verdict=$([ $status = 0 ] && echo PASS || echo FAIL)
echo "$verdict: RSS ${rss0} -> ${rss1} kB, heap after GC ${heap0} -> ${heap1} kB, threads ${thr0} -> ${thr1}, fds ${fd0} -> ${fd1}; ERROR/exception lines in the BSF log: $(cat "$OUT/errors.txt")"
exit $status
