# fbtmode=auto (the default) attaches with fentry/fexit up to 8 enabled
# probes and with kprobes beyond: a trampoline costs the kernel about
# 0.15 s to remove at exit, a kprobe_multi link removes all its
# functions at once (bench/RESULTS-issue11-fbt.md).  The BPF links a
# running dtrace holds tell which: "tracing" links are fentry/fexit.
ef=/sys/kernel/tracing/enabled_functions
kinds() { # label nfuncs probes
	$DTRACE -q -n "$3 { @ = count(); }" >/dev/null 2>&1 &
	p=$!
	i=0
	while [ $i -lt 300 ] && [ "$(grep -c . $ef)" -lt "$2" ]; do
		sleep 0.2
		i=$((i + 1))
	done
	sleep 0.5
	t=0 o=0
	for f in /proc/$p/fdinfo/*; do
		case $(sed -n 's/^link_type:[[:space:]]*//p' "$f" 2>/dev/null) in
		'') ;;
		tracing) t=$((t + 1)) ;;
		*) o=$((o + 1)) ;;
		esac
	done
	[ "$o" -gt 0 ] && o=some
	echo "$1: $t fentry/fexit links, $o other links"
	kill -9 $p
	wait $p 2>/dev/null
	i=0
	while [ $i -lt 100 ] && grep -q . $ef; do
		sleep 0.2
		i=$((i + 1))
	done
}
f4='fbt::vfs_read:,fbt::vfs_write:,fbt::ksys_read:,fbt::ksys_write:'
kinds "8 probes" 4 "$f4"
kinds "9 probes" 5 "$f4,fbt::rw_verify_area:entry"
