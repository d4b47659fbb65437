# Run-time errors and drops are events of their own in the stream (and
# still messages on stderr).
$DTRACE -x oformat=json -n 'BEGIN { x = 0; trace(1 / x); } BEGIN { exit(0); }' >json.txt 2>err.txt
echo "rc=$?"
python3 $D/check.py <json.txt
cat err.txt
# aggregation drops: 1024 bytes of aggsize hold one key of strsize 512
taskset -c 0 $DTRACE -x oformat=json -x aggsize=1024 -x strsize=512 -qn 'BEGIN { @a["a"] = count();
    @a["b"] = count(); @a["c"] = count(); @a["d"] = count(); exit(0); }' 2>err.txt | python3 $D/check.py
cat err.txt
