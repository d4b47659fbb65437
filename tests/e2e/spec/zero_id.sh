# An id of 0 is always invalid but may be passed to speculate(), commit()
# and discard(), which then do nothing; the clause's data is not recorded.
$DTRACE -qn '
BEGIN { speculate(0); printf("never\n"); }
BEGIN { commit(0); discard(0); }
BEGIN { printf("done\n"); exit(0); }'
echo "rc=$?"
