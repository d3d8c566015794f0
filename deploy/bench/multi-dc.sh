#!/usr/bin/env bash
# Geo-redundancy under load (issue #12): three sites on this machine sharing one Cassandra cluster.
# Each site is a Cassandra DC of one node (NetworkTopologyStrategy dc1=1,dc2=1,dc3=1, LOCAL_QUORUM),
# started by its own launcher (LocalCassandraMain --dcs 3 --nodes-per-dc 1 --site K), and its own
# BSF (cassandra.local-datacenter dcK, its own Ub, admin and Diameter ports and Origin-Host, one
# shared key ring); one Zh HSS simulator serves the three. The generator (`loadtest run`) spreads
# its UE connections over the three BSFs as a GSLB would and moves a UE to the next site when its
# BSF fails or answers 503; it runs one NAF per site (`--site-diameter`), and the NAF that asks
# about a B-TID is the one of the next live site after the site that made it, so every Zn query is
# a cross-site lookup of a B-TID made a moment ago.
#
# Phases, each measured by one `loadtest run` (RAMP, then DURATION):
#   1. all three sites up;
#   2. site 3 killed KILL_AFTER into the run: kill -9 of its Cassandra node and of its BSF;
#   3. site 2 killed the same way (site 1 alone);
#   4. sites 2 and 3 brought back (their nodes with --keep-data, their BSFs), hints replayed
#      (nodetool listpendinghints, up to HINTS_WAIT seconds), `nodetool repair -full` of the
#      keyspace, then all three measured again.
# At the end of each phase the script reads each live BSF's /metrics for the Zn re-reads
# (bsf_store_session_rereads_total, bsf_store_session_reread_delay_seconds: the replication delay
# a NAF saw); "n/a" where a BSF does not expose them.
#
# Writes $OUT/table.md (one row per phase), the generator's reports (phaseN.txt/.json) and every
# log. Exits non-zero if any bootstrap or Zn query of a surviving site failed (a site killed during
# a phase does not survive it; a Zn query survives if both the NAF's site and the site that made
# the B-TID did). The last line states the figures.
#
#   deploy/bench/multi-dc.sh                        # CI-short form: 150/s, 60 s per phase, < 10 min
#   DURATION=600s deploy/bench/multi-dc.sh          # the full run: the same with longer phases
#   SITE_CPU=40 RATE=160 deploy/bench/multi-dc.sh   # dimensioned: each site capped (see below)
#
# With SITE_CPU (percent of one core), each site's Cassandra node and BSF share a CFS quota of that
# much CPU (a cgroup, as a container limit sets one; needs root), so that a site has a capacity of
# its own instead of sharing the box with the others. The report then checks the operators'
# requirement against phase 1: one site down serves as much (within 3 %), two down at least half.
# Find the capacities first with a short run at a rate the sites cannot carry (each phase's figure
# is what its sites served; that run ends in FAIL, its overload counted as errors), then offer well
# under phase 1's figure: sites that come back in phase 4 replay hints and compact within their
# quota (at 30 % of a core and 77 % of phase 1, phase 4 failed; at 40 % and 42 % all passed). If
# site 1 alone cannot carry the rate in phase 3, the first requests it refuses with 503 (and calls
# the generator could not send) are counted there as refused, not failed.
#
# Environment: RATE (150), RAMP (10s), DURATION (60s), WARMUP (60s over the three sites first, not
# reported: eight cold JVMs share two cores), REWARMUP (30s, the same once sites 2 and 3 are back:
# their nodes and BSFs restart cold), KILL_AFTER (5s into the phase's run), ZN_PER_BOOTSTRAP (1), CONNECTIONS (300),
# SUBSCRIBERS (100000), CASSANDRA_HEAP_MB (1024 per node), BSF_HEAP (384m), HINTS_WAIT (90 s),
# FIRST_ADDRESS (11: nodes on 127.0.0.11, .12, .13; JMX on 127.0.0.1:7211..7213), SERVE_ARGS
# (more `--set key=value` for every BSF), SITE_CPU (none), CPU_PERIOD_MS (10, the quota's period),
# OUT.
set -euo pipefail
cd "$(dirname "$0")/../.."
RATE=${RATE:-150}
RAMP=${RAMP:-10s}
DURATION=${DURATION:-60s}
WARMUP=${WARMUP:-60s}
REWARMUP=${REWARMUP:-30s}
KILL_AFTER=${KILL_AFTER:-5s}
[[ "$KILL_AFTER" =~ ^[0-9]+s$ ]] || { echo "KILL_AFTER must be whole seconds, e.g. 5s" >&2; exit 2; }
ZN_PER_BOOTSTRAP=${ZN_PER_BOOTSTRAP:-1}
CONNECTIONS=${CONNECTIONS:-300}
SUBSCRIBERS=${SUBSCRIBERS:-100000}
CASSANDRA_HEAP_MB=${CASSANDRA_HEAP_MB:-1024}
BSF_HEAP=${BSF_HEAP:-384m}
HINTS_WAIT=${HINTS_WAIT:-90}
FIRST_ADDRESS=${FIRST_ADDRESS:-11}
SITE_CPU=${SITE_CPU:-0}
[[ "$SITE_CPU" =~ ^(0|[1-9][0-9]*)$ ]] || { echo "SITE_CPU must be a whole percentage, e.g. 40" >&2; exit 2; }
if [ "$SITE_CPU" -gt 0 ] && [ $(( ${CPU_PERIOD_MS:-10} * SITE_CPU )) -lt 100 ]; then
  echo "SITE_CPU $SITE_CPU % of a ${CPU_PERIOD_MS:-10} ms period is under the kernel's least quota (1 ms)" >&2
  exit 2
