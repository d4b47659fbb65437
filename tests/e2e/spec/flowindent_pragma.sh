# #pragma D option flowindent, as -F.  Entries without returns indent each
# next line by 2; a second enabling of the probe just printed is not an
# entry again ("| func:name").
{ cd $D && taskset -c 0 $DTRACE -s flowindent_pragma.d -c "$T/getpid-n 3"
  echo "rc=$?"; } 2>&1 | grep -v "has exited$"
