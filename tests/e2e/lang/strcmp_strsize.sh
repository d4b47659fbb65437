# String comparisons walk strsize / 8 words, which the verifier walks one
# by one: with a big strsize, several comparisons in one clause still load
# (two with strsize=65504 were refused: "The sequence of 8193 jumps is too
# complex"), and compare as with the default strsize.
for st in 256 65504; do
	$DTRACE -q -x strsize=$st -n 'BEGIN {
	    x = execname;
	    printf("%d %d %d %d %d %d\n", x == "dtrace", x == "dtracf", x < probename,
		x > "dtr", x >= "dtrace", "" == x);
	    exit(0); }'
	echo "strsize=$st rc=$?"
done
