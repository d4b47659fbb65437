# The fbt chapter's examples with Linux's functions.  putnext.d's chain
# of members to a name: the file each vfs_read reads, through args[0]
# (struct file *) to its dentry's name (read-n reads /dev/zero 3 times).
# The delay/drv_usecwait example: the time spent in a function into
# quantize() keyed by stack(), self-> variables from entry to return (the
# distribution's buckets vary: summed to the 4 reads of read-n 4).
for mode in fentry kprobe; do
	echo "$mode:"
	$DTRACE -x fbtmode=$mode -q -n 'fbt::vfs_read:entry /pid == $target/ { @calls[stringof(args[0]->f_path.dentry->d_name.name)] = count(); }' -c "$T/read-n 3"
	$DTRACE -x fbtmode=$mode -q -n 'fbt::vfs_read:entry /pid == $target/ { self->in = timestamp; }' -n 'fbt::vfs_read:return /self->in/ { @snoozers[stack(1)] = quantize(timestamp - self->in); self->in = 0; }' -c "$T/read-n 4" |
		awk '/\|/ { n += $NF; next } NF { sub(/\+0x[0-9a-f]*$/, ""); print } END { print "total", n }'
done
