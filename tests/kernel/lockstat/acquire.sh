# lockstat's hold events (fexit on the lock functions).
# Uncontended: one thread of lock-contend writes 16 blocks to a pty; each
# write(2) takes the terminal's write mutex once with
# mutex_lock_interruptible: some lock is acquired exactly 16 times there
# and released 16 times (other locks of the write path may be too).
# Contended: 4 threads x 16 writes: the lock the threads blocked on
# (adaptive-block) was acquired 64 times, released 64 times, and each
# adaptive-block is followed by the same thread's adaptive-acquire of
# the same lock (the Guide: block fires before acquire).  args[0] is a
# struct mutex *.  rw: mmap-n maps and unmaps 20 times: its mmap_lock is
# acquired as a writer (arg1 RW_WRITER 0) at least 40 times, and each
# writer's hold ends in a writer's release or a downgrade (munmap
# downgrades on 6.12), each reader's hold (RW_READER 1) in a reader's
# release, downgraded holds included; down_write* and up_write give
# RW_WRITER, down_read* and up_read RW_READER.
o=$(mktemp)
trap 'rm -f $o' EXIT
for n in 1 4; do
	echo "threads $n:"
	$DTRACE -qn '
	lockstat:::adaptive-acquire /pid == $target/ { @a[arg0] = count(); }
	lockstat:::adaptive-release /pid == $target/ { @r[arg0] = count(); }
	lockstat:::adaptive-block /pid == $target/ { @b[arg0] = count(); self->b = arg0; @blocks = count(); }
	lockstat:::adaptive-acquire /pid == $target && self->b/ { @after = sum(self->b == arg0); self->b = 0; }
	lockstat:::adaptive-acquire /pid == $target && arg0 != (uint64_t)args[0]/ { @bad = count(); }
	END { printa("%@d %@d %@d\n", @a, @r, @b); printa("blocks %@d\n", @blocks); printa("after %@d\n", @after); printa("bad %@d\n", @bad); }' \
		-c "$T/lock-contend $n 16" >$o 2>&1
	echo "rc=$?"
	if [ $n = 1 ]; then
		awk '$1 == 16 && $2 == 16 && NF == 3 { print "a lock acquired 16 times, released 16 times" }' $o | sort -u
	else
		awk 'NF == 3 && $3 > 0 { print "blocked-on lock: acquired", $1, "released", $2 }' $o
		b=$(sed -n 's/^blocks //p' $o) a=$(sed -n 's/^after //p' $o)
		[ -n "$b" ] && [ "$b" = "$a" ] && echo "each block followed by its acquire"
	fi
	grep '^bad' $o
done
echo "rw:"
$DTRACE -qn '
lockstat:::rw-acquire /pid == $target && arg1 == 0/ { @wa[arg0] = count(); }
lockstat:::rw-release /pid == $target && arg1 == 0/ { @wr[arg0] = count(); }
lockstat:::rw-downgrade /pid == $target/ { @d[arg0] = count(); }
lockstat:::rw-acquire /pid == $target && arg1 == 1/ { @ra[arg0] = count(); }
lockstat:::rw-release /pid == $target && arg1 == 1/ { @rr[arg0] = count(); }
lockstat::down_write*:rw-acquire, lockstat::up_write:rw-release /pid == $target && args[1] != 0/ { @bad = count(); }
lockstat::down_read*:rw-acquire, lockstat::up_read:rw-release /pid == $target && args[1] != 1/ { @bad = count(); }
END { printa("%d %@d %@d %@d %@d %@d\n", @wa, @wr, @d, @ra, @rr); printa("bad %@d\n", @bad); }' -c "$T/mmap-n 20" >$o 2>&1
echo "rc=$?"
awk 'NF == 6 && $2 >= 40 { print "a lock acquired as writer at least 40 times;",
	($2 == $3 + $4 ? "released or downgraded as often;" : "writer holds unbalanced;"),
	($6 == $5 + $4 ? "reader holds balanced" : "reader holds unbalanced") }' $o
grep '^bad' $o
