# sched: a process that sleeps 20 times in nanosleep, each time woken by
# its timer.  sleep and dequeue fire as it blocks (in its context),
# wakeup and enqueue name it as the thread woken (args[0]), off-cpu names
# the thread switched to and on-cpu fires in it.  (Counted with
# aggregations: a global n++ would race between CPUs.)
$DTRACE -qn '
syscall::nanosleep:entry /pid == $target/ { self->in = 1; }
syscall::nanosleep:return /pid == $target/ { self->in = 0; }
sched:::sleep /self->in/ { @["sleep"] = count(); }
sched:::dequeue /self->in && args[0]->pid == pid/ { @["dequeue"] = count(); }
sched:::wakeup /args[0]->pid == $target/ { @["wakeup"] = count(); }
sched:::enqueue /args[1]->pid == $target/ { @["enqueue"] = count(); }
sched:::off-cpu /args[0]->pid == $target/ { @["off-cpu-to-it"] = count(); }
sched:::on-cpu /pid == $target/ { @["on-cpu"] = count(); }
END { printa("%s %@d\n", @); }' -c "$T/nap-n 20" |
	awk '/^(sleep|dequeue) / { print; next } NF { print $1, ($2 >= 20 ? ">= 20" : "< 20") }' | sort
# the seed's preempt example: two spinning children per CPU preempt each other
# (on whichever CPUs the scheduler runs them)
printf '%s/spin-cpus 500000 & %s/spin-cpus 500000; wait\n' "$T" "$T" > spin2.sh
$DTRACE -qn 'sched:::preempt { @agg[cpu] = count(); }
sched:::preempt /progenyof($target)/ { seen = 1; }
END { printf("spinners preempted: %d\n", seen); }' -c "sh spin2.sh" | grep preempted
# remain-cpu and on-cpu are the two outcomes of a scheduling decision; tick
# (tests/e2e/sched/sched_tick.sh) is a perf event
$DTRACE -lP sched | sed -E 's/^ *[0-9]+ /    N /'
