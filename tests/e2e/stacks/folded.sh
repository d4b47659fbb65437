# -x oformat=folded: a stack aggregation as folded stacks, one line a
# stack from the root, frames joined by ';', then the value; mixed keys;
# several aggregations (each line starts with its name); distributions and
# aggregations without a stack left out; -o FILE.  The trigger's chain is
# known (tests/triggers/user/uchain.c), the leaf probe fires once a call.
$DTRACE -x oformat=folded -qn 'uchain$target:::leaf { @[ustack(13)] = count(); }' \
	-c "$T/uchain-fp 3"
$DTRACE -x oformat=folded -qn 'uchain$target:::leaf { @a[execname, ustack(3)] = count();
	@b[arg0, ustack(2)] = sum(10); @q[ustack()] = quantize(1); @c = count();
	printf("not in the profile\n"); }' -c "$T/uchain-fp 3"
rm -f folded.out
$DTRACE -x oformat=folded -o folded.out -qn 'uchain$target:::leaf { @[ustack(4)] = count(); }' \
	-c "$T/uchain-fp 2"
echo "-o:"
cat folded.out
