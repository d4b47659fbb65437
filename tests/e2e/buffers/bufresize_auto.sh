# bufresize=auto (the default): the size is halved until the allocation
# succeeds, and dtrace says so.  Here a perf ring cannot exceed 1g (the
# kernel's page table of a ring is at most 4 MB), and a 1g buffer needs a
# ring bigger than 1g (its records' perf framing comes on top of bufsize):
# 1t becomes 512m.  One CPU, to allocate a 1g ring only once.
$DTRACE -b 1t -x cpu=0 -n 'BEGIN { trace("traced"); exit(0); }'
echo "rc=$?"
