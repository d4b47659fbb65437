# ring: nothing is printed until dtrace ends; then only the newest records
# are there, oldest first: 16k holds the newest 512 records of 32 bytes.
taskset -c 0 $DTRACE -b 16k -x bufpolicy=ring -qn '
    syscall::getpid:entry /pid == $target/ { printf("%d\n", n++); }' -c "$T/getpid-n 1000" >rec.txt 2>msg.txt
echo "rc=$?"
cat msg.txt
echo "$(wc -l <rec.txt) records"
awk '$1 != NR + 487 { bad = 1 } END { print bad ? "not the newest" : "exactly events 488..999" }' rec.txt
