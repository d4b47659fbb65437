# Several commit()s of different speculations in one clause are allowed
# (nspec=2); each is copied at its commit(), in order.
$DTRACE -x nspec=2 -qn '
BEGIN { a = speculation(); b = speculation(); }
BEGIN { speculate(a); printf("in %d\n", a); }
BEGIN { speculate(b); printf("in %d\n", b); }
BEGIN { commit(b); commit(a); }
BEGIN { exit(0); }'
echo "rc=$?"
