#!/usr/bin/env bash
# Runs real Apache Cassandra 5.0 nodes on this machine for development, until Ctrl-C.
#
#   deploy/cassandra-local.sh                      # one node on 127.0.0.1:9042
#   deploy/cassandra-local.sh --nodes 3            # 127.0.0.1, .2, .3 in one DC
#   deploy/cassandra-local.sh --nodes 2 --dcs 2    # one node in dc1, one in dc2
#   deploy/cassandra-local.sh --heap-mb 4096 --dir /var/tmp/bsf-cassandra
#   deploy/cassandra-local.sh --first-address 127.0.0.11 --dcs 3 --nodes-per-dc 1 --site 2
#                                                  # only dc2's node (127.0.0.12) of a 3-DC cluster;
#                                                  # one launcher per site forms one cluster
#   deploy/cassandra-local.sh ... --keep-data      # start again on the data a killed node left
#   deploy/cassandra-local.sh nodetool 127.0.0.11 repair -full bsf   # Cassandra's nodetool (JMX)
#
# Each node's line gives its PID (to kill -9 a site) and its JMX port (127.0.0.1:7200 + the last
# octet of its address, local clients only).
#
# Cassandra's jars come from Maven Central through the cassandra-local-runtime module; each node
# runs in its own JVM (see docs/storage.md, "Running a local node").
set -euo pipefail
cd "$(dirname "$0")/.."
./mvnw -q -pl cassandra-local -am install -DskipTests
exec ./mvnw -q -pl cassandra-local exec:java \
  -Dexec.mainClass=org.gbabsf.cassandra.local.LocalCassandraMain \
  -Dexec.args="$*"
