# A fault in END fires ERROR, whose output comes after END's, with the
# default error message.  dtrace(1)'s exit status is that of the last
# exit() record processed (illumos' chewrec() sets it from every one):
# BEGIN's exit(0), then exit(1) in ERROR for the fault in END: 1.
$DTRACE -qn 'BEGIN { exit(0); } END { trace(*(int *)0); } ERROR { printf("fault\n"); exit(1); }' 2>err
echo "rc=$?"
cat err
$DTRACE -qn 'BEGIN { exit(0); } END { printf("end\n"); trace(*(int *)0); }
    ERROR { printf("ERROR fired in %s\n", probename); }' 2>/dev/null
echo "rc=$?"
$DTRACE -qn 'BEGIN { exit(2); } END { exit(5); }'
echo "exit(2) in BEGIN, exit(5) in END: rc=$?"
