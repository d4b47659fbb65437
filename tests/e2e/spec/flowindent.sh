# -F: the "CPU FUNCTION" heading; syscall entries "=>" and returns "<="
# with the function, indented by 2 per entry and back per return; other
# probes "| func:name".
{ taskset -c 0 $DTRACE -F -n 'BEGIN { trace("begin"); } syscall::getpid:entry, syscall::getpid:return /pid == $target/ { trace(probename); } syscall::exit_group:entry /pid == $target/ {}' -c "$T/getpid-n 2"
  echo "rc=$?"; } 2>&1 | grep -v "has exited$"