fi
OUT=${OUT:-target/bench/multi-dc}
KEYSPACE=bsf_multidc
BSF="bsf-server/target/bsf.jar"
LT=loadtest/target/loadtest.jar
SITES=(1 2 3)
began=$(date +%s)
mkdir -p "$OUT"
rm -f "$OUT"/phase* "$OUT"/metrics-* "$OUT"/table.md "$OUT"/*.log
[ -f "$BSF" ] && [ -f "$LT" ] || ./mvnw -q package -DskipTests
. deploy/bench/lib.sh
say() { echo "$(date +%T) $*" >&2; }
address() { echo "127.0.0.$((FIRST_ADDRESS + $1 - 1))"; }

declare -A launcher clog bsf_pid ub admin dia
# One launcher per site; its log names the node's PID ("Cassandra 127.0.0.x:9042 dc=… pid=N …").
start_cassandra() { # site [--keep-data]
  need_cassandra_local
  local k=$1
  shift
  clog[$k]="$OUT/cassandra-$k.$(date +%s).log"
  java -Xmx128m -cp "$CASSANDRA_LOCAL" org.gbabsf.cassandra.local.LocalCassandraMain \
    --first-address "$(address 1)" --dcs 3 --nodes-per-dc 1 --site "$k" \
    --heap-mb "$CASSANDRA_HEAP_MB" --dir "$OUT/cassandra" "$@" > "${clog[$k]}" 2>&1 &
  launcher[$k]=$!
  pids+=($!)
}
node_pids() { sed -n 's/^Cassandra .* pid=\([0-9]*\) .*/\1/p' "${clog[$1]}"; }
nodetool() { # address args...: Cassandra's nodetool through the node's local JMX
  java -Xmx128m -cp "$CASSANDRA_LOCAL" org.gbabsf.cassandra.local.LocalCassandraMain nodetool "$@"
}

ring_up() { # until site 1's node sees every node of the three DCs up (UN): the keyspace's
  # NetworkTopologyStrategy is refused for a DC the coordinator does not know yet
  for _ in $(seq 1 30); do
    [ "$(nodetool "$(address 1)" status 2> /dev/null | grep -c '^UN ')" -ge 3 ] && return 0
    sleep 2
  done
  echo "the ring did not show three nodes up" >&2
  return 1
}

start_bsf() { # site
  local k=$1
  # shellcheck disable=SC2086 # SERVE_ARGS is a list of options
  java -Xms"$BSF_HEAP" -Xmx"$BSF_HEAP" -XX:+UseG1GC -jar "$BSF" serve \
    --set store.type=cassandra --set store.seal.key-ring-file="$OUT/keyring" \
    --set cassandra.keyspace=$KEYSPACE \
    --set cassandra.replication=NetworkTopologyStrategy:dc1=1,dc2=1,dc3=1 \
    --set cassandra.local-datacenter="dc$k" --set cassandra.consistency=LOCAL_QUORUM \
    --set cassandra.contact-points="$(address "$k"):9042" \
    --set zh.peers="hss1.home1.net=127.0.0.1:$hss_port" \
    --set diameter.origin-host="bsf-$k.home1.net" --set diameter.listen-port="${dia[$k]}" \
    --set zn.enabled=true --set zn.nafs=naf.home1.net=default \
    --set ub.port="${ub[$k]}" --set admin.port="${admin[$k]}" ${SERVE_ARGS:-} \
    > "$OUT/bsf-$k.$(date +%s).log" 2>&1 &
  bsf_pid[$k]=$!
  pids+=($!)
}
ready() { # site: until its BSF's /ready answers 200 (HSS and Cassandra connected)
  wait_ready "http://127.0.0.1:${admin[$1]}/ready" 60 "${bsf_pid[$1]}"
}

