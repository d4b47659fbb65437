#!/usr/bin/env bash
# bench/run.sh [DTRACE] [name...]
#
# Compares the dtrace at DTRACE (default build/dtrace) with bpftrace.  Each
# number is the median of BENCH_RUNS (default 10) runs.  Benchmarks, chosen
# by name (no names = all, in this order):
#
#   startup   wall time of `dtrace -n 'BEGIN { exit(0); }'` vs
#             `bpftrace -e 'BEGIN { exit(); }'`
#   event     ns per getppid() call: untraced, under a counting clause
#             (dtrace `n++`, bpftrace empty tracepoint probe); added cost
#   unrelated ns per read() of 1 byte from /dev/zero, an UNRELATED system
#             call, while one getppid probe is enabled (dtrace
#             `syscall::getppid:entry { n++; }`, bpftrace empty
#             sys_enter_getppid probe) and untraced, in BENCH_ROUNDS
#             interleaved rounds (default 12); added cost.  Timed by the
#             loop's CPU time (READ_CLOCK=cpu, the default; or wall)
#   manyprobes  start-up wall time (launch to exit) of all syscall probes,
#             `syscall:::entry,syscall:::return { @[probefunc] = count(); }
#             BEGIN { exit(0); }`, vs one, `syscall::getppid:entry { n++; }
#             BEGIN { exit(0); }`, and the added time per matched probe;
#             the same compile-only (-e, MP_COMPILE_X times BENCH_RUNS
#             runs, default 3x); the BPF programs the tracer has
#             loaded while the all-syscall script runs (count, translated
#             instructions, JITed bytes).  bpftrace's column: the same with
#             tracepoint:syscalls:sys_enter_*,sys_exit_* (it takes ~40 s,
#             so only MP_BT_RUNS runs, default 3; 0 = skip)
#   sdt       start-up wall time (launch to exit) of every kernel
#             tracepoint, `sdt::: { @[probename] = count(); } BEGIN {
#             exit(0); }`: attaching and detaching ~1,600 tracepoints.
#             bpftrace's column: tracepoint:<system>:* for the same systems
#             (all but syscalls), @[probe] = count(); it takes ~90 s, so
#             only SDT_BT_RUNS runs (default 1; 0 = skip)
#   rss       peak RSS of a tracer with a getppid probe that exits after 1 s
#   count     per-event cost of @ = count() vs bpftrace's @ = count()
#             (in BENCH_ROUNDS interleaved rounds: see per_event_rounds)
#   agg       per-event cost of @[execname] = count() vs @[comm] = count()
#             (in BENCH_ROUNDS interleaved rounds: see per_event_rounds)
#   quantize  per-event cost of @ = quantize(timestamp) vs @ = hist(nsecs)
#             (the same way)
#   keys      wall time to collect and print an aggregation of 100,000 keys
#             (minus the same run with 1 key)
#   printf    printf record throughput: cost to the traced thread per
#             record and records/s through the consumer
#   json      the printf benchmark's records through -x oformat=json
#             against DTrace's text (both -q): records/s over the whole
#             run, the tracer's CPU time per record, and output bytes per
#             record (docs/json.md)
#   ustack    @[ustack()] = count(): BPF cost per profile-997 sample, and
#             the time to print 10,000 distinct stacks (bench/ustack.sh)
#   unwind    user stacks without frame pointers: BPF cost per sample
#             against frame pointers and bpftrace, the unwind tables of
#             python3, folded/SVG/pprof output of 10,000 stacks
#             (bench/ustack.sh)
#   strings   per-event cost of string subroutines on getppid(): a
#             strjoin/substr/basename chain as an aggregation key vs
#             bpftrace's @[comm] (it has no strjoin, substr or basename:
#             the difference is the chain), and an index() predicate vs
#             bpftrace's strncmp(); in BENCH_ROUNDS interleaved rounds
#   ptrchain  per-event cost of the predicate
#             /curthread->real_parent->tgid == $pid/ (false: the benchmark
#             loop is no child of dtrace) vs bpftrace's
#             /curtask->real_parent->tgid == 1/, both on getppid (in
#             BENCH_ROUNDS interleaved rounds: see per_event_rounds)
#   compile200  wall time of compiling (-e, nothing loaded) a 200-line
#             script of clauses over kernel types (bench/types200.d)
#   printf_rate  highest paced rate of printf("%d %d\n", arg0, arg1)
#             records delivered with zero loss at the default bufsize (dtrace
#             drops vs bpftrace "Lost N events"), and consumer CPU per
#             delivered record
#
# With BENCH_BASE_DTRACE=/path/to/another/dtrace (a baseline build), the
# benchmarks unrelated and manyprobes also measure that binary, in the same
# rounds as DTRACE, in extra rows marked [base] (its numbers in the dtrace
# column) whose notes give the ratio DTRACE / base.  bench/BASELINE-issue8.md
# has the numbers of the design before issue 8 (its binary: /work/base-dtrace).
#
# unrelated waits before each measurement (up to BENCH_QUIET_WAIT seconds,
# default 60) until no other tracer (dtrace, bpftrace) with syscall probes
# runs on the machine and the measured CPU was at most BENCH_QUIET_BUSY
# percent busy (default 25) in the last 0.5 s, and measures again (up to
# BENCH_QUIET_TRIES times, default 3) when such a tracer ran meanwhile;
# measurements that stayed noisy are counted in the note.  Another tracer's
# syscall program slows every system call down.
#
# User-level tracing (pid provider, USDT) has its own script, bench/user.sh.
#
# A dtrace that is missing or fails gives "n/a"; nothing can hang (all runs
# are under `timeout`).  Results go to stdout and build/bench/results.txt;
# progress and errors to stderr.  See bench/lib.sh for tunables.

# shellcheck disable=SC2016  # $target in D scripts is for dtrace
ALL_BENCHES="startup event unrelated manyprobes sdt rss count agg quantize keys printf json printf_rate ptrchain compile200 strings ustack unwind"

CALLER_PWD=$PWD
cd "$(dirname "$0")/.." || exit 1
ROOT=$PWD
# shellcheck source=bench/lib.sh
. bench/lib.sh
# shellcheck source=bench/ustack.sh
. bench/ustack.sh

is_bench() { [[ " $ALL_BENCHES " == *" $1 "* ]]; }

