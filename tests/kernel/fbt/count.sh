# A trigger's 7 read(2)s of /dev/zero are 7 calls of ksys_read and
# vfs_read, whichever way the probes attach.
for mode in auto fentry kprobe; do
	echo "$mode:"
	$DTRACE -x fbtmode=$mode -q -n 'fbt::vfs_read:entry,fbt::ksys_read:entry /pid == $target/ { @[probefunc] = count(); }' -c "$T/read-n 7"
done
