# SIGKILL, SIGTERM and SIGINT while a 100,000-clause script loads end
# dtrace promptly (the kernel's verifier used to hold it, deaf to SIGKILL,
# for minutes): the process is gone within 10 s of the signal, whenever it
# lands (compiling, loading, attaching or tracing).
awk 'BEGIN { for (i = 0; i < 100000; i++) printf("BEGIN { x = %d; }\n", i);
    print "tick-1s { }" }' > big.d
for sig in KILL TERM INT; do
	if [ $sig = INT ]; then
		# a background job's SIGINT is ignored unless set: set it in the child
		env --default-signal=INT $DTRACE -q -s big.d >/dev/null 2>&1 &
	else
		$DTRACE -q -s big.d >/dev/null 2>&1 &
	fi
	p=$!
	sleep 1
	kill -$sig $p
	i=0
	while kill -0 $p 2>/dev/null && [ $i -lt 100 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	if kill -0 $p 2>/dev/null; then
		echo "SIG$sig: still running after 10 s"
		kill -9 $p
	else
		echo "SIG$sig: gone"
	fi
	wait $p 2>/dev/null
done
