#!/bin/sh
# bench/kernel-fbt.sh: fbt against bpftrace inside Debian's 6.12 kernel
# under qemu (tests/kernel/run-guests.sh boots it; the host kernel has no
# kprobes and refuses fentry).  Prints, from bench/kernel/fbt-guest.sh:
#   - attach+detach wall time of every traceable function's entry probe,
#     dtrace `fbt:::entry { @[probefunc] = count(); }` vs bpftrace
#     `kprobe:* { @[func] = count(); }` (both kprobe_multi), and of the
#     vfs_* functions (and 8 of them) with fentry and with kprobes
#     (dtrace -x fbtmode=fentry|kprobe vs bpftrace kfunc:, kprobe:), and
#     of vmlinux's tcp_* functions (auto vs bpftrace kprobe:tcp_*);
#     where fentry's time goes (loads, links, detach: strace -T);
#   - ns per read(2) of /dev/zero, untraced and with a counting probe on
#     vfs_read, entry and return: dtrace fentry/fexit and kprobe/kretprobe
#     vs bpftrace kfunc/kretfunc and kprobe/kretprobe, in the same guest;
#     the added cost per event.
# Code in the guest runs about 20 times slower than on the host (one
# virtual CPU: tests/kernel/run-guests.sh, DT_GUEST_SMP).
top=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$top/build"
if [ ! -x "$top/build/read-bench" ] || [ "$top/bench/read-bench.c" -nt "$top/build/read-bench" ]; then
	${CC:-cc} -static -O2 -Wall -Wextra -o "$top/build/read-bench" "$top/bench/read-bench.c" || exit 1
fi
DT_KERNELS=${DT_KERNELS:-linux-image-6.12-amd64} DT_GUEST_TIMEOUT=${DT_GUEST_TIMEOUT:-1500} \
	DT_GUEST_CMD="$top/bench/kernel/fbt-guest.sh" sh "$top/tests/kernel/run-guests.sh"
