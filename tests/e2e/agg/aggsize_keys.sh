# aggsize is enforced as DTrace's per-CPU aggregation buffer: an entry
# takes 32 bytes, strsize bytes per string key and the data; 1/32 of the
# buffer is DTrace's hash.  1024 bytes with strsize 512 hold one key; the
# three others are drops.
taskset -c 0 $DTRACE -x aggsize=1024 -x strsize=512 -qn 'BEGIN { @a["a"] = count();
    @a["b"] = count(); @a["c"] = count(); @a["d"] = count(); exit(0); }' 2>err
echo "rc=$?"
cat err
