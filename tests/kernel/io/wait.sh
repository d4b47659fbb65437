# io:::wait-start and wait-done: the entry and return of submit_bio_wait()
# (fentry/fexit), on the guest's RAM disk /dev/ram0 (brd, loaded by
# tests/kernel/guest-init.sh).  fsync-n fsyncs the device 8 times; each
# fsync of a block device flushes its cache with one bio submitted and
# waited for in submit_bio_wait() (blkdev_fsync → blkdev_issue_flush, on
# 6.1 and 6.12): 8 wait-start and 8 wait-done in the trigger, each
# wait-done the same thread's, of the bio its wait-start saw.  args[]
# from the bio (dlib/io.d): a write (REQ_OP_WRITE | REQ_PREFLUSH) of no
# data, on the device stat(1) gives, ram0 by every name (a disk, no
# partition), no file.  read-direct reads the first 4 blocks of the
# device with O_DIRECT: a small synchronous direct read of a block device
# is one bio waited for in submit_bio_wait() (__blkdev_direct_IO_simple,
# both kernels): 4 waits, reads of 4096 bytes at sectors 0, 8, 16, 24
# (brd completes a bio without advancing it: wait-done sees the same),
# into the reader's own buffer (no file).  brd is a bio-based driver:
# no request, so no io:::start (not counted here).
[ -b /dev/ram0 ] || { echo "no /dev/ram0 (brd not loaded)"; exit 1; }
$DTRACE -l -n io:::wait-start -n io:::wait-done | awk 'NR > 1 { print $2, $3, $4, $5 }'
maj=$((0x$(stat -c %t /dev/ram0))) min=$((0x$(stat -c %T /dev/ram0)))
$DTRACE -qn '
io:::wait-start /pid == $target/ {
	starts++; self->bio = arg0;
	@["a write of no data", (args[0]->b_flags & B_WRITE) != 0 && args[0]->b_bcount == 0] = count();
	@["the device", args[1]->dev_major == $1 && args[1]->dev_minor == $2 &&
	    args[0]->b_edev == ($1 << 20 | $2)] = count();
	@["its names", args[1]->dev_name == "ram0" && args[1]->dev_statname == "ram0" &&
	    args[1]->dev_pathname == "/dev/ram0"] = count();
	@["no file", args[2]->fi_pathname == "<none>" && args[2]->fi_name == "<none>"] = count(); }
io:::wait-done /pid == $target && self->bio != arg0/ { unpaired++; }
io:::wait-done /pid == $target && self->bio == arg0/ {
	dones++; self->bio = 0;
	@["done: the device", args[1]->dev_statname == "ram0" && args[0]->b_edev == ($1 << 20 | $2)] = count(); }
END { printf("%d waits started, %d done, %d unpaired\n", starts, dones, unpaired); printa("%s: %d %@d\n", @); }' \
	-c "$T/fsync-n /dev/ram0 8" $maj $min
echo "rc=$?"
$DTRACE -qn '
io:::wait-start /pid == $target/ {
	@["read", args[0]->b_flags & B_READ ? "yes" : "no"] = count();
	@["bytes", lltostr(args[0]->b_bcount)] = count();
	@["file", args[2]->fi_name] = count();
	@s = sum(args[0]->b_blkno); self->bio = arg0; }
io:::wait-done /pid == $target && self->bio == arg0/ {
	@["done: bytes", lltostr(args[0]->b_bcount)] = count(); self->bio = 0; }
END { printa("%s %s: %@d\n", @); printa("sectors summing to %@d\n", @s); }' \
	-c "$T/read-direct /dev/ram0 4"
echo "rc=$?"
