# sched: a process that sleeps 20 times in nanosleep, each time woken by
# its timer.  sleep and dequeue fire as it blocks (in its context),
# wakeup and enqueue name it as the thread woken, off-cpu names the
# thread switched to and on-cpu fires in it: args[0] is its lwpsinfo_t *,
# args[1] its psinfo_t * (translated, dlib/procfs.d); dequeue's and
# enqueue's args[2] the cpuinfo_t * of its run queue's CPU (it runs on
# CPU 0 only), enqueue's args[3] 0.  (Counted with aggregations: a global
# n++ would race between CPUs.)
$DTRACE -qn '
syscall::nanosleep:entry /pid == $target/ { self->in = 1; }
syscall::nanosleep:return /pid == $target/ { self->in = 0; }
sched:::sleep /self->in/ { @["sleep"] = count(); }
sched:::dequeue /self->in && args[0]->pr_lwpid == tid && args[1]->pr_pid == pid &&
    args[2]->cpu_id == cpu && cpu == 0/ { @["dequeue"] = count(); }
sched:::wakeup /args[1]->pr_pid == $target && args[0]->pr_lwpid == $target/ { @["wakeup"] = count(); }
sched:::enqueue /args[1]->pr_pid == $target && args[2]->cpu_id == 0 && args[3] == 0/ { @["enqueue"] = count(); }
sched:::off-cpu /args[1]->pr_pid == $target && args[0]->pr_state == SRUN/ { @["off-cpu-to-it"] = count(); }
sched:::on-cpu /pid == $target/ { @["on-cpu"] = count(); }
END { printa("%s %@d\n", @); }' -c "taskset -c 0 $T/nap-n 20" |
	awk '/^(sleep|dequeue) / { print; next } NF { print $1, ($2 >= 20 ? ">= 20" : "< 20") }' | sort
# the paper's example: who a thread wakes up.  The child of proc-life, once
# exec'd, exits and so wakes its parent (the target) waiting in waitpid
# (and, in its context, whatever kernel threads it happens to wake).
$DTRACE -qn '
proc:::exec-success /ppid == $target/ { self->interested = 1; }
sched:::wakeup /self->interested/ { @[args[1]->pr_fname] = count(); }
sched:::wakeup /self->interested && args[1]->pr_pid == $target/ { woke = 1; }
END { printa("woken: %s\n", @); printf("the target woken: %d\n", woke); }' -c "$T/proc-life" |
	grep -E '^woken: proc-life$|target'

# the seed's preempt example: two spinning children per CPU preempt each other
# (on whichever CPUs the scheduler runs them)
printf '%s/spin-cpus 500000 & %s/spin-cpus 500000; wait\n' "$T" "$T" > spin2.sh
$DTRACE -qn 'sched:::preempt { @agg[cpu] = count(); }
sched:::preempt /progenyof($target)/ { seen = 1; }
END { printf("spinners preempted: %d\n", seen); }' -c "sh spin2.sh" | grep preempted
# remain-cpu and on-cpu are the two outcomes of a scheduling decision; tick
# (tests/e2e/sched/sched_tick.sh) is a perf event
$DTRACE -lP sched | sed -E 's/^ *[0-9]+ /    N /'