DTRACE=$ROOT/build/dtrace
if [ $# -gt 0 ]; then
	if [ -n "$1" ] && is_bench "$1" && [ ! -e "$CALLER_PWD/$1" ]; then
		:	# `run.sh event`: a name, not a binary
	else
		if [ -n "$1" ]; then
			DTRACE=$1
			# relative to the caller's directory; a bare name may be in PATH
			if [[ $DTRACE != */* ]] && [ ! -e "$CALLER_PWD/$DTRACE" ] &&
			    command -v "$DTRACE" >/dev/null; then
				DTRACE=$(command -v "$DTRACE")
			fi
			case $DTRACE in /*) ;; *) DTRACE=$CALLER_PWD/$DTRACE ;; esac
		fi
		shift
	fi
fi
SELECTED=${*:-$ALL_BENCHES}
for b in $SELECTED; do
	is_bench "$b" || { echo "run.sh: unknown benchmark '$b' (have: $ALL_BENCHES)" >&2; exit 2; }
done

BUILD=$ROOT/build/bench
mkdir -p "$BUILD"
RESULTS=$BUILD/results.txt
: >"$RESULTS"
TMP=$(mktemp -d)
trap 'tracer_stop; rm -rf "$TMP"' EXIT
trap 'exit 130' INT TERM

# ---- set-up -----------------------------------------------------------------

ensure_tools() {
	local missing=
	command -v bpftrace >/dev/null || missing+=" bpftrace"
	command -v hyperfine >/dev/null || missing+=" hyperfine"
	[ -x /usr/bin/time ] || missing+=" time"
	[ -z "$missing" ] && return
	if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null; then
		log "missing:$missing (cannot install: not root or no apt-get)"
		return
	fi
	log "installing:$missing"
	export DEBIAN_FRONTEND=noninteractive
	# shellcheck disable=SC2086  # $missing is a list
	timeout 900 apt-get install -y $missing >&2 ||
	    { timeout 600 apt-get update >&2 && timeout 900 apt-get install -y $missing >&2; }
}

GB=$BUILD/getppid-bench
PG=$BUILD/paced-gen
RB=$BUILD/read-bench
build_bench() {
	if [ ! -x "$RB" ] || [ bench/read-bench.c -nt "$RB" ]; then
		${CC:-cc} -static -O2 -Wall -Wextra -o "$RB" bench/read-bench.c ||
		    { log "cannot build $RB"; exit 1; }
	fi
	if [ ! -x "$PG" ] || [ bench/paced-gen.c -nt "$PG" ]; then
		${CC:-cc} -static -O2 -Wall -Wextra -o "$PG" bench/paced-gen.c ||
		    { log "cannot build $PG"; exit 1; }
	fi
	if [ ! -x "$GB" ] || [ bench/getppid-bench.c -nt "$GB" ]; then
		${CC:-cc} -static -O2 -Wall -Wextra -o "$GB" bench/getppid-bench.c ||
		    { log "cannot build $GB"; exit 1; }
	fi
}

DTRACE_OK=0
check_dtrace() {
	if [ -x "$DTRACE" ]; then
		DTRACE_OK=1
	else
		log "no dtrace at $DTRACE: its cells read n/a"
	fi
}
have_dtrace() { [ "$DTRACE_OK" = 1 ]; }

# BENCH_BASE_DTRACE: a second dtrace measured beside DTRACE (see above).
BASE=${BENCH_BASE_DTRACE:-}
BASE_OK=0
check_base() {
	[ -n "$BASE" ] || return 0
	if [[ $BASE != */* ]] && [ ! -e "$CALLER_PWD/$BASE" ] && command -v "$BASE" >/dev/null; then
		BASE=$(command -v "$BASE")
	fi
	case $BASE in /*) ;; *) BASE=$CALLER_PWD/$BASE ;; esac
	if [ -x "$BASE" ]; then
		BASE_OK=1
	else
		log "no base dtrace at $BASE: its cells read n/a"
	fi
}
want_base() { [ -n "$BASE" ]; }
have_base() { [ "$BASE_OK" = 1 ]; }
have_bpftrace() { command -v bpftrace >/dev/null; }

DT_ATTACHED='matched [0-9]+ probes?'
BT_ATTACHED='Attaching [0-9]+ probes?'

# ---- shared measurements ----------------------------------------------------

LOOP_N=${LOOP_N:-2000000}
READ_N=${READ_N:-500000}
# unrelated's clock: cpu (the loop thread's CPU time: the time other
# processes preempt it is left out) or wall
READ_CLOCK=${READ_CLOCK:-cpu}
# The measured loop: getppid-bench, except where a benchmark sets its own
# (local LOOP_CMD=(...): bash scoping reaches loop_ns).
LOOP_CMD=("$GB" "$LOOP_N")

# The measured loop runs pinned to BENCH_CPU (default: the last CPU we may
# use; "none" = unpinned): here an enabled syscall tracepoint costs ~2x more
# on CPU 0 than on CPU 1, so unpinned medians jump with scheduler placement.
PIN=()
PIN_CPU=
setup_pin() {
	local cpu=${BENCH_CPU:-}
	command -v taskset >/dev/null || return
	[ -n "$cpu" ] || cpu=$(taskset -pc $$ 2>/dev/null | grep -oE '[0-9]+$')
	if [ -n "$cpu" ] && [ "$cpu" != none ]; then
		# full path: bpftrace -c refuses a name found twice in PATH
		PIN=("$(command -v taskset)" -c "$cpu")
		PIN_CPU=$cpu
	fi
}
# pinned CMD: CMD as one string, pinned like the loop (for -c targets).
pinned() { echo "${PIN[*]}${PIN:+ }$*"; }

# loop_ns: median ns per call (getppid, or LOOP_CMD's) over BENCH_RUNS
# runs of the loop.  With QUIET=1 (a local of the caller), see quiet_loop_ns.
loop_ns() {
	if [ "${QUIET:-0}" = 1 ]; then
		quiet_loop_ns
	else
		run_n "$BENCH_RUNS" "${PIN[@]}" "${LOOP_CMD[@]}" | median
	fi
}

# untraced_ns: the untraced baseline, measured again by each benchmark just
# before its traced runs (it drifts by 10-20% over minutes here).
untraced_ns() { loop_ns; }

# traced_ns NAME PATTERN CMD...: median loop ns/call while CMD (a tracer)
# stays attached; n/a if it does not attach.
traced_ns() {
	local name=$1 pat=$2 v=n/a
	shift 2
	if tracer_start "$TMP/$name" "$pat" "$@"; then
		v=$(loop_ns)
		kill -0 "$TRACER_PID" 2>/dev/null || { log "$name: tracer died during the runs"; v=n/a; }
		tracer_stop
	fi
	echo "$v"
}

# per_event_rows TITLE DTRACE_CMD... -- BPFTRACE_CMD...: per-event cost rows.
per_event_rows() {
	local title=$1 dt=n/a bt=n/a u dcmd=() bcmd=()
	shift
	while [ $# -gt 0 ] && [ "$1" != -- ]; do dcmd+=("$1"); shift; done
	shift
	bcmd=("$@")
	u=$(untraced_ns)
	have_dtrace && dt=$(traced_ns "dt-$title" "$DT_ATTACHED" "${dcmd[@]}")
	have_bpftrace && bt=$(traced_ns "bt-$title" "$BT_ATTACHED" "${bcmd[@]}")
	local da ba
	da=$(fsub "$dt" "$u")
	ba=$(fsub "$bt" "$u")
	row "$title: ns/event" "$dt" "$bt" "$u"
	row "$title: added ns/event" "$da" "$ba" "" \
	    "ratio dtrace/bpftrace added = $(fdiv "$da" "$ba")"
}

# ---- benchmarks -------------------------------------------------------------

bench_startup() {
	local dt=n/a bt=n/a
	have_dtrace && dt=$(wall_ms "$DTRACE" -n 'BEGIN { exit(0); }')
	have_bpftrace && bt=$(wall_ms bpftrace -e 'BEGIN { exit(); }')
	row "startup BEGIN{exit}: ms" "$dt" "$bt" "" \
	    "ratio bpftrace/dtrace = $(fdiv "$bt" "$dt")"
}

bench_event() {
	per_event_rows "getppid count" \
	    "$DTRACE" -n 'syscall::getppid:entry { n++; }' -- \
	    bpftrace -e 'tracepoint:syscalls:sys_enter_getppid { }'
}

# ---- unrelated and manyprobes ----------------------------------------------

# TRACER_RE: process names (comm) of tracers, ours and others'.
tracer_re() {
	local re='dtrace|bpftrace' b
	for b in "$DTRACE" "$BASE"; do
		[ -n "$b" ] || continue
		b=$(basename "$b")
		re+="|${b:0:15}"
	done
	echo "$re"
}

# ours PID: whether PID is this script or one of its descendants.
ours() {
	local p=$1 i s
	for ((i = 0; i < 32; i++)); do
		[ "$p" = $$ ] && return 0
		[ -n "$p" ] && [ "$p" -gt 1 ] || return 1
		s=$(cat "/proc/$p/stat" 2>/dev/null) || return 1
		s=${s##*) }	# after "pid (comm) "
		p=${s#* }
		p=${p%% *}
	done
	return 1
}

# syscall_hooks PID: whether tracer PID may have syscall probes enabled: a
# raw tracepoint on sys_enter/sys_exit among its fds, "syscall" in its
# command line, or a -s (script), -f (function), -P (provider), -m or -i
# option whose probes cannot be told from here.  (A foreign dtrace with only
# BEGIN, tick or profile probes does not slow system calls down.)
syscall_hooks() {
	local a
	grep -qsE '^tp_name:[[:space:]]*sys_(enter|exit)' /proc/"$1"/fdinfo/* && return 0
	while IFS= read -r -d '' a; do
		[[ $a == *syscall* || $a =~ ^-[A-Za-z]*[sfPmi] ]] && return 0
	done <"/proc/$1/cmdline"
	return 1
}

# foreign_tracers: pids of tracers with syscall probes (see syscall_hooks)
# running that this script did not start.
foreign_tracers() {
	local p f=
	for p in $(pgrep -x "$(tracer_re)" 2>/dev/null); do
		ours "$p" || ! syscall_hooks "$p" 2>/dev/null || f+=" $p"
	done
	echo "${f# }"
}

# cpu_busy: percent of the last 0.5 s the measured CPU (all CPUs when the
# loop is not pinned) was not idle.
cpu_busy() {
	local c=cpu${PIN_CPU} a b
	a=$(awk -v c="$c" '$1 == c { print $2 + $3 + $4 + $7 + $8 + $9, $5 + $6 }' /proc/stat)
	sleep 0.5
	b=$(awk -v c="$c" '$1 == c { print $2 + $3 + $4 + $7 + $8 + $9, $5 + $6 }' /proc/stat)
	awk -v a="$a" -v b="$b" 'BEGIN { split(a, x, " "); split(b, y, " ")
	    busy = y[1] - x[1]; all = busy + y[2] - x[2]
	    printf "%.0f\n", (all > 0 ? 100 * busy / all : 0) }'
}

QUIET_WAIT=${BENCH_QUIET_WAIT:-60}
QUIET_BUSY=${BENCH_QUIET_BUSY:-25}

# wait_quiet: wait up to BENCH_QUIET_WAIT s until no foreign tracer runs and
# the measured CPU is at most BENCH_QUIET_BUSY % busy.  If that does not
# happen, return 1 (the caller measures anyway).
wait_quiet() {
	local deadline f b waited=0
	deadline=$(($(now_us) + QUIET_WAIT * 1000000))
	while :; do
		f=$(foreign_tracers)
		b=$(cpu_busy)
		if [ -z "$f" ] && [ "$b" -le "$QUIET_BUSY" ]; then
			((waited)) && log "quiet again"
			return 0
		fi
		if (($(now_us) > deadline)); then
			log "not quiet after ${QUIET_WAIT}s (other tracers: ${f:-none}; CPU ${PIN_CPU:-all} ${b}% busy): measuring anyway"
			return 1
		fi
		((waited)) || log "waiting for quiet (other tracers: ${f:-none}; CPU ${PIN_CPU:-all} ${b}% busy)"
		waited=1
		sleep 1
	done
}

QUIET_TRIES=${BENCH_QUIET_TRIES:-3}

# quiet_loop_ns: loop_ns after wait_quiet, while a watcher (on another CPU
# than the loop's, when there is one) looks for foreign tracers every 0.5 s;
# if one showed up, measures again, up to BENCH_QUIET_TRIES times.  The
# last try counts; if it was not quiet, a line goes to $TMP/noisy.
quiet_loop_ns() {
	local try w v other='' noisy
	[ -n "$PIN_CPU" ] && [ "$(nproc)" -gt 1 ] && other=$(((PIN_CPU + 1) % $(nproc)))
	for ((try = 1; try <= QUIET_TRIES; try++)); do
		noisy=
		wait_quiet || noisy="not quiet before"
		rm -f "$TMP/seen"
		(
			[ -n "$other" ] && taskset -pc "$other" "$BASHPID" >/dev/null 2>&1
			while :; do
				f=$(foreign_tracers)
				[ -n "$f" ] && echo "$f" >>"$TMP/seen"
				sleep 0.5
			done
		) &
		w=$!
		v=$(run_n "$BENCH_RUNS" "${PIN[@]}" "${LOOP_CMD[@]}" | median)
		kill "$w" 2>/dev/null
		wait "$w" 2>/dev/null
		if [ -s "$TMP/seen" ]; then
			noisy="other tracers during: $(tr ' ' '\n' <"$TMP/seen" | sort -u | paste -sd' ' -)"
			log "$noisy (try $try of $QUIET_TRIES)"
		fi
		[ -z "$noisy" ] && break
	done
	[ -n "$noisy" ] && echo "$noisy" >>"$TMP/noisy"
	echo "$v"
}

# rounds_rows TITLE TAG UNIT DTRACE_ARGS... -- BPFTRACE_CMD...: the loop
# LOOP_CMD measured in BENCH_ROUNDS rounds (default 4), each measuring it
# untraced, under DTRACE DTRACE_ARGS, under BENCH_BASE_DTRACE DTRACE_ARGS
# (if set) and under BPFTRACE_CMD, in an order that rotates by one each
# round, with BENCH_RUNS / BENCH_ROUNDS runs each, at least 2.
# Each round's added costs are against that round's untraced median; the
# rows show the medians over the rounds (TAG names the temporary files).
rounds_rows() {
	local title=$1 tag=$2 unit=$3 dargs=() bcmd=() r k n it v
	local rounds=${BENCH_ROUNDS:-4}
	local BENCH_RUNS=$(((BENCH_RUNS + rounds - 1) / rounds))	# for loop_ns
	((BENCH_RUNS >= 2)) || BENCH_RUNS=2
	local QUIET=1
	shift 3
	while [ $# -gt 0 ] && [ "$1" != -- ]; do dargs+=("$1"); shift; done
	shift
	bcmd=("$@")
	local items=(u dt)
	want_base && items+=(base)
	items+=(bt)
	n=${#items[@]}
	local -A vals=()
	rm -f "$TMP/noisy"
	for ((r = 0; r < rounds; r++)); do
		local -A cur=([u]=n/a [dt]=n/a [base]=n/a [bt]=n/a)
		for ((k = 0; k < n; k++)); do
			it=${items[(r + k) % n]}
			v=n/a
			case $it in
			u) v=$(loop_ns) ;;
			dt) have_dtrace && v=$(traced_ns "dt-$tag" "$DT_ATTACHED" "$DTRACE" "${dargs[@]}") ;;
			base) have_base && v=$(traced_ns "base-$tag" "$DT_ATTACHED" "$BASE" "${dargs[@]}") ;;
			bt) have_bpftrace && v=$(traced_ns "bt-$tag" "$BT_ATTACHED" "${bcmd[@]}") ;;
			esac
			cur[$it]=$v
		done
		for it in "${items[@]}"; do
			vals[$it]+="${cur[$it]} "
			[ "$it" = u ] || vals[$it-added]+="$(fsub "${cur[$it]}" "${cur[u]}") "
		done
		vals[ratio]+="$(fdiv "$(fsub "${cur[dt]}" "${cur[u]}")" "$(fsub "${cur[bt]}" "${cur[u]}")") "
		want_base && vals[bratio]+="$(fdiv "$(fsub "${cur[dt]}" "${cur[u]}")" "$(fsub "${cur[base]}" "${cur[u]}")") "
		log "$title round $((r + 1)): untraced ${cur[u]}, dtrace ${cur[dt]}$(want_base && echo ", base ${cur[base]}"), bpftrace ${cur[bt]}"
	done
	# shellcheck disable=SC2086  # lists of numbers
	med() { printf '%s\n' ${vals[$1]} | median; }
	range() {
		local x
		# shellcheck disable=SC2086
		x=$(printf '%s\n' ${vals[$1]} | grep -E '^-?[0-9.]+$' | sort -g | sed -n '1p;$p' | paste -sd' ' - | sed 's/ / to /')
		echo "${x:-n/a}"
	}
	local noisy=0 note
	[ -f "$TMP/noisy" ] && noisy=$(wc -l <"$TMP/noisy")
	note="medians of $rounds rounds of $BENCH_RUNS runs${NOTE_EXTRA:+; $NOTE_EXTRA}"
	((noisy)) && note+="; $noisy of $((rounds * n)) measurements not quiet"
	local da ba
	da=$(med dt-added) ba=$(med bt-added)
	row "$title: $unit" "$(med dt)" "$(med bt)" "$(med u)" "$note"
	row "$title: added $unit" "$da" "$ba" "" \
	    "ratio dtrace/bpftrace added = $(fdiv "$da" "$ba") (rounds: $(range ratio))"
	if want_base; then
		local xa
		xa=$(med base-added)
		row "$title: $unit [base]" "$(med base)" "$(med bt)" "$(med u)"
		row "$title: added $unit [base]" "$xa" "$ba" "" \
		    "ratio base/bpftrace added = $(fdiv "$xa" "$ba"); dtrace/base added = $(fdiv "$da" "$xa") (rounds: $(range bratio))"
	fi
}

bench_unrelated() {
	local LOOP_CMD=("$RB" "$READ_N" - /dev/zero "$READ_CLOCK")
	BENCH_ROUNDS=${BENCH_ROUNDS:-12} NOTE_EXTRA="$READ_CLOCK time" rounds_rows "unrelated read()" unrelated ns/call \
	    -n 'syscall::getppid:entry { n++; }' -- \
	    bpftrace -e 'tracepoint:syscalls:sys_enter_getppid { }'
}

MP_MANY='syscall:::entry,syscall:::return { @[probefunc] = count(); }'
MP_ONE='syscall::getppid:entry { n++; }'
MP_EXIT='BEGIN { exit(0); }'
MP_BT_MANY='tracepoint:syscalls:sys_enter_*,tracepoint:syscalls:sys_exit_* { @[probe] = count(); }'
MP_BT_ONE='tracepoint:syscalls:sys_enter_getppid { }'
MP_BT_EXIT='BEGIN { exit(); }'
MP_BT_RUNS=${MP_BT_RUNS:-3}
MP_BT_TIMEOUT=${MP_BT_TIMEOUT:-180}
MP_COMPILE_X=${MP_COMPILE_X:-3}	# compile-only runs: BENCH_RUNS times this

# mp_matched BIN SCRIPT: probes matched by SCRIPT, all its clauses (dtrace -e
# prints "description '...' matched N probes" for it).
mp_matched() {
	local m
	m=$(tmo "$BENCH_TIMEOUT" "$1" -e -n "$2" </dev/null 2>&1 >/dev/null |
	    grep -Eo 'matched [0-9]+' | awk '{ s += $2 } END { if (NR) print s }')
	echo "${m:-n/a}"
}

# prog_stats PID: "programs xlated_insns jited_bytes" of the BPF programs
# that PID has loaded: those it holds a file descriptor of (program or link
# fds, /proc/PID/fdinfo prog_id), those using a map it holds (map_id), and
# those bpftool lists with PID among their "pids".
prog_stats() {
	local pid=$1
	{ cat /proc/"$pid"/fdinfo/* 2>/dev/null | awk '$1 == "prog_id:" { print "P", $2 } $1 == "map_id:" { print "M", $2 }'
	  bpftool prog show 2>/dev/null; } |
	awk -v pid="$pid" '
	    $1 == "P" { mine[$2] = 1; next }
	    $1 == "M" { maps[$2] = 1; next }
	    /^[0-9]+:/ { id = $1 + 0; ids[id] = 1; next }
	    {
		for (i = 1; i < NF; i++) {
			if ($i == "xlated") x[id] = $(i + 1) + 0
			if ($i == "jited") j[id] = $(i + 1) + 0
			if ($i == "map_ids") {
				k = split($(i + 1), m, ",")
				for (l = 1; l <= k; l++) if (m[l] in maps) mine[id] = 1
			}
		}
		if ($1 == "pids") for (i = 2; i <= NF; i++) if (index($i, "(" pid ")")) mine[id] = 1
	    }
	    END {
		for (id in mine) if (id in ids) { n++; xi += x[id] / 8; jb += j[id] }
		printf "%d %d %d\n", n, xi, jb
	    }'
}

# mp_progs NAME PATTERN CMD...: prog_stats of CMD (a tracer, started in the
# background) once attached and its program count has stopped changing.
mp_progs() {
	local name=$1 pat=$2 pid s prev='' i
	shift 2
	tracer_start "$TMP/$name" "$pat" "$@" || { echo "n/a n/a n/a"; return; }
	pid=$(pgrep -P "$TRACER_PID" | head -n 1)
	for ((i = 0; i < 120; i++)); do
		s=$(prog_stats "${pid:-$TRACER_PID}")
		[ "$s" = "$prev" ] && break
		prev=$s
		sleep 1
	done
	tracer_stop
	echo "$s"
}

# timed_rounds ROUNDS LABEL... : wall times in ms of the commands in
# CMDS[LABEL] (each a string quoted for `eval` and hyperfine -N), in a
# warm-up round then ROUNDS rounds, each running every command once in an
# order that rotates by one each round, so that the load's drift over
# minutes reaches them all alike.  A round is one hyperfine run (-N
# --warmup 1 --runs 1 per command: no shell, and its own process start-up,
# which costs ~10 ms here, not counted; the warm-up run because a command
# run after another is slower), or time_n without hyperfine.  Appends each
# time to $TMP/t.LABEL; a command that fails the warm-up is left out and
# its file holds "fail".
timed_rounds() {
	local rounds=$1 r k n l json q t i
	shift
	local labels=("$@") ok=() order=()
	for l in "${labels[@]}"; do
		rm -f "$TMP/t.$l"
		if eval "time_n 1 ${CMDS[$l]}" >/dev/null; then
			ok+=("$l")
		else
			echo fail >"$TMP/t.$l"
		fi
	done
	n=${#ok[@]}
	((n)) || return
	json=$TMP/t.json
	for ((r = 0; r < rounds; r++)); do
		order=()
		for ((k = 0; k < n; k++)); do order+=("${ok[(r + k) % n]}"); done
		if command -v hyperfine >/dev/null 2>&1; then
			q=()
			for l in "${order[@]}"; do q+=("${CMDS[$l]}"); done
			rm -f "$json"
			if tmo $((BENCH_TIMEOUT * (2 * n + 1))) hyperfine -N --style none --warmup 1 --runs 1 \
			    --export-json "$json" -- "${q[@]}" >/dev/null 2>&1 </dev/null; then
				i=0
				while read -r t; do
					awk -v t="$t" 'BEGIN { printf "%.2f\n", t * 1000 }' >>"$TMP/t.${order[i]}"
					i=$((i + 1))
				done < <(sed -n 's/^ *"median": *\([0-9.eE+-]*\),*$/\1/p' "$json")
			else
				log "round $((r + 1)) failed under hyperfine: ${order[*]}"
			fi
		else
			for l in "${order[@]}"; do
				eval "time_n 1 ${CMDS[$l]}" >>"$TMP/t.$l"
			done
		fi
	done
}

# tmed LABEL: median of timed_rounds' times for LABEL.
tmed() { if [ -f "$TMP/t.$1" ]; then median <"$TMP/t.$1"; else echo n/a; fi; }

# per_probe_us MANY ONE NMANY NONE: (MANY - ONE) ms / (NMANY - NONE) in us.
per_probe_us() {
	fdiv "$(fdiv "$(fsub "$1" "$2")" "$(fsub "$3" "$4")" %.6f)" 0.001 %.1f
}

bench_manyprobes() {
	local labels=() clabels=() b m bin scr
	local -A CMDS=()
	for b in dt base; do
		[ "$b" = dt ] && ! have_dtrace && continue
		[ "$b" = base ] && ! have_base && continue
		bin=$DTRACE
		[ "$b" = base ] && bin=$BASE
		for m in many one; do
			scr=$MP_ONE
			[ "$m" = many ] && scr=$MP_MANY
			CMDS[$b.$m.run]="$(printf '%q ' "$bin" -n "$scr $MP_EXIT")"
			CMDS[$b.$m.compile]="$(printf '%q ' "$bin" -e -n "$scr $MP_EXIT")"
			labels+=("$b.$m.run")
			clabels+=("$b.$m.compile")
		done
	done
	((${#labels[@]})) && timed_rounds "$BENCH_RUNS" "${labels[@]}"
	# compiling takes ~8 ms, ~2 us a probe: more runs
	((${#clabels[@]})) && timed_rounds $((BENCH_RUNS * MP_COMPILE_X)) "${clabels[@]}"

	# bpftrace: few runs (~40 s each for all syscall tracepoints)
	local bt_many=n/a bt_one=n/a bt_nm=n/a bt_stats="n/a n/a n/a"
	if have_bpftrace && [ "$MP_BT_RUNS" -gt 0 ]; then
		export BPFTRACE_MAX_BPF_PROGS=4096 BPFTRACE_MAX_PROBES=4096
		local BENCH_TIMEOUT=$MP_BT_TIMEOUT
		bt_nm=$(tmo "$BENCH_TIMEOUT" bpftrace -e "$MP_BT_MANY $MP_BT_EXIT" </dev/null 2>&1 |
		    grep -Eo 'Attaching [0-9]+' | awk '{ print $2 }')
		bt_nm=${bt_nm:-n/a}
		CMDS[bt.many]="$(printf '%q ' bpftrace -e "$MP_BT_MANY $MP_BT_EXIT")"
		CMDS[bt.one]="$(printf '%q ' bpftrace -e "$MP_BT_ONE $MP_BT_EXIT")"
		timed_rounds "$MP_BT_RUNS" bt.many bt.one
		bt_many=$(tmed bt.many) bt_one=$(tmed bt.one)
		bt_stats=$(ATTACH_TIMEOUT=$MP_BT_TIMEOUT mp_progs bt-progs "$BT_ATTACHED" bpftrace -e "$MP_BT_MANY")
		unset BPFTRACE_MAX_BPF_PROGS BPFTRACE_MAX_PROBES
	fi
	local bt_added
	bt_added=$(per_probe_us "$bt_many" "$bt_one" "$bt_nm" 2)	# 2: getppid + BEGIN

	local who bin sfx nm n1 many one cmany cone added cadded st st1 dtvals=() s s1
	for who in dt base; do
		[ "$who" = base ] && ! want_base && continue
		bin=$DTRACE sfx=
		[ "$who" = base ] && bin=$BASE sfx=" [base]"
		if { [ "$who" = dt ] && have_dtrace; } || { [ "$who" = base ] && have_base; }; then
			nm=$(mp_matched "$bin" "$MP_MANY $MP_EXIT")
			n1=$(mp_matched "$bin" "$MP_ONE $MP_EXIT")
			st=$(mp_progs "$who-progs" "$DT_ATTACHED" "$bin" -n "$MP_MANY")
			st1=$(mp_progs "$who-progs1" "$DT_ATTACHED" "$bin" -n "$MP_ONE")
		else
			nm=n/a n1=n/a st="n/a n/a n/a" st1="n/a n/a n/a"
		fi
		many=$(tmed "$who.many.run") one=$(tmed "$who.one.run")
		cmany=$(tmed "$who.many.compile") cone=$(tmed "$who.one.compile")
		added=$(per_probe_us "$many" "$one" "$nm" "$n1")
		cadded=$(per_probe_us "$cmany" "$cone" "$nm" "$n1")
		read -r -a s <<<"$st"
		read -r -a s1 <<<"$st1"
		[ "$who" = dt ] && dtvals=("$many" "$one" "$added" "$cmany" "$cone" "$cadded" "${s[@]}" "${s1[@]}")
		ratio() {	# on base rows: "dtrace/base = X" (X: DTRACE's value / this one)
			[ "$who" = base ] && echo "dtrace/base = $(fdiv "${dtvals[$1]}" "$2")"
		}
		note() {	# the non-empty arguments, joined by "; "
			local a o=''
			for a; do [ -n "$a" ] && o+="${o:+; }$a"; done
			echo "$o"
		}
		local btc=
		[ "$who" = dt ] && btc=y
		row "manyprobes: all syscalls, run: ms$sfx" "$many" "${btc:+$bt_many}" "" \
		    "$(note "$nm probes matched (with BEGIN { exit(0); }), launch to exit" "$(ratio 0 "$many")")"
		row "manyprobes: one syscall, run: ms$sfx" "$one" "${btc:+$bt_one}" "" \
		    "$(note "$n1 probes matched (with BEGIN)" "$(ratio 1 "$one")")"
		row "manyprobes: added us/probe$sfx" "$added" "${btc:+$bt_added}" "" \
		    "$(note "over $(fsub "$nm" "$n1" | sed 's/\.0$//') probes" \
		        "${btc:+ratio bpftrace/dtrace = $(fdiv "$bt_added" "$added")}" "$(ratio 2 "$added")")"
		row "manyprobes: compile -e, all: ms$sfx" "$cmany" "" "" "$(ratio 3 "$cmany")"
		row "manyprobes: compile -e, one: ms$sfx" "$cone" "" "" "$(ratio 4 "$cone")"
		row "manyprobes: compile added us/probe$sfx" "$cadded" "" "" "$(ratio 5 "$cadded")"
		local bs=(n/a n/a n/a)
		[ "$who" = dt ] && read -r -a bs <<<"$bt_stats"
		row "manyprobes: BPF programs, all$sfx" "${s[0]}" "${btc:+${bs[0]}}" "" \
		    "$(note "loaded while the all-syscall script runs" "$(ratio 6 "${s[0]}")")"
		row "manyprobes: BPF xlated insns, all$sfx" "${s[1]}" "${btc:+${bs[1]}}" "" "$(ratio 7 "${s[1]}")"
		row "manyprobes: BPF jited bytes, all$sfx" "${s[2]}" "${btc:+${bs[2]}}" "" "$(ratio 8 "${s[2]}")"
		row "manyprobes: BPF programs, one$sfx" "${s1[0]}" "" "" "$(ratio 9 "${s1[0]}")"
		row "manyprobes: BPF xlated insns, one$sfx" "${s1[1]}" "" "" "$(ratio 10 "${s1[1]}")"
	done
}

SDT_D='sdt::: { @[probename] = count(); }'
SDT_BT_RUNS=${SDT_BT_RUNS:-1}
SDT_BT_TIMEOUT=${SDT_BT_TIMEOUT:-400}

bench_sdt() {
	local dt=n/a bt=n/a nm=n/a bt_nm=n/a ev probes
	if have_dtrace; then
		nm=$(mp_matched "$DTRACE" "$SDT_D $MP_EXIT")
		dt=$(wall_ms "$DTRACE" -n "$SDT_D $MP_EXIT")
	fi
	ev=/sys/kernel/tracing/available_events
	[ -r $ev ] || ev=/sys/kernel/debug/tracing/available_events
	if have_bpftrace && [ "$SDT_BT_RUNS" -gt 0 ] && [ -r $ev ]; then
		probes=$(cut -d: -f1 $ev | sort -u | grep -vx syscalls | sed 's/.*/tracepoint:&:*/' | paste -sd, -)
		bt_nm=$(($(grep -vc '^syscalls:' $ev) + 1))	# + BEGIN
		export BPFTRACE_MAX_BPF_PROGS=4096 BPFTRACE_MAX_PROBES=4096
		local BENCH_TIMEOUT=$SDT_BT_TIMEOUT
		bt=$(time_n "$SDT_BT_RUNS" bpftrace -e "$probes { @[probe] = count(); } $MP_BT_EXIT" | median)
		unset BPFTRACE_MAX_BPF_PROGS BPFTRACE_MAX_PROBES
	fi
	row "sdt: every tracepoint, run: ms" "$dt" "$bt" "" \
	    "$nm probes matched (bpftrace $bt_nm), launch to exit (attach, BEGIN exits, detach); ratio bpftrace/dtrace = $(fdiv "$bt" "$dt")"
}

