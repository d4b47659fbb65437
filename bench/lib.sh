# shellcheck shell=bash disable=SC2119,SC2120
# bench/lib.sh: helpers for bench/run.sh (sourced, bash only).
#
# Every command run from here is wrapped in `timeout`, so a benchmark can
# fail (its cell then reads "n/a") but never hang.
#
# Tunables (environment):
#   BENCH_RUNS      runs per measurement, median taken          (default 10)
#   BENCH_TIMEOUT   seconds allowed for one command run         (default 30)
#   ATTACH_TIMEOUT  seconds to wait for a tracer to attach      (default 30)
#   BENCH_SETTLE    seconds slept after the attach message,
#                   because both tracers print it before the
#                   probes are actually enabled                 (default 0.5)

BENCH_RUNS=${BENCH_RUNS:-10}
BENCH_TIMEOUT=${BENCH_TIMEOUT:-30}
ATTACH_TIMEOUT=${ATTACH_TIMEOUT:-30}
BENCH_SETTLE=${BENCH_SETTLE:-0.5}
TRACER_MAX=${TRACER_MAX:-600}	# hard cap on the life of a background tracer
TRACER_PID=

log() { printf 'bench: %s\n' "$*" >&2; }

# now_us: wall clock in microseconds, without forking.
now_us() { local t=${EPOCHREALTIME/./}; echo "${t#0}"; }

# tmo SECS CMD...: run CMD under timeout, then SIGKILL whatever is left of
# the process group timeout made (a command that dies on SIGTERM, like
# hyperfine or /usr/bin/time, can leave a child that ignores it).
tmo() {
	local secs=$1 pid rc
	shift
	timeout -k 5 "$secs" "$@" &
	pid=$!
	wait "$pid"
	rc=$?
	kill -KILL -- "-$pid" 2>/dev/null
	return $rc
}

isnum() { [[ $1 =~ ^-?[0-9]+(\.[0-9]+)?$ ]]; }

# median [FMT]: median of the numbers on stdin (one per line, other lines
# ignored); prints "n/a" if there are none.  FMT defaults to %.1f.
median() {
	grep -E '^-?[0-9]+(\.[0-9]+)?$' | sort -g |
	awk -v fmt="${1:-%.1f}" '{ v[NR] = $1 }
	    END { if (NR == 0) { print "n/a"; exit }
		  m = NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2
		  printf fmt "\n", m }'
}

# fsub A B, fdiv A B [FMT]: arithmetic that propagates "n/a".
fsub() {
	isnum "$1" && isnum "$2" || { echo n/a; return; }
	awk -v a="$1" -v b="$2" 'BEGIN { printf "%.1f\n", a - b }'
}
fdiv() {
	isnum "$1" && isnum "$2" || { echo n/a; return; }
	awk -v a="$1" -v b="$2" -v fmt="${3:-%.2f}" \
	    'BEGIN { if (b == 0) print "n/a"; else printf fmt "\n", a / b }'
}

# run_n N CMD...: run CMD N times (stdin /dev/null, each under timeout),
# printing each run's stdout.  Stops at the first failing run (returns 1).
run_n() {
	local n=$1 i
	shift
	for ((i = 0; i < n; i++)); do
		tmo "$BENCH_TIMEOUT" "$@" </dev/null || {
			log "failed (rc $?): $*"
			return 1
		}
	done
}

# time_n N CMD...: run CMD N times, printing the wall time of each run in
# ms (stdout and stderr of CMD discarded).  Stops at the first failure.
time_n() {
	local n=$1 i t0 t1
	shift
	for ((i = 0; i < n; i++)); do
		t0=$(now_us)
		tmo "$BENCH_TIMEOUT" "$@" </dev/null >/dev/null 2>&1 || {
			log "failed (rc $?): $*"
			return 1
		}
		t1=$(now_us)
		awk -v d=$((t1 - t0)) 'BEGIN { printf "%.2f\n", d / 1000 }'
	done
}

