# sdt: every signal the target sends itself is one signal_generate, and
# one signal_deliver when its handler runs; args[] are the tracepoint's
# raw arguments, typed from BTF: (int sig, struct kernel_siginfo *info,
# struct task_struct *task, int group, int result).
$DTRACE -qn '
sdt:signal::signal_generate /pid == $target && args[0] == 10 && args[2]->pid == pid/ { g++; }
sdt:signal::signal_deliver /pid == $target && arg0 == 10/ { d++; }
END { printf("%d generated, %d delivered\n", g, d); }' -c "$T/signal-n 25"
# the module is the tracepoint's system, the function is empty
$DTRACE -qn 'sdt:signal::signal_generate /pid == $target/ { printf("%s:%s:%s:%s\n", probeprov, probemod, probefunc, probename); exit(0); }' -c "$T/signal-n 1"
# arguments past a tracepoint's last are 0 (signal_deliver has 3)
$DTRACE -qn 'sdt:signal::signal_deliver /pid == $target/ { printf("%d %d %d\n", arg0, arg3, arg9); }' -c "$T/signal-n 2"
# a tracepoint has no args[3] it does not pass
$DTRACE -qn 'sdt:signal::signal_deliver { trace(args[3]); }'
echo "rc=$?"
