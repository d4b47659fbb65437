# A library dlopen()ed while tracing: its unwind table comes with the
# mapping's perf record at the tracer's next dtrace_work() (every 20 ms
# here); stacks taken before that end with the marker after the last frame
# that could be unwound, never with a wrong frame; after it, the whole
# chain through the library down to _start (tests/triggers/user/udlopen.c).
$DTRACE -x switchrate=20ms -x oformat=folded -qn 'uchain$target:::leaf { @[ustack()] = count(); }' \
	-c "$T/udlopen 20 100" | awk '
	/^udlopen`_start;libc.so.6`__libc_start_main;libc.so.6`__libc_start_call_main;udlopen`main;udlopen`d1;libuchain-nofp.so`l1;libuchain-nofp.so`l2;libuchain-nofp.so`l3;libuchain-nofp.so`l4;udlopen`cb [0-9]+$/ { full += $NF; next }
	/^\[frames missing: no unwind information\];/ { partial += $NF; next }
	{ other++; print "unexpected:", $0 }
	END {
		print "complete stacks through the dlopen()ed library:", (full > 0 ? "yes" : "no")
		print "stacks:", full + partial
		print "the others end with the marker:", (other == 0 ? "yes" : "no")
	}'
