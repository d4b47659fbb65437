# A full speculative buffer takes no more data and counts speculative drops;
# the commit still copies what it holds.  specsize=1k holds 32 records of
# 32 bytes (header and three 8-byte printf arguments): of 70 getpid calls
# on one CPU, 32 are kept and 38 dropped.
taskset -c 0 $DTRACE -x specsize=1k -qn 'BEGIN { s = speculation(); } syscall::getpid:entry /pid == $target/ { speculate(s); printf("%d %d %d\n", ++n, 2, 3); } END { commit(s); }' -c "$T/getpid-n 70" | awk 'NR == 1 || NR == 32; NF { n++ } END { print n " records" }'
