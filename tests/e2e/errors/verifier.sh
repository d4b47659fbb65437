# A program the BPF verifier refuses is dtrace's bug, not the user's: one
# line says so, naming the clause (its number in the program), the D line
# of the refused instruction and the verifier's reason.  -x verifylog
# writes the whole verifier log to stderr first.
#
# 100 speculation() calls with nspec=4096 in one probe's program are more
# than the verifier walks (each call's loop over the speculations is walked
# once per speculation; about 20 such calls fit).
$DTRACE -q -x nspec=4096 -s $D/verifier.d
echo "rc=$?"
$DTRACE -q -x nspec=4096 -x verifylog -s $D/verifier.d 2>log
echo "rc=$?"
head -1 log
grep -c '^processed 1000001 insns' log
tail -1 log
# fewer calls are fine
$DTRACE -q -x nspec=4096 -n 'BEGIN { a = speculation(); b = speculation(); c = speculation(); printf("%d %d %d\n", a, b, c); exit(0); }'
echo "rc=$?"
