# fbt:::entry: every traceable function at once (where the kernel has
# kprobe_multi; 6.1 attaches one kprobe per function, so there only the
# vfs_* and ksys_* functions), counts exact for a known trigger.
case $KVER in
6.1.*) spec='fbt::vfs_*:entry,fbt::ksys_*:entry' ;;
*) spec='fbt:::entry' ;;
esac
$DTRACE -q -n "$spec"' /pid == $target/ { @[probefunc] = count(); }' -c "$T/read-n 7" | grep -w -e ksys_read -e vfs_read
