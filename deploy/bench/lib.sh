# Shared by the benchmark scripts: waiting for a process to be ready, and stopping every process
# started, whatever happens. Source it; add each started PID to the `pids` array.
pids=()
wait_for() { # file pattern seconds
  for _ in $(seq 1 "$3"); do grep -q "$2" "$1" 2>/dev/null && return 0; sleep 1; done
  echo "timed out waiting for '$2' in $1" >&2; return 1
}
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; wait 2>/dev/null || true; }
trap cleanup EXIT