# wall_ms CMD...: median wall time in ms of BENCH_RUNS runs of CMD, or n/a.
# Uses hyperfine (-N: no intermediate shell) when installed, else time_n.
# One trial run first, so a failing or hanging CMD costs one timeout.
wall_ms() {
	local json
	time_n 1 "$@" >/dev/null || { echo n/a; return; }
	if command -v hyperfine >/dev/null 2>&1; then
		json=$(mktemp)
		local q="" a
		for a in "$@"; do q+=" $(printf '%q' "$a")"; done
		if tmo $((BENCH_TIMEOUT * (BENCH_RUNS + 1))) \
		    hyperfine -N --style none --runs "$BENCH_RUNS" \
		    --export-json "$json" -- "${q# }" >/dev/null 2>&1 </dev/null; then
			sed -n 's/^ *"median": *\([0-9.eE+-]*\),*$/\1/p' "$json" | head -n 1 |
			    awk '{ printf "%.1f\n", $1 * 1000 }'
		else
			log "failed under hyperfine: $*"
			echo n/a
		fi
		rm -f "$json"
	else
		time_n "$BENCH_RUNS" "$@" | median
	fi
}

# tracer_start BASE PATTERN CMD...: start CMD in the background (stdout to
# BASE.out, stderr to BASE.err), then wait until the extended regexp PATTERN
# appears in either, plus BENCH_SETTLE seconds.  Returns 0 once attached, 1
# if CMD exits first or ATTACH_TIMEOUT passes (the tracer is then stopped).
# Sets TRACER_PID.  Only one tracer at a time.
tracer_start() {
	local base=$1 pat=$2 deadline
	shift 2
	tracer_stop
	: >"$base.out"
	: >"$base.err"
	# timeout makes its own process group: tracer_stop can kill it whole.
	timeout -k 5 "$TRACER_MAX" "$@" >"$base.out" 2>"$base.err" </dev/null &
	TRACER_PID=$!
	deadline=$(($(now_us) + ATTACH_TIMEOUT * 1000000))
	while :; do
		if grep -Eq -- "$pat" "$base.out" "$base.err" 2>/dev/null; then
			sleep "$BENCH_SETTLE"
			kill -0 "$TRACER_PID" 2>/dev/null && return 0
		fi
		if ! kill -0 "$TRACER_PID" 2>/dev/null; then
			wait "$TRACER_PID" 2>/dev/null
			log "tracer exited before attaching (rc $?): $*"
			sed 's/^/bench:   | /' "$base.err" | head -n 5 >&2
			TRACER_PID=
			return 1
		fi
		if (($(now_us) > deadline)); then
			log "tracer did not attach within ${ATTACH_TIMEOUT}s: $*"
			sed 's/^/bench:   | /' "$base.err" | head -n 5 >&2
			tracer_stop
			return 1
		fi
		sleep 0.05
	done
}

# tracer_stop: SIGTERM the tracer (background jobs have SIGINT ignored),
# give it 10 s to finish (it may print aggregations), then SIGKILL its
# process group.  Returns the tracer's exit status.
tracer_stop() {
	local pid=$TRACER_PID i rc
	[ -n "$pid" ] || return 0
	TRACER_PID=
	kill -TERM "$pid" 2>/dev/null
	for ((i = 0; i < 100; i++)); do
		kill -0 "$pid" 2>/dev/null || break
		sleep 0.1
	done
	if kill -0 "$pid" 2>/dev/null; then
		log "tracer $pid ignored SIGTERM; killing it"
		kill -KILL -- "-$pid" 2>/dev/null || kill -KILL "$pid" 2>/dev/null
	fi
	wait "$pid" 2>/dev/null
	rc=$?
	kill -KILL -- "-$pid" 2>/dev/null	# leftovers in its group
	return $rc
}

# peak_rss_kb CMD...: peak RSS in kB of one run of CMD, via /usr/bin/time -v
# (empty output if CMD fails).
peak_rss_kb() {
	local f rc
	f=$(mktemp)
	tmo "$BENCH_TIMEOUT" /usr/bin/time -v -o "$f" "$@" \
	    </dev/null >/dev/null 2>&1
	rc=$?
	if [ $rc -eq 0 ]; then
		sed -n 's/^[[:space:]]*Maximum resident set size (kbytes): *//p' "$f"
	else
		log "failed (rc $rc): $*"
	fi
	rm -f "$f"
	return $rc
}

# rss_n N CMD...: peak RSS in kB of each of N runs; stops at the first failure.
rss_n() {
	local n=$1 i
	shift
	for ((i = 0; i < n; i++)); do
		peak_rss_kb "$@" || return 1
	done
}

# Result output: everything reported goes to stdout and to $RESULTS.
out() { printf '%s\n' "$*" | tee -a "${RESULTS:-/dev/null}"; }

# row NAME DTRACE BPFTRACE UNTRACED NOTE: one line of the results table.
row() {
	out "$(printf '%-40s %12s %12s %12s  %s' "$1" "$2" "$3" "$4" "${5:-}" | sed 's/ *$//')"
}