cap_site() { # site: with SITE_CPU, its Cassandra node and BSF share one CPU quota
  [ "$SITE_CPU" -gt 0 ] || return 0
  # shellcheck disable=SC2046 # one PID per word
  cpu_cap "bsf-multidc-$$-site$1" "$SITE_CPU" $(node_pids "$1") "${bsf_pid[$1]}"
  say "site $1 capped at $SITE_CPU % of one core (Cassandra $(node_pids "$1" | tr '\n' ' ')and BSF ${bsf_pid[$1]})"
}

kill_site() { # site: kill -9 of its Cassandra node(s) and its BSF, as a site that loses power
  local k=$1 nodes
  nodes=$(node_pids "$k" | tr '\n' ' ')
  [ -n "$nodes" ] || { echo "no Cassandra PID in ${clog[$k]}" >&2; return 1; }
  # shellcheck disable=SC2086
  kill -9 ${nodes} "${bsf_pid[$k]}"
  wait "${bsf_pid[$k]}" 2> /dev/null || true # reaped here: no "Killed" line from the shell
  say "site $k killed: kill -9 of Cassandra $(address "$k") (PID ${nodes% }) and BSF (PID ${bsf_pid[$k]})"
  # The launcher outlives its nodes; stop it (it has nothing left to stop).
  kill "${launcher[$k]}" 2>/dev/null || true
}

scrape() { # phase when: each live BSF's /metrics, empty for a dead one
  for k in "${SITES[@]}"; do
    curl -s --max-time 2 "http://127.0.0.1:${admin[$k]}/metrics" \
      > "$OUT/metrics-phase$1-$2-site$k.prom" 2>/dev/null || true
  done
}

run_load() { # json label duration [out]: one `loadtest run` over the three sites
  local targets=(--bsf "http://127.0.0.1:${ub[1]}/")
  for k in 2 3; do targets+=(--also-bsf "http://127.0.0.1:${ub[$k]}/"); done
  for k in "${SITES[@]}"; do targets+=(--site-diameter "bsf-$k.home1.net=127.0.0.1:${dia[$k]}"); done
  java -Xms256m -Xmx512m -jar "$LT" run --rate "$RATE" --ramp "$RAMP" --duration "$3" \
    --subscribers "$SUBSCRIBERS" --connections "$CONNECTIONS" "${targets[@]}" \
    --zn-per-bootstrap "$ZN_PER_BOOTSTRAP" --naf-port "$(free_port_run 3)" --bsf-metrics none \
    --label "$2" --json "$1"
}

phase() { # n label survivors kill_site(or -)
  local n=$1 label=$2 survivors=$3 victim=$4 load
  say "phase $n: $label"
  scrape "$n" before
  run_load "$OUT/phase$n.json" "phase $n: $label" "$DURATION" > "$OUT/phase$n.txt" \
    2> "$OUT/phase$n.log" &
  load=$!
  if [ "$victim" != - ]; then
    sleep "${KILL_AFTER%s}"
    kill_site "$victim"
  fi
  wait "$load" || true # the verdict comes from the per-site figures
  scrape "$n" after
  echo "$n|$label|$survivors" >> "$OUT/phases.txt"
}

# ---- start: HSS, site 1's node, then sites 2 and 3 (they join through the seeds) ----
hss_port=$(free_port)
# Below the ephemeral range: sites 2 and 3 bind their ports again in phase 4, after the generator's
# connections have used the ephemeral ports for a while.
mapfile -t ports < <(listen_ports 9)
[ "${#ports[@]}" -eq 9 ] || { echo "no free ports for the three sites" >&2; exit 1; }
for k in "${SITES[@]}"; do
  ub[$k]=${ports[3 * k - 3]}; admin[$k]=${ports[3 * k - 2]}; dia[$k]=${ports[3 * k - 1]}
