#!/usr/bin/env python3
"""bench/bpfstats.py NPROGS TRACER... -- WORKLOAD...

The time the kernel spends in a tracer's BPF programs, from the kernel's
own run-time statistics (BPF_ENABLE_STATS, held only while this runs:
nothing is left enabled): starts TRACER, waits until it holds NPROGS
programs, runs WORKLOAD, reads run_cnt and run_time_ns of each program the
tracer holds (/proc/PID/fdinfo), then stops the tracer with SIGINT.
Prints one line per program ("prog TYPE RUNS NS") and a last line
"total RUNS NS MINRUNS": MINRUNS, the least run count, is the number of
events every program saw (contention_end firings for lockstat).
A measure of the programs' cost that the load of a shared machine barely
disturbs (it counts only time inside them), unlike the workload's time.
"""
import ctypes, os, signal, subprocess, sys, time

BPF_ENABLE_STATS = 32
BPF_STATS_RUN_TIME = 0


def enable_stats():
    libc = ctypes.CDLL(None, use_errno=True)
    attr = ctypes.create_string_buffer(128)  # union bpf_attr: enable_stats.type = 0
    ctypes.c_uint32.from_buffer(attr, 0).value = BPF_STATS_RUN_TIME
    fd = libc.syscall(321, BPF_ENABLE_STATS, attr, 128)  # __NR_bpf on x86-64
    if fd < 0:
        sys.exit("bpfstats: BPF_ENABLE_STATS: " + os.strerror(ctypes.get_errno()))
    return fd


def progs(pid):
    out = []
    try:
        fds = os.listdir("/proc/%d/fdinfo" % pid)
    except OSError:
        return out
    for fd in fds:
        try:
            info = open("/proc/%d/fdinfo/%s" % (pid, fd)).read()
        except OSError:
            continue
        kv = dict(l.split(":", 1) for l in info.splitlines() if ":" in l)
        if "prog_type" in kv and "run_cnt" in kv:
            out.append((kv["prog_type"].strip(), int(kv["run_cnt"]), int(kv["run_time_ns"]),
                        kv.get("prog_id", "").strip()))
    return out


def main():
    nprogs = int(sys.argv[1])
    args = sys.argv[2:]
    sep = args.index("--")
    tracer, work = args[:sep], args[sep + 1:]
    sfd = enable_stats()
    t = subprocess.Popen(tracer, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.time() + 60
        while len({p[3] for p in progs(t.pid)}) < nprogs:
            if time.time() > deadline or t.poll() is not None:
                sys.exit("bpfstats: the tracer did not load %d programs" % nprogs)
            time.sleep(0.2)
        time.sleep(1)
        before = {p[3]: p for p in progs(t.pid)}
        subprocess.run(work, check=True, stdout=subprocess.DEVNULL)
        after = {p[3]: p for p in progs(t.pid)}
    finally:
        t.send_signal(signal.SIGINT)
        try:
            t.wait(30)
        except subprocess.TimeoutExpired:
            t.kill()
            t.wait()
        os.close(sfd)
    runs, ns, minruns = 0, 0, None
    for pid_, p in sorted(after.items()):
        b = before.get(pid_, (p[0], 0, 0, pid_))
        r, n = p[1] - b[1], p[2] - b[2]
        if r == 0:
            continue  # BEGIN/END and other programs that did not run
        print("prog %s %d %d" % (p[0], r, n))
        runs, ns = runs + r, ns + n
        minruns = r if minruns is None else min(minruns, r)
    print("total %d %d %d" % (runs, ns, minruns or 0))


main()
