# -n, -P, -m, -f, -i: a probe description naming the field the option
# says, with an optional predicate and action; the notice on stderr says
# what each matched.
$DTRACE -e -P dtrace
$DTRACE -e -m 'dtrace:'
$DTRACE -e -f getppid
$DTRACE -e -f 'syscall::getppid'
$DTRACE -e -n entry -n 'syscall:::return' 2>&1 | sed -E 's/matched [0-9]+ probes/matched N probes/'
$DTRACE -e -i 1 -i 2 -i 3
$DTRACE -e -m vmlinux 2>&1 | sed -E 's/matched [0-9]+ probes/matched N probes/'
# with predicates and actions
$DTRACE -qP 'dtrace /probename == "BEGIN"/ { printf("-P %s\n", probename); exit(0); }'
$DTRACE -qf 'getppid /pid == $target/ { printf("-f %s:%s\n", probefunc, probename); }' -c "$T/getppid-loop 1"
$DTRACE -qm 'dtrace: { printf("-m %s\n", probename); exit(0); }'
$DTRACE -qi '1 { printf("-i %s\n", probename); exit(0); }'
# a probe id that does not exist
$DTRACE -i 999999
echo "rc=$?"
# a description that matches nothing
$DTRACE -P nosuchprovider
echo "rc=$?"
$DTRACE -f nosuchfunction
echo "rc=$?"
$DTRACE -n 'a:b:c:d:e'
echo "rc=$?"
