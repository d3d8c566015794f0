#!/usr/bin/env bash
# Runs real Apache Cassandra 5.0 nodes on this machine for development, until Ctrl-C.
#
#   deploy/cassandra-local.sh                      # one node on 127.0.0.1:9042
#   deploy/cassandra-local.sh --nodes 3            # 127.0.0.1, .2, .3 in one DC
#   deploy/cassandra-local.sh --nodes 2 --dcs 2    # one node in dc1, one in dc2
#   deploy/cassandra-local.sh --heap-mb 4096 --dir /var/tmp/bsf-cassandra
#
# Cassandra's jars come from Maven Central through the cassandra-local-runtime module; each node
# runs in its own JVM (see docs/storage.md, "Running a local node").
set -euo pipefail
cd "$(dirname "$0")/.."
./mvnw -q -pl cassandra-local -am install -DskipTests
exec ./mvnw -q -pl cassandra-local exec:java \
  -Dexec.mainClass=org.gbabsf.cassandra.local.LocalCassandraMain \
  -Dexec.args="$*"
