# stack() at fbt probes starts, as in DTrace, at the probed function's
# caller, whichever way the probes attach: vfs_read's entry and return
# show ksys_read, then do_syscall_64 (offsets vary by kernel: cut).
for mode in fentry kprobe; do
	echo "$mode:"
	$DTRACE -x fbtmode=$mode -q -n 'fbt::vfs_read:entry,fbt::vfs_read:return /pid == $target/ { @[probename, stack(2)] = count(); }' -c "$T/read-n 2" | sed 's/+0x[0-9a-f]*$//'
done
