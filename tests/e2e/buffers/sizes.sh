# Sizes take k, m, g, t suffixes (either case); the same 12k buffer holds
# the same 12288 / 16 = 768 records (of 16 bytes) however it is written.
for b in "-b 12k" "-b 12K" "-x bufsize=12288" "-x bufsize=12k"; do
	taskset -c 0 $DTRACE $b -x bufpolicy=fill -qn '
	    syscall::getpid:entry /pid == $target/ { printf("%d\n", n++); }' -c "$T/getpid-n 1000" >rec.txt; rc=$?; sed -i "\$ {/^\$/d}" rec.txt; (exit $rc) # without the blank line ending tracing
	echo "$b: $(wc -l <rec.txt) records"
done
