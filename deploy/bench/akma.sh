#!/usr/bin/env bash
# The AAnF of AKMA (Naanf_AKMA, TS 29.535) under load, everything on this machine, each in its own
# JVM: an NRF key with an AUSF token and an AF token (`loadtest nrf --also`), the BSF (`bsf.jar
# serve`) with sbi.enabled and aanf.enabled, its contexts in memory (STORE=memory, default) or in a
# local Cassandra node (STORE=cassandra, sealed with a key ring), and `loadtest akma`: an AUSF
# registering anchor keys at REGISTER_RATE, then an AF retrieving K_AF at RETRIEVE_RATE, each key
# checked against the UE's derivation. Each phase prints its rate, latency and the AAnF's CPU per
# call (from /proc, measured phase only); accepted access tokens are cached by the AAnF.
#
#   deploy/bench/akma.sh                                          # memory, 500 reg/s, 2000 get/s
#   STORE=cassandra deploy/bench/akma.sh                          # registrations with Cassandra
#   REGISTER_RATE=50 RETRIEVE_RATE=100 DURATION=5s WARMUP=2s deploy/bench/akma.sh   # smoke run
#
# Environment: STORE (memory|cassandra), REGISTER_RATE, RETRIEVE_RATE, POPULATION, DURATION and
# WARMUP (per phase), JVM_OPTIONS (the BSF's options file), SERVE_ARGS (more `--set key=value`),
# AKMA_ARGS (more `loadtest akma` options), LABEL, OUT. The BSF is configured with `--set` only:
# it refuses unknown BSF_* environment variables, so none is exported here.
set -euo pipefail
cd "$(dirname "$0")/../.."
STORE=${STORE:-memory}
REGISTER_RATE=${REGISTER_RATE:-500}
RETRIEVE_RATE=${RETRIEVE_RATE:-2000}
POPULATION=${POPULATION:-10000}
DURATION=${DURATION:-30s}
WARMUP=${WARMUP:-10s}
JVM_OPTIONS=${JVM_OPTIONS:-deploy/jvm/bsf-2-cores.options}
case "$STORE" in
  memory|cassandra) ;;
  *) echo "STORE must be memory or cassandra, not '$STORE'" >&2; exit 2 ;;
esac
LABEL=${LABEL:-akma-$STORE-$REGISTER_RATE-$RETRIEVE_RATE}
OUT=${OUT:-target/bench/$LABEL}
BSF="bsf-server/target/bsf.jar"
LT=loadtest/target/loadtest.jar
mkdir -p "$OUT"
[ -f "$BSF" ] && [ -f "$LT" ] || ./mvnw -q package -DskipTests

. deploy/bench/lib.sh

uuid() { python3 -c 'import uuid; print(uuid.uuid4())'; }
aanf_id=$(uuid)
ausf_id=$(uuid)
af_id=$(uuid)
AF=af.home1.net
java -jar "$LT" nrf --out "$OUT/nrf" --subject "$af_id" --audience "$aanf_id" \
  --scope "naanf-akma naanf-akma:applicationkeyget" \
  --also "ausf-token:$ausf_id:naanf-akma naanf-akma:anchorkey" > "$OUT/nrf.log"

sbi_port=$(free_port)
serve=(--set hss.type=simulated --set sbi.enabled=true --set sbi.listen-address=127.0.0.1
  --set sbi.port="$sbi_port"
  --set aanf.enabled=true --set aanf.nf-instance-id="$aanf_id"
  --set aanf.oauth2.nrf-keys="$OUT/nrf/nrf.pem" --set aanf.ausfs="$ausf_id"
  --set aanf.afs="$af_id=bench" --set aanf.af-fqdns="$af_id=$AF"
  --set aanf.memory.max-contexts="$(( POPULATION * 2 ))")
if [ "$STORE" = cassandra ]; then
  need_cassandra_local
  java -cp "$CASSANDRA_LOCAL" org.gbabsf.cassandra.local.LocalCassandraMain --nodes 1 \
    --heap-mb 1024 --first-address 127.0.0.61 --dir "$OUT/cassandra" > "$OUT/cassandra.log" 2>&1 &
  pids+=($!)
  wait_for "$OUT/cassandra.log" "Ready." 180
  java -jar "$BSF" keyring new > "$OUT/keyring"
  serve+=(--set store.type=cassandra --set cassandra.contact-points=127.0.0.61:9042
    --set cassandra.local-datacenter=datacenter1 --set store.seal.key-ring-file="$OUT/keyring")
else
  serve+=(--set store.type=memory)
fi

# shellcheck disable=SC2086
java @"$JVM_OPTIONS" -jar "$BSF" serve "${serve[@]}" ${SERVE_ARGS:-} > "$OUT/bsf.log" 2>&1 &
bsf=$!
pids+=("$bsf")
wait_for "$OUT/bsf.log" "started" 60
wait_ready http://127.0.0.1:9090/ready 120 "$bsf"

# shellcheck disable=SC2086
java -jar "$LT" akma --aanf-url "http://127.0.0.1:$sbi_port" \
  --ausf-token-file "$OUT/nrf/ausf-token" --af-token-file "$OUT/nrf/token" --af-fqdn "$AF" \
  --population "$POPULATION" --register-rate "$REGISTER_RATE" --retrieve-rate "$RETRIEVE_RATE" \
  --duration "$DURATION" --warmup "$WARMUP" --aanf-pid "$bsf" ${AKMA_ARGS:-} \
  2> "$OUT/loadtest.log" | tee "$OUT/report.txt"
exit "${PIPESTATUS[0]}"
