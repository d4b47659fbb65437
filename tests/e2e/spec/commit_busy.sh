# A speculation committed on CPU 0 (END) while only CPU 1 holds its data
# stays busy until the consumer has copied CPU 1's part: meanwhile
# speculate() on it is ignored, discard() and commit() do nothing and
# speculation() fails ("still busy").  The part is printed after END's
# output, as the consumer copies it after reading the buffers.
taskset -c 0 $DTRACE -qn 'BEGIN { s = speculation(); } syscall::getpid:entry /pid == $target/ { speculate(s); printf("on CPU %d\n", cpu); } END { commit(s); } END { speculate(s); printf("ignored\n"); } END { discard(s); commit(s); } END { printf("speculation() = %d\n", speculation()); }' -c "taskset -c 1 $T/getpid-n 2"
echo "rc=$?"
