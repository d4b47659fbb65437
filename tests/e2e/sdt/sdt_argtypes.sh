# args[] carry the types of the tracepoint's prototype (BTF btf_trace_*):
# sched_switch(bool preempt, struct task_struct *prev, struct task_struct
# *next, unsigned int prev_state), signal_generate(int sig, struct
# kernel_siginfo *info, struct task_struct *task, int group, int result);
# the compiler's messages name them.
$DTRACE -en 'sdt:sched::sched_switch { x = args[0]->nosuch; }'
$DTRACE -en 'sdt:sched::sched_switch { x = args[2]->nosuch; }'
$DTRACE -en 'sdt:signal::signal_generate { x = args[1]->nosuch; }'
$DTRACE -en 'sdt:signal::signal_generate { x = args[4]->nosuch; }'
# and members of the kernel's types read as typed values
$DTRACE -qn 'sdt:sched::sched_switch /args[1]->pid == $target/ { @[args[1]->tgid == $target] = count(); }
END { printa("prev is the target: %d\n", @); }' -c "$T/nap-n 3" | head -1
