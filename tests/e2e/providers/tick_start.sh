# profile and tick timers count from the start of tracing, after BEGIN
# (bpf/dt_attach.c: created stopped, started together once BEGIN has run),
# as DTrace's cyclics: the first tick-1s fires no earlier than 1 s after
# BEGIN's timestamp, and every CPU's first profile-5 200 ms after it,
# however long attaching took before BEGIN (the probes of every kernel
# tracepoint are attached here too).
$DTRACE -qn 'uint64_t s;
BEGIN { s = timestamp; }
sdt::: /0/ { }
profile-5 /!seen[cpu]/ { seen[cpu] = 1; @early = max(timestamp - s < 200000000); }
tick-1s { printf("first tick-1s 1 s after BEGIN or later: %d\n", timestamp - s >= 1000000000); exit(0); }
END { printa("a first profile-5 earlier than 200 ms after BEGIN: %@d\n", @early); }'
echo "rc=$?"
