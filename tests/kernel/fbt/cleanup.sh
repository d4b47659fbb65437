# Nothing stays attached after dtrace ends, even by kill -9: no function
# has an ftrace user (kprobes, kprobe_multi, trampolines) and no BPF link
# is left.
ef=/sys/kernel/tracing/enabled_functions
gone() {
	i=0
	while [ $i -lt 50 ] && { grep -q . $ef || [ -n "$(bpftool link list 2>/dev/null)" ]; }; do
		sleep 0.2
		i=$((i + 1))
	done
	echo "$1: $(grep -c . $ef) functions, $(bpftool link list 2>/dev/null | grep -c '^[0-9]') links"
}
for mode in fentry kprobe; do
	$DTRACE -x fbtmode=$mode -q -n 'fbt::vfs_read:,fbt::ksys_read:,fbt::rw_verify_area: { @ = count(); }' -c "$T/read-n 3" >/dev/null
	gone "$mode, after exit"
	$DTRACE -x fbtmode=$mode -q -n 'fbt::vfs_read:,fbt::ksys_read:,fbt::rw_verify_area: { @ = count(); }' >/dev/null 2>&1 &
	i=0
	while [ $i -lt 300 ] && [ "$(grep -c . $ef)" -lt 3 ]; do
		sleep 0.2
		i=$((i + 1))
	done
	[ "$(grep -c . $ef)" -ge 3 ] && echo "$mode, attached"
	kill -9 $!
	wait $! 2>/dev/null
	gone "$mode, after kill -9"
done