bench_rss() {
	local dt=n/a bt=n/a
	have_dtrace && dt=$(rss_n "$BENCH_RUNS" "$DTRACE" \
	    -n 'syscall::getppid:entry { n++; }' -n 'tick-1s { exit(0); }' | median %.0f)
	have_bpftrace && bt=$(rss_n "$BENCH_RUNS" bpftrace -e \
	    'tracepoint:syscalls:sys_enter_getppid { } interval:s:1 { exit(); }' | median %.0f)
	row "peak RSS, 1 s getppid probe: kB" "$dt" "$bt" "" \
	    "ratio bpftrace/dtrace = $(fdiv "$bt" "$dt")"
}

# per_event_rounds TITLE DTRACE_CMD... -- BPFTRACE_CMD...: per_event_rows
# in BENCH_ROUNDS rounds (default 5), each measuring the untraced loop, then
# both tracers (which goes first alternates), with BENCH_RUNS / BENCH_ROUNDS
# runs each (so BENCH_RUNS runs in all).  Each round's added costs are
# against that round's untraced median; the rows show the medians over the
# rounds, and the note the range of the rounds' ratios.  The load of this
# machine drifts by tens of percent within a minute: measured one after the
# other (untraced, then dtrace, then bpftrace), the same binaries gave
# ratios from 0.3 to 1.5.
per_event_rounds() {
	local title=$1 dcmd=() bcmd=() r u d b
	local us=() dts=() bts=() das=() bas=() rs=()
	local rounds=${BENCH_ROUNDS:-5}
	local BENCH_RUNS=$(((BENCH_RUNS + rounds - 1) / rounds))	# for loop_ns
	shift
	while [ $# -gt 0 ] && [ "$1" != -- ]; do dcmd+=("$1"); shift; done
	shift
	bcmd=("$@")
	for ((r = 0; r < rounds; r++)); do
		u=$(untraced_ns) d=n/a b=n/a
		if ((r % 2)); then
			have_bpftrace && b=$(traced_ns "bt-$title" "$BT_ATTACHED" "${bcmd[@]}")
			have_dtrace && d=$(traced_ns "dt-$title" "$DT_ATTACHED" "${dcmd[@]}")
		else
			have_dtrace && d=$(traced_ns "dt-$title" "$DT_ATTACHED" "${dcmd[@]}")
			have_bpftrace && b=$(traced_ns "bt-$title" "$BT_ATTACHED" "${bcmd[@]}")
		fi
		us+=("$u") dts+=("$d") bts+=("$b")
		das+=("$(fsub "$d" "$u")") bas+=("$(fsub "$b" "$u")")
		rs+=("$(fdiv "$(fsub "$d" "$u")" "$(fsub "$b" "$u")")")
		log "$title round $((r + 1)): untraced $u, dtrace $d, bpftrace $b"
	done
	local da ba range
	da=$(printf '%s\n' "${das[@]}" | median)
	ba=$(printf '%s\n' "${bas[@]}" | median)
	range=$(printf '%s\n' "${rs[@]}" | grep -E '^-?[0-9.]+$' | sort -g | sed -n '1p;$p' | paste -sd- -)
	row "$title: ns/event" "$(printf '%s\n' "${dts[@]}" | median)" \
	    "$(printf '%s\n' "${bts[@]}" | median)" "$(printf '%s\n' "${us[@]}" | median)" \
	    "medians of $rounds rounds of $BENCH_RUNS runs"
	row "$title: added ns/event" "$da" "$ba" "" \
	    "ratio dtrace/bpftrace added = $(fdiv "$da" "$ba") (rounds: ${range:-n/a})"
}

bench_ptrchain() {
	per_event_rounds "pred curthread->real_parent->tgid" \
	    "$DTRACE" -n 'syscall::getppid:entry /curthread->real_parent->tgid == $pid/ { n++; }' -- \
	    bpftrace -e 'tracepoint:syscalls:sys_enter_getppid /curtask->real_parent->tgid == 1/ { @ = count(); }'
}

bench_compile200() {
	local dt=n/a
	have_dtrace && dt=$(wall_ms "$DTRACE" -e -s bench/types200.d)
	row "compile 200-line types script: ms" "$dt" "" "" "goal < 100 ms"
}

bench_count() {
	per_event_rounds "@=count()" \
	    "$DTRACE" -n 'syscall::getppid:entry { @ = count(); }' -- \
	    bpftrace -e 'tracepoint:syscalls:sys_enter_getppid { @ = count(); }'
}

bench_agg() {
	per_event_rounds "@[execname]=count()" \
	    "$DTRACE" -n 'syscall::getppid:entry { @[execname] = count(); }' -- \
	    bpftrace -e 'tracepoint:syscalls:sys_enter_getppid { @[comm] = count(); }'
}

bench_quantize() {
	per_event_rounds "@=quantize(timestamp)" \
	    "$DTRACE" -n 'syscall::getppid:entry { @ = quantize(timestamp); }' -- \
	    bpftrace -e 'tracepoint:syscalls:sys_enter_getppid { @ = hist(nsecs); }'
}

bench_strings() {
	per_event_rounds "strjoin+substr+basename key" \
	    "$DTRACE" -n 'syscall::getppid:entry { @[basename(strjoin("/tmp/", substr(execname, 1, 6)))] = count(); }' -- \
	    bpftrace -e 'tracepoint:syscalls:sys_enter_getppid { @[comm] = count(); }'
	per_event_rounds "index() vs strncmp() predicate" \
	    "$DTRACE" -n 'syscall::getppid:entry /index(execname, "getppid") == 0/ { @ = count(); }' -- \
	    bpftrace -e 'tracepoint:syscalls:sys_enter_getppid /strncmp(comm, "getppid", 7) == 0/ { @ = count(); }'
}

KEYS_N=${KEYS_N:-100000}
# DTRACE_KEYS_OPTS: extra dtrace options so the aggregation holds KEYS_N
# keys; dropped automatically if this dtrace rejects them.
DTRACE_KEYS_OPTS=${DTRACE_KEYS_OPTS--x aggsize=64m}

# count_keys FILE: aggregation lines with a count of 1 (dtrace "  KEY  1",
# bpftrace "@[KEY]: 1").
count_keys() { grep -cE '[0-9]\]?:?[[:space:]]+1$' "$1"; }

bench_keys() {
	local dt=n/a bt=n/a dt1=n/a bt1=n/a dk=n/a bk=n/a opts=() rc
	local dscript='syscall::getppid:entry /pid == $target/ { @[timestamp] = count(); }'
	local dscript1='syscall::getppid:entry /pid == $target/ { @[0] = count(); }'
	local bscript='tracepoint:syscalls:sys_enter_getppid /pid == cpid/ { @[nsecs] = count(); }'
	local bscript1='tracepoint:syscalls:sys_enter_getppid /pid == cpid/ { @[0] = count(); }'
	local target
	target=$(pinned "$GB $KEYS_N /dev/null")
	if have_dtrace; then
		read -r -a opts <<<"$DTRACE_KEYS_OPTS"
		tmo "$BENCH_TIMEOUT" "$DTRACE" -q "${opts[@]}" -n "$dscript" -c "$target" \
		    </dev/null >"$TMP/keys.dt" 2>"$TMP/keys.dt.err"
		rc=$?
		if [ $rc -ne 0 ] && [ $rc -ne 124 ] && [ $rc -ne 137 ] && [ ${#opts[@]} -gt 0 ]; then
			log "keys: dtrace with '$DTRACE_KEYS_OPTS' failed; retrying without"
			opts=()
			tmo "$BENCH_TIMEOUT" "$DTRACE" -n "$dscript" -c "$target" \
			    </dev/null >"$TMP/keys.dt" 2>"$TMP/keys.dt.err"
			rc=$?
		fi
		if [ $rc -eq 0 ]; then
			dk=$(count_keys "$TMP/keys.dt")
			dt=$(time_n "$BENCH_RUNS" "$DTRACE" -q "${opts[@]}" -n "$dscript" -c "$target" | median)
			dt1=$(time_n "$BENCH_RUNS" "$DTRACE" -q "${opts[@]}" -n "$dscript1" -c "$target" | median)
		else
			log "keys: dtrace failed:"; head -n 5 "$TMP/keys.dt.err" | sed 's/^/bench:   | /' >&2
		fi
	fi
	if have_bpftrace; then
		export BPFTRACE_MAP_KEYS_MAX=$((KEYS_N * 2))
		if tmo "$BENCH_TIMEOUT" bpftrace -e "$bscript" -c "$target" \
		    </dev/null >"$TMP/keys.bt" 2>"$TMP/keys.bt.err"; then
			bk=$(count_keys "$TMP/keys.bt")
			bt=$(time_n "$BENCH_RUNS" bpftrace -e "$bscript" -c "$target" | median)
			bt1=$(time_n "$BENCH_RUNS" bpftrace -e "$bscript1" -c "$target" | median)
		else
			log "keys: bpftrace failed:"; head -n 5 "$TMP/keys.bt.err" | sed 's/^/bench:   | /' >&2
		fi
		unset BPFTRACE_MAP_KEYS_MAX
	fi
	local dd bd
	dd=$(fsub "$dt" "$dt1")
	bd=$(fsub "$bt" "$bt1")
	row "$KEYS_N keys, whole run: ms" "$dt" "$bt" "" "keys printed: dtrace $dk, bpftrace $bk"
	row "1 key, whole run: ms" "$dt1" "$bt1" ""
	row "$KEYS_N keys minus 1 key: ms" "$dd" "$bd" "" \
	    "ratio bpftrace/dtrace = $(fdiv "$bd" "$dd")"
}

PRINTF_N=${PRINTF_N:-100000}

# printf_runs NAME CMD...: CMD runs the loop as its -c target; for each of
# BENCH_RUNS runs, print "ns_per_event wall_ms records" (records: output
# lines of the tracer).
printf_runs() {
	local name=$1 i t0 t1 ns recs
	shift
	for ((i = 0; i < BENCH_RUNS; i++)); do
		rm -f "$TMP/$name.ns"
		t0=$(now_us)
		tmo "$BENCH_TIMEOUT" "$@" </dev/null >"$TMP/$name.out" 2>"$TMP/$name.err" || {
			log "printf: failed (rc $?): $*"
			head -n 5 "$TMP/$name.err" | sed 's/^/bench:   | /' >&2
			return 1
		}
		t1=$(now_us)
		ns=$(cat "$TMP/$name.ns" 2>/dev/null)
		recs=$(grep -c '^rec ' "$TMP/$name.out")
		echo "${ns:-n/a} $(awk -v d=$((t1 - t0)) 'BEGIN { printf "%.1f", d / 1000 }') $recs"
	done
}

bench_printf() {
	local u dt=() bt=() f d b
	u=$(untraced_ns)
	if have_dtrace; then
		printf_runs dtp "$DTRACE" -q \
		    -n 'syscall::getppid:entry /pid == $target/ { printf("rec %d %d\n", pid, timestamp); }' \
		    -c "$(pinned "$GB $PRINTF_N $TMP/dtp.ns")" >"$TMP/dtp.runs"
		for f in 1 2 3; do dt+=("$(awk -v f=$f '{ print $f }' "$TMP/dtp.runs" | median)"); done
	else
		dt=(n/a n/a n/a)
	fi
	if have_bpftrace; then
		printf_runs btp bpftrace \
		    -e 'tracepoint:syscalls:sys_enter_getppid /pid == cpid/ { printf("rec %d %lld\n", pid, nsecs); }' \
		    -c "$(pinned "$GB $PRINTF_N $TMP/btp.ns")" >"$TMP/btp.runs"
		for f in 1 2 3; do bt+=("$(awk -v f=$f '{ print $f }' "$TMP/btp.runs" | median)"); done
	else
		bt=(n/a n/a n/a)
	fi
	d=$(fsub "${dt[0]}" "$u")
	b=$(fsub "${bt[0]}" "$u")
	row "printf: ns/event in target" "${dt[0]}" "${bt[0]}" "$u"
	row "printf: added ns/event" "$d" "$b" "" \
	    "ratio dtrace/bpftrace added = $(fdiv "$d" "$b")"
	row "printf: records seen (of $PRINTF_N)" "${dt[2]%.*}" "${bt[2]%.*}" ""
	row "printf: whole run: ms" "${dt[1]}" "${bt[1]}" ""
	row "printf: records/s, whole run" "$(fdiv "${dt[2]}" "$(fdiv "${dt[1]}" 1000 %.4f)" %.0f)" \
	    "$(fdiv "${bt[2]}" "$(fdiv "${bt[1]}" 1000 %.4f)" %.0f)" "" "(includes start-up)"
}

# ---- json --------------------------------------------------------------------
#
# The records of bench_printf (printf("rec %d %d\n", pid, timestamp) on
# each getppid() of the pinned loop) printed as text and as JSON.  Each run
# reports "wall_ms records bytes cpu_ms" (cpu: the tracer's user + system
# time, from /usr/bin/time); the medians are compared.

json_runs() {
	local fmt=$1 pat i t0 t1 recs cpu
	[ "$fmt" = json ] && pat='"output":"rec ' || pat='^rec '
	for ((i = 0; i < BENCH_RUNS; i++)); do
		t0=$(now_us)
		tmo "$BENCH_TIMEOUT" /usr/bin/time -f '%U %S' -o "$TMP/json.time" "$DTRACE" -q \
		    -x oformat="$fmt" \
		    -n 'syscall::getppid:entry /pid == $target/ { printf("rec %d %d\n", pid, timestamp); }' \
		    -c "$(pinned "$GB $PRINTF_N $TMP/json.ns")" </dev/null >"$TMP/json.out" 2>"$TMP/json.err" || {
			log "json: failed (rc $?) with oformat=$fmt"
			head -n 5 "$TMP/json.err" | sed 's/^/bench:   | /' >&2
			return 1
		}
		t1=$(now_us)
		recs=$(grep -c "$pat" "$TMP/json.out")
		cpu=$(awk '{ printf "%.0f", ($1 + $2) * 1000 }' "$TMP/json.time")
		echo "$(awk -v d=$((t1 - t0)) 'BEGIN { printf "%.1f", d / 1000 }') $recs $(stat -c %s "$TMP/json.out") $cpu"
	done
}

bench_json() {
	local fmt f m r=() b=() c=()
	if ! have_dtrace; then
		row "json: records/s, text / json" n/a n/a ""
		return
	fi
	for fmt in text json; do
		json_runs "$fmt" >"$TMP/json.$fmt.runs" || { r+=(n/a); b+=(n/a); c+=(n/a); continue; }
		for f in 1 2 3 4; do m[f]=$(awk -v f=$f '{ print $f }' "$TMP/json.$fmt.runs" | median); done
		r+=("$(fdiv "${m[2]}" "$(fdiv "${m[1]}" 1000 %.4f)" %.0f)")
		b+=("$(fdiv "${m[3]}" "${m[2]}" %.1f)")
		c+=("$(fdiv "$(fdiv "${m[4]}" 0.001 %.0f)" "${m[2]}" %.3f)")
	done
	row "json: records/s, whole run [text]" "${r[0]}" "" "" "(includes start-up)"
	row "json: records/s, whole run [json]" "${r[1]}" "" "" "ratio json/text = $(fdiv "${r[1]}" "${r[0]}")"
	row "json: tracer CPU us/record [text]" "${c[0]}" "" "" "(user + system, whole run)"
	row "json: tracer CPU us/record [json]" "${c[1]}" "" "" "ratio json/text = $(fdiv "${c[1]}" "${c[0]}")"
	row "json: output bytes/record [text]" "${b[0]}" "" ""
	row "json: output bytes/record [json]" "${b[1]}" "" ""
}

# ---- printf_rate -------------------------------------------------------------
#
# paced-gen makes getpriority(0, 1000000000 + i) calls at a fixed rate for
# PRATE_SECS seconds (pinned like the loop); the tracer, started first,
# prints one record per call.  Each rate of the ladder PRATE_RATES is run
# once per tracer.  A tracer that slows the caller down (bpftrace wakes its
# reader on every record) gets the rate the caller achieved, not the one
# asked.  The zero-loss rate is the highest achieved rate with every record
# delivered and nothing lost (dtrace "N drops on CPU n", bpftrace "Lost N
# events").  Consumer CPU is the tracer's CPU time (all threads, from
# /proc/PID/task/*/schedstat) from attach until its output is drained,
# over the records delivered.  dtrace runs at the default bufsize (4m),
# once with the default switchrate (1hz: a CPU's buffer then takes 4 MB of
# records per second, as in DTrace, 4194304 / 24 = 174,762 of these 24-byte
# records; the perf framing is not counted) and once with switchrate=10hz,
# with -q, so its attach is seen by a BEGIN record (-q hides the "matched"
# notice, as in DTrace).

PRATE_SECS=${PRATE_SECS:-3}
PRATE_RATES=${PRATE_RATES:-"25000 50000 75000 100000 150000 170000 200000 300000 500000"}
PRATE_FAST=${PRATE_FAST:-10hz}	# the second dtrace run's switchrate

# cpu_ns PID: CPU time in ns of all threads of PID and of their children.
cpu_ns() {
	local p t sum=0
	for p in "$1" $(pgrep -P "$1"); do
		for t in /proc/"$p"/task/*/schedstat; do
			read -r t _ <"$t" 2>/dev/null && sum=$((sum + t))
		done
	done
	echo "$sum"
}

# prate_run dtrace|dtrace-fast|bpftrace RATE: "delivered lost cpu_ns achieved_rate"
prate_run() {
	local who=$1 rate=$2 base=$TMP/prate cmd=() pat lost opts=() c0 c1 pid
	[ "$who" = dtrace-fast ] && opts=(-x "switchrate=$PRATE_FAST")
	if [ "$who" != bpftrace ]; then
		cmd=("$DTRACE" -q "${opts[@]}" -n 'BEGIN { printf("ready\n"); }'
		     -n 'syscall::getpriority:entry /execname == "paced-gen"/ { printf("%d %d\n", arg0, arg1); }')
		pat='^ready$'
	else
		cmd=(bpftrace -e 'tracepoint:syscalls:sys_enter_getpriority /comm == "paced-gen"/ { printf("%d %d\n", args->which, args->who); }')
		pat=$BT_ATTACHED
	fi
	tracer_start "$base" "$pat" "${cmd[@]}" || return 1
	pid=$(pgrep -P "$TRACER_PID" | head -n 1)
	c0=$(cpu_ns "$pid")
	tmo "$BENCH_TIMEOUT" "${PIN[@]}" "$PG" "$rate" "$PRATE_SECS" "$base.rate" </dev/null >/dev/null
	sleep 1.5	# one switchrate, and then some: everything is read
	c1=$(cpu_ns "$pid")
	tracer_stop
	if [ "$who" != bpftrace ]; then
		lost=$(awk '/drops? on CPU/ { s += $2 } END { print s + 0 }' "$base.err")
	else
		lost=$(grep -Eo 'Lost [0-9]+ events' "$base.out" "$base.err" | awk '{ s += $2 } END { print s + 0 }')
	fi
	echo "$(grep -Ec '^0 1[0-9]{9}$' "$base.out") $lost $((c1 - c0)) $(cat "$base.rate" 2>/dev/null)"
}

bench_printf_rate() {
	local who rate n delivered lost cpu ach best cpubest
	for who in dtrace dtrace-fast bpftrace; do
		[ "$who" != bpftrace ] && ! have_dtrace && continue
		[ "$who" = bpftrace ] && ! have_bpftrace && continue
		best=0 cpubest=n/a
		for rate in $PRATE_RATES; do
			read -r delivered lost cpu ach < <(prate_run "$who" "$rate") ||
			    { log "printf_rate: $who failed at $rate/s"; break; }
			n=$((rate * PRATE_SECS))
			row "printf_rate $who, asked $rate/s" "" "" "" \
			    "achieved ${ach}/s, delivered $delivered of $n, lost $lost, consumer $(fdiv "$cpu" $((delivered * 1000)) %.2f) us/rec"
			if [ "$delivered" = "$n" ] && [ "$lost" = 0 ] && [ "${ach:-0}" -gt "$best" ]; then
				best=$ach
				cpubest=$(fdiv "$cpu" $((delivered * 1000)) %.2f)
			fi
		done
		eval "prate_best_${who/-/_}=\$best prate_cpu_${who/-/_}=\$cpubest"
	done
	row "printf_rate: zero-loss rate/s" "${prate_best_dtrace:-n/a}" "${prate_best_bpftrace:-n/a}" "" \
	    "switchrate 1hz; ratio dtrace/bpftrace = $(fdiv "${prate_best_dtrace:-n/a}" "${prate_best_bpftrace:-n/a}")"
	row "printf_rate: zero-loss rate/s, $PRATE_FAST" "${prate_best_dtrace_fast:-n/a}" "${prate_best_bpftrace:-n/a}" "" \
	    "switchrate $PRATE_FAST; ratio dtrace/bpftrace = $(fdiv "${prate_best_dtrace_fast:-n/a}" "${prate_best_bpftrace:-n/a}")"
	row "printf_rate: consumer CPU us/record" "${prate_cpu_dtrace:-n/a}" "${prate_cpu_bpftrace:-n/a}" "" \
	    "at each tracer's zero-loss rate (dtrace at $PRATE_FAST: ${prate_cpu_dtrace_fast:-n/a})"
}

# ---- main -------------------------------------------------------------------

ensure_tools
build_bench
check_dtrace
check_base
setup_pin

out "# bench/run.sh $(date -u +%Y-%m-%dT%H:%M:%SZ), kernel $(uname -r), $(nproc) CPUs, median of $BENCH_RUNS runs, loop pinned: ${PIN[*]:-no}"
out "# dtrace: $DTRACE$(have_dtrace || echo ' (missing)'); $(bpftrace --version 2>/dev/null || echo 'bpftrace missing')"
want_base && out "# base dtrace (rows marked [base]): $BASE$(have_base || echo ' (missing)')"
out "# load average: $(cut -d' ' -f1-3 /proc/loadavg)"
others=$(pgrep -x 'bpftrace|dtrace' | tr '\n' ' ')
[ -n "$others" ] && out "# warning: other tracers running (pids $others): every syscall may take the slow path"
row "benchmark" "dtrace" "bpftrace" "untraced" "note"

for b in $SELECTED; do
	log "running $b"
	"bench_$b"
done
log "results in $RESULTS"
