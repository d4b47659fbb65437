# The guide's ring buffer example, on Linux: rexit is exit_group, and the
# example's end condition is kept to the target.  The newest 1024 records
# (16384 / 16: every record here is 16 bytes) of the 16k ring are printed
# when dtrace ends, oldest first: the target's last 1022 getpid calls, then
# its exit_group (trace() and exit() records).
cp "$D/ring.d" .
taskset -c 0 $DTRACE -s ring.d getpid-n -c "$T/getpid-n 3000" >rec.txt 2>msg.txt; rc=$?; sed -i "\$ {/^\$/d}" rec.txt; (exit $rc) # without the blank line ending tracing
echo "rc=$?"
grep -v 'has exited$' msg.txt | sed 's/matched [0-9]* probes/matched N probes/'
head -n 1 rec.txt
echo "$(tail -n +2 rec.txt | wc -l) records"
tail -n +2 rec.txt | awk '{ print "CPU", $1, $3 }' | uniq -c
tail -n +2 rec.txt | awk 'NF == 4 { if ($4 < last) bad = 1; last = $4 } END { print bad ? "out of order" : "oldest to newest" }'
