# bufresize=auto (the default): the size is halved until the allocation
# succeeds, and dtrace says so.  Here a perf ring cannot exceed 1g (the
# kernel's page table of a ring is at most 4 MB): 1t becomes 1g.  One CPU,
# to allocate 1g only once.
$DTRACE -b 1t -x cpu=0 -n 'BEGIN { trace("traced"); exit(0); }'
echo "rc=$?"
