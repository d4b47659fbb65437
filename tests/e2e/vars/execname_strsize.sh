# execname (the kernel's 16-byte comm) with a strsize below 16 is cut to
# strsize - 1 characters like any string, and is written no further than
# its strsize bytes (it used to write 24 bytes, over the next temporary or
# past the scratch area, which the verifier refused).
for st in 2 5 8 16 17 24; do
	$DTRACE -q -x strsize=$st -n 'BEGIN {
	    printf("|%s|%s|%s|%s|%d|%d|\n", execname, probename, probeprov,
		strjoin(execname, probename), execname == "dtrace", strlen(execname));
	    exit(0); }'
	echo "strsize=$st rc=$?"
done
