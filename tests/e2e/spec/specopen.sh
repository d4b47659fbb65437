# The guide's specopen.d (Linux names) with -F: of the trigger's two
# openat(2) calls, only the failing one's speculation is committed, so only
# its flow shows: "=> openat" with the path, the syscall::: clause's
# default actions as "| func:name" (another enabling of the same probe),
# and "<= openat" with errno.  The successful call's speculation, discarded
# on the one CPU that held it, is free at once for the second call.
cp $D/specopen.d .
{ taskset -c 0 $DTRACE -Fs specopen.d -c "$T/open-two /etc/passwd /nonexistent"
  echo "rc=$?"; } 2>&1 | grep -v "has exited$" |
	sed 's/matched [0-9]* probes/matched N probes/'  # the count is the kernel's
