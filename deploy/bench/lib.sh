# shellcheck shell=bash
# Shared by the benchmark scripts: waiting for a process to be ready, and stopping every process
# started, whatever happens. Source it; add each started PID to the `pids` array.
pids=()
# The local Cassandra launcher (cassandra-local) ships in the demo's jar, not in the server's:
# call need_cassandra_local before starting a node.
CASSANDRA_LOCAL=bsf-demo/target/bsf-demo.jar
need_cassandra_local() {
  [ -f "$CASSANDRA_LOCAL" ] || ./mvnw -q -pl bsf-demo -am package -DskipTests
}
wait_for() { # file pattern seconds
  for _ in $(seq 1 "$3"); do grep -q "$2" "$1" 2>/dev/null && return 0; sleep 1; done
  echo "timed out waiting for '$2' in $1" >&2; return 1
}
wait_ready() { # url seconds [pid]: until url (a BSF's /ready) answers 200, polled every 0.5 s;
  # fails at once if process pid exits first
  for _ in $(seq 1 $(( $2 * 2 ))); do
    [ "$(curl -s -o /dev/null -w '%{http_code}' --max-time 1 "$1")" = 200 ] && return 0
    if [ -n "${3:-}" ] && ! kill -0 "$3" 2>/dev/null; then
      echo "process $3 exited before $1 answered 200" >&2; return 1
    fi
    sleep 0.5
  done
  echo "timed out waiting for $1" >&2; return 1
}
cgroups=()
cleanup() {
  for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  for g in "${cgroups[@]}"; do rmdir "$g" 2>/dev/null || true; done
}
trap cleanup EXIT
free_port() { # a free TCP port on loopback
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'
}
listen_ports() { # n: n distinct free TCP ports below the ephemeral range, one per line, for
  # servers that may bind again later (a restarted site): a port from the ephemeral range can
  # meanwhile be taken as the local port of some client connection, and the second bind then fails
  python3 - "$1" <<'PY'
import random, socket, sys
n = int(sys.argv[1])
low = int(open("/proc/sys/net/ipv4/ip_local_port_range").read().split()[0])
base = 10000 if low > 11000 else 1024
chosen = []
for _ in range(100 * n):
    if len(chosen) == n:
        break
    p = random.randrange(base, low)
    s = socket.socket()
    try:
        s.bind(("0.0.0.0", p))
        if p not in chosen:
            chosen.append(p)
    except OSError:
        pass
    finally:
        s.close()
if len(chosen) < n:
    raise SystemExit("no free ports below the ephemeral range")
print("\n".join(map(str, chosen)))
PY
}
free_port_run() { # n: the first of n consecutive free TCP ports on loopback (loadtest run binds
  # --naf-port and the ports after it for its NAFs)
  python3 - "$1" <<'PY'
import socket, sys
n = int(sys.argv[1])
for _ in range(200):
    s = socket.socket(); s.bind(("127.0.0.1", 0)); base = s.getsockname()[1]; s.close()
    held = []
    try:
        for p in range(base, base + n):
            t = socket.socket(); t.bind(("127.0.0.1", p)); held.append(t)
        print(base); break
    except OSError:
        pass
    finally:
        for t in held: t.close()
else:
    sys.exit("no run of free ports")
PY
}
jvm_figures() { # pid: "rss_kb heap_after_full_gc_kb threads fds" of a JVM
  jcmd "$1" GC.run > /dev/null
  local heap
  heap=$(jcmd "$1" GC.heap_info | sed -n 's/.*used \([0-9]*\)K.*/\1/p' | head -1)
  echo "$(awk '/VmRSS/ {print $2}' "/proc/$1/status") $heap \
$(awk '/Threads/ {print $2}' "/proc/$1/status") $(ls "/proc/$1/fd" | wc -l)"
}
within() { # before after slack: true if after is within 10 % of before, or within the slack
  python3 -c "import sys; b,a,s=map(float,sys.argv[1:]); sys.exit(0 if a <= max(b*1.10, b+s) else 1)" "$@"
}
start_hss_and_cassandra() { # out_dir hss_port cassandra_address: Zh HSS simulator and one node
  need_cassandra_local
  java -Xms256m -Xmx256m -XX:+UseParallelGC -jar "$LT" hss --generated-count 100000 \
    --port "$2" > "$1/hss.log" 2>&1 &
  pids+=($!)
  java -cp "$CASSANDRA_LOCAL" org.gbabsf.cassandra.local.LocalCassandraMain --nodes 1 --heap-mb 1024 \
    --first-address "$3" --dir "$1/cassandra" > "$1/cassandra.log" 2>&1 &
  pids+=($!)
  wait_for "$1/hss.log" "listening on" 60
  wait_for "$1/cassandra.log" "Ready." 180
}
cassandra_node_pids() { # launcher_pid: the Cassandra node JVMs it started, comma-separated (warns if none)
  local found
  found=$(pgrep -d, -P "$1" || true)
  [ -n "$found" ] || echo "warning: no Cassandra node process found; its CPU is not reported" >&2
  echo "$found"
}
key_ring() { # file: a key ring of one new key (store.seal.key-ring-file), made by the BSF jar
  java -jar "$BSF" keyring new > "$1"
}
cpu_cap() { # name percent pid...: the processes share a CFS quota of percent % of one core per
  # CPU_PERIOD_MS (10 ms), as a container CPU limit sets one, in cgroup `name` (v1 cpu or v2, made
  # on first use, removed by cleanup); later calls with the same name add processes to it. Needs
  # root and a writable cpu controller.
  local name=$1 pct=$2 period=$(( ${CPU_PERIOD_MS:-10} * 1000 )) cg
  shift 2
  local quota=$(( period * pct / 100 ))
  if [ "$quota" -lt 1000 ]; then # the kernel's least quota is 1 ms
    echo "a quota of $pct % of a ${CPU_PERIOD_MS:-10} ms period is under 1 ms: use a longer CPU_PERIOD_MS" >&2
    return 1
  fi
  if [ -d /sys/fs/cgroup/cpu ] && [ -w /sys/fs/cgroup/cpu ]; then
    cg=/sys/fs/cgroup/cpu/$name
    if [ ! -d "$cg" ]; then
      mkdir "$cg" && cgroups+=("$cg")
      echo "$period" > "$cg/cpu.cfs_period_us"
      echo "$quota" > "$cg/cpu.cfs_quota_us"
    fi
  elif [ -f /sys/fs/cgroup/cgroup.controllers ] && [ -w /sys/fs/cgroup ]; then
    if ! grep -qw cpu /sys/fs/cgroup/cgroup.subtree_control \
      && ! echo +cpu > /sys/fs/cgroup/cgroup.subtree_control; then
      echo "cannot enable the cpu controller for child cgroups (cgroup v2)" >&2
      return 1
    fi
    cg=/sys/fs/cgroup/$name
    if [ ! -d "$cg" ]; then
      mkdir "$cg" && cgroups+=("$cg")
      echo "$quota $period" > "$cg/cpu.max"
    fi
  else
    echo "cannot set a CPU quota (needs root and a writable cgroup cpu controller)" >&2
    return 1
  fi
  for p in "$@"; do echo "$p" > "$cg/cgroup.procs"; done # every thread of each process
}
outside_quota() { # pid pattern: moves the threads of pid whose name matches the extended regex
  # pattern back to the root cpu cgroup, out of cpu_cap's quota. cgroup v1 only (v2 moves whole
  # processes). Returns 0 if every matching thread moved, 1 if none did (none matched, or v2),
  # 2 if only some did.
  local pid=$1 pattern=$2 moved=0 failed=0 t
  [ -w /sys/fs/cgroup/cpu/tasks ] || return 1
  for t in /proc/"$pid"/task/*; do
    if grep -qE "$pattern" "$t/comm"; then
      if echo "${t##*/}" > /sys/fs/cgroup/cpu/tasks; then
        moved=$((moved + 1))
      else
        failed=$((failed + 1))
      fi
    fi
  done
  if [ "$moved" -eq 0 ]; then return 1; fi
  if [ "$failed" -gt 0 ]; then return 2; fi
  return 0
}
threads_cpu_ms() { # pid pattern: CPU (user + system, ms) of the threads of pid whose name matches
  local total=0 hz t f
  hz=$(getconf CLK_TCK)
  for t in /proc/"$1"/task/*; do
    if grep -qE "$2" "$t/comm" 2>/dev/null; then
      read -r -a f < <(sed 's/^.*) //' "$t/stat") # from field 3 on: utime is field 14, stime 15
      total=$((total + f[11] + f[12]))
    fi
  done
  echo $((total * 1000 / hz))
}
