# -n, -P, -m, -f, -i: a probe description naming the field the option
# says, with an optional predicate and action; -l counts what each
# matches (-e, which only compiles, prints no "matched" notice, as illumos).
c() { echo "$*: $($DTRACE -l "$@" | awk 'NR > 1' | wc -l)"; }
c -P dtrace
c -m 'dtrace:'
c -f getppid
c -f 'syscall::getppid'
c -n entry -n 'syscall:::return' | sed -E 's/: [1-9][0-9]*$/: N/'
c -i 1 -i 2 -i 3
c -m vmlinux | sed -E 's/: [1-9][0-9]*$/: N/'
$DTRACE -e -P dtrace -m 'dtrace:' -f getppid -n entry -i 1 && echo "compiled, nothing printed"
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
