# bench/ustack.sh: the ustack benchmark of bench/run.sh (sourced by it).
#
#   ustack    @[ustack()] = count() (bpftrace: @[ustack] = count())
#             - per sample, at profile-997 (every CPU, no predicate) while
#               a busy program runs (bench/ustack-bench.c spinning 8
#               frames deep; the other CPU mostly idle: empty stacks): the BPF
#               program's own run time per run, from the kernel's BPF
#               statistics (kernel.bpf_stats_enabled, switched on for the
#               measurement and restored), in the same run for both
#             - printing 10,000 distinct user stacks (one getppid() each,
#               from 10,000 different call chains of ~17 frames): the whole
#               run minus the same run keyed by a constant; the note counts
#               the rows printed and the frames that got a symbol

UB=$BUILD/ustack-bench
USTACK_N=${USTACK_N:-10000}
USTACK_SPIN_MS=${USTACK_SPIN_MS:-5000}

build_ustack() {
	if [ ! -x "$UB" ] || [ bench/ustack-bench.c -nt "$UB" ]; then
		${CC:-cc} -O1 -fno-omit-frame-pointer -mno-omit-leaf-frame-pointer \
		    -fno-optimize-sibling-calls -Wall -Wextra -o "$UB" bench/ustack-bench.c ||
		    { log "cannot build $UB"; return 1; }
	fi
}

# max_prog_id: the highest BPF program id loaded now.
max_prog_id() { bpftool prog show 2>/dev/null | awk -F: '/^[0-9]+:/ { if ($1 > m) m = $1 } END { print m + 0 }'; }

# prog_ns_per_run MINID NAME_RE: mean ns per run of the perf_event programs
# loaded after MINID whose name matches NAME_RE, from the BPF statistics
# (programs are told apart by id: /proc/PID/fdinfo is not always readable).
prog_ns_per_run() {
	bpftool prog show 2>/dev/null | awk -v min="$1" -v re="$2" '
	/^[0-9]+:/ {
		id = $1; sub(":", "", id)
		if (id + 0 <= min || $2 != "perf_event" || $4 !~ re) next
		for (i = 1; i < NF; i++) {
			if ($i == "run_time_ns") ns += $(i + 1)
			if ($i == "run_cnt") n += $(i + 1)
		}
	} END { if (n > 0) printf "%.0f %d\n", ns / n, n; else print "n/a 0" }'
}

# sample_cost NAME_RE CMD...: run the tracer CMD (its -c target spins) and
# read its programs' statistics just before the target ends: "ns runs".
sample_cost() {
	local re=$1 min p r
	shift
	min=$(max_prog_id)
	timeout -k 5 "$BENCH_TIMEOUT" "$@" </dev/null >/dev/null 2>&1 &
	p=$!
	sleep "$(awk -v ms="$USTACK_SPIN_MS" 'BEGIN { printf "%.1f", ms / 1000 - 0.3 }')"
	r=$(prog_ns_per_run "$min" "$re")
	wait "$p" 2>/dev/null
	echo "$r"
}