done
: > "$OUT/phases.txt"
java -Xms256m -Xmx256m -XX:+UseParallelGC -jar "$LT" hss --generated-count "$SUBSCRIBERS" \
  --port "$hss_port" > "$OUT/hss.log" 2>&1 &
pids+=($!)
say "starting Cassandra: site 1 ($(address 1)), then sites 2 and 3"
start_cassandra 1
wait_for "${clog[1]}" "Ready." 180
start_cassandra 2
start_cassandra 3
wait_for "${clog[2]}" "Ready." 180
wait_for "${clog[3]}" "Ready." 180
wait_for "$OUT/hss.log" "listening on" 60
ring_up
key_ring "$OUT/keyring" # one ring for every site: each opens what another sealed
start_bsf 1
ready 1 # site 1 creates the keyspace first
start_bsf 2
start_bsf 3
ready 2
ready 3
for k in "${SITES[@]}"; do cap_site "$k"; done
started=$(date +%s)
say "three sites up after $((started - began)) s"
if [ "${WARMUP%s}" != 0 ]; then
  say "warm-up: $WARMUP at $RATE/s over the three sites (not reported)"
  run_load "$OUT/warmup.json" warm-up "$WARMUP" > "$OUT/warmup.txt" 2>&1 || true
fi

phase 1 "all three sites up" 1,2,3 -
phase 2 "site 3 killed" 1,2 3
phase 3 "site 2 killed, site 1 alone" 1 2

# ---- phase 4: bring sites 2 and 3 back, replay hints, repair ----
t0=$(date +%s)
say "bringing sites 2 and 3 back with their data"
nodetool "$(address 1)" sethintedhandoffthrottlekb 0 > /dev/null 2>&1 || true # unthrottled replay
start_cassandra 2 --keep-data
start_cassandra 3 --keep-data
wait_for "${clog[2]}" "Ready." 180
wait_for "${clog[3]}" "Ready." 180
nodetool "$(address 2)" sethintedhandoffthrottlekb 0 > /dev/null 2>&1 || true
start_bsf 2
start_bsf 3
ready 2
ready 3
cap_site 2
cap_site 3
t1=$(date +%s)
say "sites 2 and 3 serving again after $((t1 - t0)) s; waiting for hints (at most $HINTS_WAIT s)"
pending=""
for _ in $(seq 1 "$HINTS_WAIT"); do
  pending=""
  for k in 1 2; do
    if ! nodetool "$(address "$k")" listpendinghints 2>/dev/null \
      | grep -q "does not have any pending hints"; then
      pending+=" $(address "$k")"
    fi
  done
  [ -z "$pending" ] && break
  [ $(( $(date +%s) - t1 )) -ge "$HINTS_WAIT" ] && break
  sleep 2
done
t2=$(date +%s)
if [ -n "$pending" ]; then
  say "hints still pending on$pending after $((t2 - t1)) s"
else
  say "hints replayed after $((t2 - t1)) s"
fi
say "nodetool repair -full $KEYSPACE on $(address 1)"
repair_status=0
nodetool "$(address 1)" repair -full "$KEYSPACE" > "$OUT/repair.log" 2>&1 || repair_status=$?
t3=$(date +%s)
say "repair exited $repair_status after $((t3 - t2)) s"
if [ "${REWARMUP%s}" != 0 ]; then
  say "warm-up: $REWARMUP at $RATE/s over the three sites (not reported; sites 2 and 3 restarted cold)"
  run_load "$OUT/warmup-4.json" warm-up "$REWARMUP" > "$OUT/warmup-4.txt" 2>&1 || true
fi
cat > "$OUT/recovery.txt" << EOF
sites serving again (nodes with --keep-data, BSFs ready): $((t1 - t0)) s
hints: $([ -z "$pending" ] && echo "none pending after $((t2 - t1)) s" || echo "still pending on$pending after $((t2 - t1)) s")
repair -full $KEYSPACE: exit $repair_status, $((t3 - t2)) s
EOF
phase 4 "sites 2 and 3 back, hints replayed, repaired" 1,2,3 -

say "stopping every process"
cleanup # before the verdict, so that the wall time includes the teardown
trap - EXIT
ended=$(date +%s)
exec python3 deploy/bench/multi-dc-report.py "$OUT" "$RATE" "$((ended - began))" "$repair_status" \
  "$SITE_CPU"
