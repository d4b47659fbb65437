# Records past 32k bytes of the scratch area (big strsize): stores there
# are addressed through a register, the 16-bit offset of a store
# instruction cannot reach them (the verifier used to refuse the program).
# A record bigger than a perf sample holds (65512 bytes) is refused before
# tracing starts, naming -x strsize, as a record bigger than the buffer is
# in DTrace ("Enabling exceeds size of buffer"), with any policy.
taskset -c 0 $DTRACE -q -x strsize=4096 -n 'BEGIN {
	printf("%s %s %s %s %s %s %s %s\n", execname, execname, execname, execname,
	    probename, probename, probename, probename);
	exit(0); }'
echo "rc=$?"
# this-> variables past 32k put the record itself there
taskset -c 0 $DTRACE -q -x strsize=4096 -n 'BEGIN {
	this->a = execname; this->b = probename; this->c = execname; this->d = execname;
	this->e = execname; this->f = execname; this->g = execname; this->h = execname;
	this->i = "x";
	printf("%s %s %s %d\n", this->a, this->b, this->i, 7);
	exit(0); }'
echo "rc=$?"
# and a speculation's record and commit chunk
taskset -c 0 $DTRACE -q -x strsize=4096 -x specsize=64k -n 'BEGIN {
	this->a = execname; this->b = probename; this->c = execname; this->d = execname;
	this->e = execname; this->f = execname; this->g = execname; this->h = execname;
	this->i = "x"; s = speculation(); }
BEGIN { speculate(s); printf("%s %s %s\n", this->a, this->b, this->i); }
BEGIN { commit(s); }
BEGIN { exit(0); }'
echo "rc=$?"
# 8 + 65504 bytes fit a perf sample, 8 + 65512 do not (a string of
# strsize characters takes strsize + 1 bytes here: its NUL)
for st in 65503 65511; do
	for policy in switch fill ring; do
		taskset -c 0 $DTRACE -q -x bufpolicy=$policy -x strsize=$st -n '
		    BEGIN { printf("%s\n", execname); } BEGIN { exit(0); }' 2>&1
		echo "strsize=$st bufpolicy=$policy rc=$?"
	done
done
