# A speculative record bigger than the whole speculative buffer (the
# trace() of a string: 8 + strsize + 1 (its NUL) = 272 bytes with the
# header, in specsize=100 or 256)
# can never fit: as in DTrace it is a speculative drop, counted and
# reported, and the speculation's other data is still committed.  (The
# code generator once left the copy of such a record unreachable, which the
# BPF verifier refused: "failed to load program".)  272 bytes fit in
# specsize=272; a bigger strsize makes specsize=300 too small.
for ss in 100 256; do
	$DTRACE -q -x specsize=$ss -n '
BEGIN { s = speculation(); }
BEGIN { speculate(s); trace("aaaaaaaa"); }
BEGIN { speculate(s); printf("%d fits\n", 1); }
BEGIN { speculate(s); trace("bbbbbbbb"); }
BEGIN { commit(s); }
BEGIN { exit(0); }' 2>err
	echo "rc=$?"
	cat err
done
$DTRACE -q -x specsize=272 -n '
BEGIN { s = speculation(); }
BEGIN { speculate(s); trace("aaaaaaaa"); }
BEGIN { commit(s); }
BEGIN { exit(0); }' 2>err
echo "
rc=$?"
cat err
$DTRACE -q -x specsize=300 -x strsize=512 -n 'BEGIN { s = speculation(); } BEGIN { speculate(s); trace("aaaaaaaa"); } BEGIN { commit(s); } BEGIN { exit(0); }' 2>err
echo "rc=$?"
cat err
