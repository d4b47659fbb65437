# fill: tracing continues until the buffer cannot take a record, then stops
# everywhere (the target goes on calling getpid, unseen), all buffers are
# read, END runs in the space reserved for it, and dtrace exits.  12k holds
# 12288 / 16 = 768 records of 16 bytes (8-byte EPID header, 8-byte value);
# one is reserved for END's record, so what is printed is exactly the
# first 767 events, then END's (n counts the 768th event too: its record
# is the one that did not fit).
taskset -c 0 $DTRACE -b 12k -x bufpolicy=fill -qn '
    syscall::getpid:entry /pid == $target/ { printf("%d\n", n++); }
    END { printf("END after %d events\n", n); }' -c "$T/getpid-n 100000000" >rec.txt 2>msg.txt; rc=$?; sed -i "\$ {/^\$/d}" rec.txt; (exit $rc) # without the blank line ending tracing
echo "rc=$?"
cat msg.txt
echo "$(wc -l <rec.txt) lines"
head -n 767 rec.txt | awk '$1 != NR - 1 { bad = 1 } END { print bad ? "not a prefix" : "exact prefix 0..766" }'
tail -n 1 rec.txt
