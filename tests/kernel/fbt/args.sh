# At entry args[] are typed from BTF: vfs_read(struct file *, char *,
# size_t, loff_t *); arg2 is the raw count.
for mode in fentry kprobe; do
	echo "$mode:"
	$DTRACE -x fbtmode=$mode -q -n 'fbt::vfs_read:entry /pid == $target/ { @[args[2], arg2, args[0]->f_flags & 3] = count(); }' -c "$T/read-n 3"
done
