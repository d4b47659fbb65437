# ring: each CPU's buffer is printed whole, CPU by CPU, oldest to newest;
# each CPU's 3000 calls leave its newest 16384 / 16 = 1024 records.
$DTRACE -b 16k -x bufpolicy=ring -n 'syscall::getppid:entry /ppid == $target/ { trace(timestamp); }' \
    -c "$T/spin-cpus 3000" >rec.txt 2>msg.txt; rc=$?; sed -i "\$ {/^\$/d}" rec.txt; (exit $rc) # without the blank line ending tracing
echo "rc=$?"
grep -v 'has exited$' msg.txt
tail -n +2 rec.txt | awk '{ print "CPU", $1 }' | uniq -c
tail -n +2 rec.txt | awk '$1 != cpu { cpu = $1; last = 0 } $4 < last { bad = 1 } { last = $4 }
    END { print bad ? "out of order" : "oldest to newest within each CPU" }'
