# ring: nothing is printed until dtrace ends; then only the newest records
# are there, oldest first: 16k holds the newest 16384 / 16 = 1024 records
# of 16 bytes (8-byte EPID header, 8-byte value).
taskset -c 0 $DTRACE -b 16k -x bufpolicy=ring -qn '
    syscall::getpid:entry /pid == $target/ { printf("%d\n", n++); }' -c "$T/getpid-n 3000" >rec.txt 2>msg.txt; rc=$?; sed -i "\$ {/^\$/d}" rec.txt; (exit $rc) # without the blank line ending tracing
echo "rc=$?"
cat msg.txt
echo "$(wc -l <rec.txt) records"
awk '$1 != NR + 1975 { bad = 1 } END { print bad ? "not the newest" : "exactly events 1976..2999" }' rec.txt
