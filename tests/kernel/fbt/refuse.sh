# Probes that cannot attach the way asked are refused, naming the probe,
# before anything is attached; bad modes and unknown functions too.
$DTRACE -x fbtmode=fentry -n 'fbt:overlay:ovl_lookup:entry {}'
echo "status $?"
$DTRACE -x fbtmode=fentry -n 'fbt::vfs_read:entry,fbt:overlay:ovl_lookup:entry { @ = count(); }'
echo "status $?"
$DTRACE -x fbtmode=trampoline -n 'fbt::vfs_read:entry {}'
echo "status $?"
$DTRACE -n 'fbt::no_such_function_here:entry {}'
echo "status $?"
$DTRACE -n 'fbt::vfs_read:return { trace(args[2]); }'
echo "status $?"
cat /sys/kernel/tracing/enabled_functions | wc -l
