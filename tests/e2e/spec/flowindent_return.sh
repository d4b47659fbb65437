# flowindent looks at the record after a return: when it is another
# enabling of the same return probe, the first is not a return ("| ") and
# does not unindent; only the last one is "<=".
{ taskset -c 0 $DTRACE -F -n 'syscall::getpid:entry /pid == $target/ { trace(1); } syscall::getpid:return /pid == $target/ { trace(2); } syscall::getpid:return /pid == $target/ { trace(3); }' -c "$T/getpid-n 2"
  echo "rc=$?"; } 2>&1 | grep -v "has exited$"
