#!/bin/busybox sh
# /init of the kernel-test guests (tests/kernel/run-guests.sh): the host's
# root, read-only over 9p, under a RAM overlay becomes the root; the
# results directory is shared read-write at the same path; then
# tests/kernel/guest-run.sh (or $CMD: bench/kernel-fbt.sh) runs as root
# and the guest powers off.
/bin/busybox --install -s /bin
export PATH=/bin
mount -t proc proc /proc
mount -t sysfs sysfs /sys
mount -t devtmpfs devtmpfs /dev
. /run-env
export ASAN_OPTIONS # make asan: the host's leak setting
# brd: one 4 MiB RAM disk, /dev/ram0 (pages allocated as written)
for m in $(cat /mod/order); do
	case $m in brd.ko) o="rd_nr=1 rd_size=4096" ;; *) o="" ;; esac
	insmod /mod/$m $o || echo "guest: insmod $m failed"
done
o=trans=virtio,version=9p2000.L,msize=262144
mount -t 9p -o $o,ro,cache=loose hostroot /lower || echo "guest: cannot mount the host root"
mount -t tmpfs tmpfs /ovl
mkdir -p /ovl/upper /ovl/work /root/host
mount -t overlay overlay -o lowerdir=/lower,upperdir=/ovl/upper,workdir=/ovl/work /root/host ||
	echo "guest: overlay failed"
h=/root/host
mount -t proc proc $h/proc
mount -t sysfs sysfs $h/sys
mount -t devtmpfs devtmpfs $h/dev
mount -t tmpfs tmpfs $h/tmp
# a tree under /tmp (a CI clone) is hidden by that tmpfs: put it back
case $TOP in /tmp/*) mkdir -p $h$TOP && mount -o bind /lower$TOP $h$TOP ||
	echo "guest: cannot bind $TOP" ;; esac
mkdir -p $h/dev/pts $h/dev/shm
mount -t devpts devpts $h/dev/pts
mount -t tracefs tracefs $h/sys/kernel/tracing
mount -t debugfs debugfs $h/sys/kernel/debug
mount -t bpf bpf $h/sys/fs/bpf
mkdir -p $h$RES
mount -t 9p -o $o,cache=none results $h$RES || echo "guest: cannot mount the results"
ulimit -l unlimited
chroot $h /bin/sh "${CMD:-$TOP/tests/kernel/guest-run.sh}" "$RES" $TESTS >$h$RES/log 2>&1
sync
poweroff -f
