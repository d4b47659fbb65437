# ring: a ring that never wrapped prints every record, the very first one
# included, oldest first: 100 records of 16 bytes in a 16k buffer (which
# holds 1024).
taskset -c 0 $DTRACE -b 16k -x bufpolicy=ring -qn '
    syscall::getpid:entry /pid == $target/ { printf("%d\n", n++); }' -c "$T/getpid-n 100" >rec.txt 2>msg.txt; rc=$?; sed -i "\$ {/^\$/d}" rec.txt; (exit $rc) # without the blank line ending tracing
echo "rc=$?"
cat msg.txt
echo "$(wc -l <rec.txt) records"
awk '$1 != NR - 1 { bad = 1 } END { print bad ? "not all" : "exactly events 0..99" }' rec.txt
