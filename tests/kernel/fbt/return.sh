# At return, arg1 and args[1] are the return value: open-two's second
# openat fails with ENOENT (-ENOENT: dlib/errno.d); arg0 is 0.
for mode in fentry kprobe; do
	echo "$mode:"
	$DTRACE -x fbtmode=$mode -q -n 'fbt::do_sys_openat2:return /pid == $target/ { @[arg0, arg1 >= 0 ? 0 : arg1, args[1] == -ENOENT] = count(); }' -n 'fbt::do_sys_openat2:return /pid == $target && arg1 == -ENOENT/ { printf("ENOENT from %s\n", probefunc); }' -c "$T/open-two"
done
