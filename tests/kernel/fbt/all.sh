# fbt:::entry: every traceable function at once (where the kernel has
# kprobe_multi; 6.1 attaches one kprobe per function, so there only the
# vfs_* and ksys_* functions), counts exact for a known trigger.  A
# sanitizer build (make asan) takes the small set too: with ASan's shadow
# memory, tens of thousands of probes exhaust the guest's memory under
# emulation; the plain pass covers the whole kernel.
spec='fbt:::entry'
case $KVER in 6.1.*) spec='fbt::vfs_*:entry,fbt::ksys_*:entry' ;; esac
if ldd "$DTRACE" 2>/dev/null | grep -q libasan; then
	spec='fbt::vfs_*:entry,fbt::ksys_*:entry'
fi
$DTRACE -q -n "$spec"' /pid == $target/ { @[probefunc] = count(); }' -c "$T/read-n 7" | grep -w -e ksys_read -e vfs_read
