# sdt::: attaches every tracepoint (one shared program, a link each) and
# counts the target's events: its 7 SIGUSR1 and, at its exit, the SIGCHLD
# it sends its parent; delivered: the 7 it handles.
$DTRACE -qn 'sdt::: /pid == $target/ { @[probename] = count(); }
END { printa("%s %@d\n", @); }' -c "$T/signal-n 7" |
	grep -E '^(signal_generate|signal_deliver|sched_process_exit) '
