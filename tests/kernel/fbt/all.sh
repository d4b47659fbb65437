# fbt:::entry: every traceable function at once (where the kernel has
# kprobe_multi), counts exact for a known trigger.  6.1 attaches one
# kprobe per function, about 50 ms each under emulation (the whole kernel
# would take half an hour): there the vfs_* and ksys_* functions and
# every traceable name kallsyms has more than once (attached by address,
# copies the kernel refuses skipped: dummy_handler, device_show).  A
# sanitizer build (make asan) takes the small set too: with ASan's shadow
# memory, tens of thousands of probes exhaust the guest's memory under
# emulation; the plain pass covers the whole kernel.
spec='fbt:::entry'
case $KVER in 6.1.*)
	awk '{ print $3 }' /proc/kallsyms | sort | uniq -d >dups
	sed 's/ .*//' /sys/kernel/tracing/available_filter_functions | sort -u >aff
	spec="fbt::vfs_*:entry,fbt::ksys_*:entry$(comm -12 dups aff | grep -v '^__ftrace_invalid' | sed "s/.*/,fbt::&:entry/" | tr -d '\n')"
	;;
esac
if ldd "$DTRACE" 2>/dev/null | grep -q libasan; then
	spec='fbt::vfs_*:entry,fbt::ksys_*:entry'
fi
$DTRACE -Z -q -n "$spec"' /pid == $target/ { @[probefunc] = count(); }' -c "$T/read-n 7" | grep -w -e ksys_read -e vfs_read
