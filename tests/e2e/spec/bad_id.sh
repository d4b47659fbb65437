# An id above nspec is an illegal operation, reported without a DIF offset.
taskset -c 0 $DTRACE -qn '
BEGIN { speculate(2); printf("never\n"); }
BEGIN { commit(-1); }
BEGIN { discard(3); }
BEGIN { exit(0); }'
echo "rc=$?"
