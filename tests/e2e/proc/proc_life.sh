# proc: a process that creates a thread, signals itself, forks a child
# that fails one exec (ENOENT) and succeeds another, exits 3; then exits.
# Counted per probe, for the target and its child.  The target's own exec
# and exec-success are not seen: as DTrace's Pcreate(), dtrace -c has the
# command exec before tracing is enabled (proc/dt_pstart.c).  The
# arguments are DTrace's stable types, translated (dlib/procfs.d):
# psinfo_t * and lwpsinfo_t *, exec's path, exit's CLD_* reason; the
# signal's handler.
$DTRACE -qn '
proc::: /pid == $target || ppid == $target/ {
	@[pid == $target ? "target" : "child", probename] = count(); }
proc:::exec-failure /ppid == $target/ { @e["exec-failure errno", args[0]] = count(); }
proc:::exec /ppid == $target/ { @s["exec: the path", args[0]] = count(); }
proc:::exit /pid == $target || ppid == $target/ {
	@e[pid == $target ? "exit: target, CLD_EXITED" : "exit: child, CLD_EXITED", args[0] == CLD_EXITED] = count(); }
proc:::signal-send /pid == $target && args[2] == SIGUSR1/ {
	@e["signal-send SIGUSR1 to itself", args[1]->pr_pid == pid && args[0]->pr_lwpid == tid] = count(); }
proc:::signal-handle /pid == $target/ { @e["signal-handle", args[0]] = count(); }
proc:::signal-handle /pid == $target/ { @h["signal-handle: handler", usym(args[2])] = count(); }
proc:::create /pid == $target/ {
	@e["create: child of the target", args[0]->pr_ppid == pid && args[0]->pr_pid != pid] = count();
	@s["create: its name", args[0]->pr_fname] = count(); }
proc:::lwp-create /pid == $target/ {
	@e["lwp-create: thread of the target", args[1]->pr_pid == pid && args[0]->pr_lwpid != tid] = count(); }
proc:::start /ppid == $target/ { @e["start: new process", pid != $target] = count(); }
proc:::lwp-start /pid == $target/ { @e["lwp-start: new thread", tid != pid] = count(); }
END { printa("%-8s %-14s %@d\n", @); printa("%s %d: %@d\n", @e); printa("%s %s: %@d\n", @s);
	printa("%s %A: %@d\n", @h); }' -c "$T/proc-life" |
	sed "s|$T/|T/|"
