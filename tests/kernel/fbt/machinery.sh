# The functions of the probe firing path (perf and tracepoint dispatch,
# the recursion guards, kprobe/fprobe and trampoline handlers) are not
# fbt probes: as in DTrace, a -F flow through a system call shows the
# kernel's functions, never the tracing machinery's.  (The flow of every
# function needs kprobe_multi, 6.12; 6.1, one kprobe per function, traces
# the getppid and task_pid functions.)
$DTRACE -l -P fbt >listed
for f in perf_swevent_get_recursion_context perf_swevent_put_recursion_context \
	perf_trace_buf_alloc perf_syscall_enter trace_call_bpf __bpf_prog_enter_recur; do
	grep -qw "$f" listed && echo "$f is listed"
done
echo "machinery not listed"
fbt='fbt:::'
case $KVER in 6.1.*) fbt='fbt::*getppid*:,fbt::*task_pid*:' ;; esac
# a sanitizer build (make asan) too: with ASan's shadow memory, every
# function's probe exhausts the emulated guest (as in fbt/all)
if ldd "$DTRACE" 2>/dev/null | grep -q libasan; then
	fbt='fbt::*getppid*:,fbt::*task_pid*:'
fi
$DTRACE -F -o flow -n 'syscall::getppid:entry /pid == $target/ { self->t = 1; }
'"$fbt"' /self->t/ {} syscall::getppid:return /self->t/ { self->t = 0; }' -c "$T/getppid-loop 1" 2>/dev/null
grep -q -e '-> .*getppid' flow && echo "flow through getppid"
# A timer interrupt during the call runs on the traced thread (Linux has
# no interrupt threads): its perf accounting (perf_event_task_tick,
# perf_adjust_freq_unthr_context, the multiplexing timer's rotation) is
# the kernel's work, not the firing path's, and may appear.
grep -E -e '[-<][>-] (perf_|bpf_|__bpf_|trace_call_bpf|kprobe_|fprobe_|rethook_)' flow |
	grep -v -E -e '[-<][>-] perf_(event_task_tick|adjust_freq_unthr_context|mux_hrtimer|rotate_context|event_update_time|ctx_)' |
	sort -u
