# proc: a process that creates a thread, signals itself, forks a child
# that fails one exec (ENOENT) and succeeds another, exits 3; then exits.
# Counted per probe, for the target and its child (its own exec and
# exec-success: dtrace's -c starts it after tracing has begun).
$DTRACE -qn '
proc::: /pid == $target || ppid == $target/ {
	@[pid == $target ? "target" : "child", probename] = count(); }
proc:::exec-failure /ppid == $target/ { @e["exec-failure errno", args[0]] = count(); }
proc:::signal-send /pid == $target && args[2] == 10/ {
	@e["signal-send SIGUSR1 to itself", args[0]->pid == pid] = count(); }
proc:::signal-handle /pid == $target/ { @e["signal-handle", args[0]] = count(); }
proc:::create /pid == $target/ { @e["create: child of the target", args[0]->real_parent->tgid == pid] = count(); }
proc:::lwp-create /pid == $target/ { @e["lwp-create: thread of the target", args[1]->tgid == pid] = count(); }
proc:::start /ppid == $target/ { @e["start: new process", pid != $target] = count(); }
proc:::lwp-start /pid == $target/ { @e["lwp-start: new thread", tid != pid] = count(); }
END { printa("%-8s %-14s %@d\n", @); printa("%s %d: %@d\n", @e); }' -c "$T/proc-life"
