# -x droptags: a drop message starts with its kind, illumos'
# dtrace_dropkind_t name; without it, the plain message.
for tags in "" "-x droptags"; do
	taskset -c 0 $DTRACE $tags -b 16 -x switchrate=10s -qn '
	    syscall::getpid:entry /pid == $target/ { trace(1); trace(2); }' -c "$T/getpid-n 5" 2>&1 | grep drop
	taskset -c 0 $DTRACE $tags -x aggsize=300 -qn '
	    syscall::getppid:entry /pid == $target/ { @[arg0 + self->i++] = count(); }' \
	    -c "$T/getppid-loop 10" 2>&1 | grep drop
	taskset -c 0 $DTRACE $tags -x dynvarsize=640 -qn '
	    BEGIN { i = 0; } tick-1ms /i < 20/ { a[i++] = 1; } tick-1ms /i == 20/ { exit(0); }' 2>&1 | grep drop
	taskset -c 0 $DTRACE $tags -x specsize=16 -qn '
	    BEGIN { s = speculation(); } BEGIN { speculate(s); printf("%d %d %d\n", 1, 2, 3); }
	    BEGIN { commit(s); } BEGIN { exit(0); }' 2>&1 | grep -v '^$'
done
