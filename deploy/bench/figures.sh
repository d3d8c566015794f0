#!/usr/bin/env bash
# The figures of docs/benchmarks.md, on this machine, one run after the other (about an hour).
# Each run: HSS simulator over Zh, BSF with deploy/jvm/bsf-2-cores.options, open-loop generator,
# 120 s unreported warm-up, 30 s ramp, 60 s measured; reports under target/bench/<label>/.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit
export WARMUP=${WARMUP:-120s} RAMP=${RAMP:-30s} DURATION=${DURATION:-60s}
B=deploy/bench/bench.sh

# 2. the highest rate whose p99 (first request -> 401) stays <= 10 ms, memory store
for rate in ${RATES:-1500 2000 2500}; do
  RATE=$rate LABEL=memory-$rate LIVE_HEAP=1 $B > /dev/null 2>&1
  grep -E '^\| [0-9]' target/bench/memory-$rate/report.txt | sed "s/^/memory $rate: /"
done
# 3. the peak with the box saturated; the in-memory store needs a heap for ~5 minutes of sessions
mkdir -p target/bench
sed -e 's/^-Xms512m/-Xms4g/' -e 's/^-Xmx512m/-Xmx4g/' deploy/jvm/bsf-2-cores.options \
  > target/bench/bsf-2-cores-4g.options
RATE=${PEAK_OFFERED:-5000} LABEL=memory-peak JVM_OPTIONS=target/bench/bsf-2-cores-4g.options \
  $B > /dev/null 2>&1
grep -E '^\| [0-9]|^errors' target/bench/memory-peak/report.txt | sed "s/^/peak: /"
# 7. where the CPU goes, at 2000/s
PROFILE=async RATE=2000 LABEL=profile-2000 $B > /dev/null 2>&1
head -25 target/bench/profile-2000/profile.txt
# 5. storage limit, then the BSF on the same Cassandra (cassandra challenge mode), saturated
mkdir -p target/bench/storage-limit
[ -f bsf-demo/target/bsf-demo.jar ] || ./mvnw -q -pl bsf-demo -am package -DskipTests
java -cp bsf-demo/target/bsf-demo.jar org.gbabsf.cassandra.local.LocalCassandraMain --nodes 1 \
  --heap-mb 2048 --dir target/bench/storage-limit/cassandra > target/bench/storage-limit/cassandra.log 2>&1 &
cass=$!
for _ in $(seq 1 120); do grep -q "Ready." target/bench/storage-limit/cassandra.log && break; sleep 1; done
cpid=$(pgrep -f "ParentWatchingCassandraMain" | head -1)
java -jar loadtest/target/loadtest.jar storage-limit --warm-up 90s --duration 60s \
  --cassandra-pid "$cpid" --json target/bench/storage-limit/report.json 2>/dev/null
kill $cass; wait $cass 2>/dev/null
STORE=cassandra CHALLENGES=cassandra RATE=${CASSANDRA_PEAK_OFFERED:-4000} LABEL=cassandra-peak $B > /dev/null 2>&1
grep -E '^\| [0-9]|^errors' target/bench/cassandra-peak/report.txt | sed "s/^/cassandra peak: /"
# 4. live heap with Cassandra (the BSF holds no session)
STORE=cassandra CHALLENGES=hybrid RATE=1000 LABEL=hybrid-1000 LIVE_HEAP=1 $B > /dev/null 2>&1
grep -E '^\| [0-9]|^errors|live heap' target/bench/hybrid-1000/report.txt | sed "s/^/hybrid 1000: /"
# 6. the three challenge-store modes at one rate, each BSF warmed up
RATE=${MODES_RATE:-500} WARMUP=60s MODE_WARMUP=60s deploy/bench/store-modes.sh 2>/dev/null