bench_ustack() {
	local old dts=n/a bts=n/a dn=0 bn=0 r target
	build_ustack || return
	old=$(sysctl -n kernel.bpf_stats_enabled 2>/dev/null || echo 0)
	sysctl -qw kernel.bpf_stats_enabled=1 2>/dev/null ||
	    log "ustack: cannot enable kernel.bpf_stats_enabled: per-sample cost n/a"
	target="$UB 0 $USTACK_SPIN_MS"
	if have_dtrace; then
		r=$(sample_cost '^dt_' "$DTRACE" -qn \
		    'profile-997 { @[ustack()] = count(); }' -c "$target")
		dts=${r% *} dn=${r#* }
	fi
	if have_bpftrace; then
		r=$(sample_cost '^997$' bpftrace -e \
		    'profile:hz:997 { @[ustack] = count(); }' -c "$target")
		bts=${r% *} bn=${r#* }
	fi
	sysctl -qw kernel.bpf_stats_enabled="$old" 2>/dev/null
	row "ustack: profile-997 sample: ns" "$dts" "$bts" "" \
	    "BPF run time per sample ($dn / $bn samples); ratio dtrace/bpftrace = $(fdiv "$dts" "$bts")"

	local dt=n/a dt1=n/a bt=n/a bt1=n/a drows=n/a brows=n/a dsym=n/a bsym=n/a
	local dscript='syscall::getppid:entry /pid == $target/ { @[ustack()] = count(); }'
	local dscript1='syscall::getppid:entry /pid == $target/ { @[0] = count(); }'
	local bscript='tracepoint:syscalls:sys_enter_getppid /pid == cpid/ { @[ustack] = count(); }'
	local bscript1='tracepoint:syscalls:sys_enter_getppid /pid == cpid/ { @[0] = count(); }'
	target="$UB $USTACK_N 0"
	if have_dtrace; then
		# 10,000 keys of 808 bytes: more than the default aggsize holds
		if tmo "$BENCH_TIMEOUT" "$DTRACE" -x aggsize=64m -qn "$dscript" -c "$target" \
		    </dev/null >"$TMP/us.dt" 2>"$TMP/us.dt.err"; then
			drows=$(grep -cE '^ +[0-9]+$' "$TMP/us.dt")
			dsym=$(awk '/`/ { s++ } /^ +0x/ { r++ } END { printf "%d%%", 100 * s / (s + r) }' "$TMP/us.dt")
			dt=$(time_n "$BENCH_RUNS" "$DTRACE" -x aggsize=64m -qn "$dscript" -c "$target" | median)
			dt1=$(time_n "$BENCH_RUNS" "$DTRACE" -qn "$dscript1" -c "$target" | median)
		else
			log "ustack: dtrace failed:"; head -n 5 "$TMP/us.dt.err" | sed 's/^/bench:   | /' >&2
		fi
	fi
	if have_bpftrace; then
		export BPFTRACE_MAP_KEYS_MAX=$((USTACK_N * 2))
		if tmo "$BENCH_TIMEOUT" bpftrace -e "$bscript" -c "$target" \
		    </dev/null >"$TMP/us.bt" 2>"$TMP/us.bt.err"; then
			brows=$(grep -cE '\]: [0-9]+$' "$TMP/us.bt")
			bsym=$(awk '/^ +[^ ]+\+[0-9]+$/ && !/^ +0x/ { s++ } /^ +0x/ { r++ } /\[unknown\]/ { r++ }
			    END { printf "%d%%", (s + r) ? 100 * s / (s + r) : 0 }' "$TMP/us.bt")
			bt=$(time_n "$BENCH_RUNS" bpftrace -e "$bscript" -c "$target" | median)
			bt1=$(time_n "$BENCH_RUNS" bpftrace -e "$bscript1" -c "$target" | median)
		else
			log "ustack: bpftrace failed:"; head -n 5 "$TMP/us.bt.err" | sed 's/^/bench:   | /' >&2
		fi
		unset BPFTRACE_MAP_KEYS_MAX
	fi
	local dd bd
	dd=$(fsub "$dt" "$dt1")
	bd=$(fsub "$bt" "$bt1")
	row "ustack: $USTACK_N stacks printed: ms" "$dd" "$bd" "" \
	    "whole run minus @[0]; rows dtrace $drows, bpftrace $brows; frames with a symbol: dtrace $dsym, bpftrace $bsym; ratio bpftrace/dtrace = $(fdiv "$bd" "$dd")"
}

# unwind    issue 20: user stacks unwound with the call frame information
#           - per profile-997 sample (BPF run time, as ustack's): dtrace's
#             @[ustack()] = count() on ustack-bench built without frame
#             pointers (unwound with the tables), the same built with them,
#             and bpftrace's @[ustack] = count() on the build without them
#             (it follows %rbp and stops where a frame has none), same run;
#             and how many frames each got of the spinning stack
#           - the unwind tables' memory for python3 and every library it
#             maps (DTRACE_DEBUG_UNWIND)
#           - writing 10,000 distinct stacks as folded stacks, an SVG flame
#             graph and a pprof file, against DTrace's text: the whole run
#             minus the same run keyed by a constant

UBN=$BUILD/ustack-bench-nofp

build_unwind() {
	build_ustack || return
	if [ ! -x "$UBN" ] || [ bench/ustack-bench.c -nt "$UBN" ]; then
		${CC:-cc} -O1 -fomit-frame-pointer -fno-optimize-sibling-calls -Wall -Wextra \
		    -o "$UBN" bench/ustack-bench.c || { log "cannot build $UBN"; return 1; }
	fi
}

# deepest FILE: the most frames of one stack in DTrace's text output
deepest() {
	awk '/^ *$/ { if (n > m) m = n; n = 0; next } /^ +[0-9]+$/ { if (n > m) m = n; n = 0; next }
	    /frames (may be )?missing/ { next } { n++ } END { if (n > m) m = n; print m + 0 }' "$1"
}

bench_unwind() {
	local old r dn=n/a df=n/a bn=n/a cn=0 cf=0 cb=0 fn=n/a ff=n/a fb=n/a
	build_unwind || return
	old=$(sysctl -n kernel.bpf_stats_enabled 2>/dev/null || echo 0)
	sysctl -qw kernel.bpf_stats_enabled=1 2>/dev/null ||
	    log "unwind: cannot enable kernel.bpf_stats_enabled: per-sample cost n/a"
	if have_dtrace; then
		r=$(sample_cost '^dt_' "$DTRACE" -qn \
		    'profile-997 { @[ustack()] = count(); }' -c "$UBN 0 $USTACK_SPIN_MS")
		dn=${r% *} cn=${r#* }
		r=$(sample_cost '^dt_' "$DTRACE" -qn \
		    'profile-997 { @[ustack()] = count(); }' -c "$UB 0 $USTACK_SPIN_MS")
		df=${r% *} cf=${r#* }
		tmo "$BENCH_TIMEOUT" "$DTRACE" -qn 'profile-997 /pid == $target/ { @[ustack()] = count(); }' \
		    -c "$UBN 0 1000" </dev/null >"$TMP/uw.dn" 2>/dev/null
		tmo "$BENCH_TIMEOUT" "$DTRACE" -qn 'profile-997 /pid == $target/ { @[ustack()] = count(); }' \
		    -c "$UB 0 1000" </dev/null >"$TMP/uw.df" 2>/dev/null
		fn=$(deepest "$TMP/uw.dn") ff=$(deepest "$TMP/uw.df")
	fi
	if have_bpftrace; then
		r=$(sample_cost '^997$' bpftrace -e \
		    'profile:hz:997 { @[ustack] = count(); }' -c "$UBN 0 $USTACK_SPIN_MS")
		bn=${r% *} cb=${r#* }
		tmo "$BENCH_TIMEOUT" bpftrace -e 'profile:hz:997 /pid == cpid/ { @[ustack] = count(); }' \
		    -c "$UBN 0 1000" </dev/null 2>/dev/null |
		    awk '/^@\[/ { n = 0; next } /^\]: / { if (n > m) m = n; next } /^ +/ { n++ }
			END { print m + 0 }' >"$TMP/uw.bn"
		fb=$(cat "$TMP/uw.bn")
	fi
	sysctl -qw kernel.bpf_stats_enabled="$old" 2>/dev/null
	row "unwind: sample, no frame pointers: ns" "$dn" "$bn" "" \
	    "BPF run time per profile-997 sample ($cn / $cb samples); frames of the spinning stack: dtrace $fn, bpftrace $fb; dtrace/bpftrace = $(fdiv "$dn" "$bn")"
	row "unwind: sample, frame pointers: ns" "$df" "" "" \
	    "dtrace on the build with frame pointers ($cf samples, $ff frames): no-fp/fp = $(fdiv "$dn" "$df")"

	local py=n/a
	local pybin=/usr/bin/python3 # Debian's (a python3 earlier in PATH may be a wrapper script)
	[ -x "$pybin" ] || pybin=$(command -v python3)
	if have_dtrace && [ -n "$pybin" ]; then
		py=$(DTRACE_DEBUG_UNWIND=1 tmo "$BENCH_TIMEOUT" "$DTRACE" -qn \
		    'profile-997 /pid == $target/ { @[ustack()] = count(); }' \
		    -c "$(readlink -f "$pybin") -c pass" 2>&1 >/dev/null </dev/null |
		    awk '/unwind tables:/ { print $4 " objects, " $6 " rows, " $8 " bytes" }')
	fi
	row "unwind: tables of python3 + libraries" "${py:-n/a}" "" "" "16 bytes a row"

	local t1=n/a tt=n/a tf=n/a ts=n/a tp=n/a
	local dscript='syscall::getppid:entry /pid == $target/ { @[ustack()] = count(); }'
	if have_dtrace; then
		t1=$(time_n "$BENCH_RUNS" "$DTRACE" -qn \
		    'syscall::getppid:entry /pid == $target/ { @[0] = count(); }' -c "$UB $USTACK_N 0" | median)
		tt=$(time_n "$BENCH_RUNS" "$DTRACE" -x aggsize=64m -qn "$dscript" -c "$UB $USTACK_N 0" | median)
		tf=$(time_n "$BENCH_RUNS" "$DTRACE" -x aggsize=64m -x oformat=folded -o "$TMP/uw.folded" \
		    -qn "$dscript" -c "$UB $USTACK_N 0" | median)
		ts=$(time_n "$BENCH_RUNS" "$DTRACE" -x aggsize=64m -x oformat=svg -o "$TMP/uw.svg" \
		    -qn "$dscript" -c "$UB $USTACK_N 0" | median)
		tp=$(time_n "$BENCH_RUNS" "$DTRACE" -x aggsize=64m -x oformat=pprof -o "$TMP/uw.pb.gz" \
		    -qn "$dscript" -c "$UB $USTACK_N 0" | median)
	fi
	local lines sz ps
	lines=$(wc -l <"$TMP/uw.folded" 2>/dev/null || echo n/a)
	sz=$(stat -c %s "$TMP/uw.svg" 2>/dev/null || echo n/a)
	ps=$(stat -c %s "$TMP/uw.pb.gz" 2>/dev/null || echo n/a)
	row "unwind: $USTACK_N stacks as text: ms" "$(fsub "$tt" "$t1")" "" "" "run minus @[0]"
	row "unwind: ... as folded stacks: ms" "$(fsub "$tf" "$t1")" "" "" \
	    "$lines lines; folded/text = $(fdiv "$(fsub "$tf" "$t1")" "$(fsub "$tt" "$t1")")"
	row "unwind: ... as an SVG flame graph: ms" "$(fsub "$ts" "$t1")" "" "" \
	    "$sz bytes; svg/text = $(fdiv "$(fsub "$ts" "$t1")" "$(fsub "$tt" "$t1")")"
	row "unwind: ... as pprof: ms" "$(fsub "$tp" "$t1")" "" "" \
	    "$ps bytes; pprof/text = $(fdiv "$(fsub "$tp" "$t1")" "$(fsub "$tt" "$t1")")"
}
