# specopen.d without its fbt:::-like clause: just the entry and the return
# of the failing openat(2), as the guide's first and last lines.
sed '/^syscall:::$/,/^}$/d' $D/specopen.d > specopen2.d
{ taskset -c 0 $DTRACE -Fs specopen2.d -c "$T/open-two /etc/passwd /nonexistent"
  echo "rc=$?"; } 2>&1 | grep -v "has exited$"
