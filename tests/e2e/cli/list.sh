# -l lists probes: "ID PROVIDER MODULE FUNCTION NAME" in DTrace's columns,
# alone (every probe) or with -P, -m, -f, -n, -i, -s (the probes they
# match, in the order given).  -l implies -Z: a description that matches
# nothing is reported and the listing goes on.
$DTRACE -l | head -4
tfs=/sys/kernel/tracing
[ -d $tfs/events ] || tfs=/sys/kernel/debug/tracing
n=$(ls $tfs/events/syscalls | grep -c '^sys_enter_')
total=$($DTRACE -l | wc -l)
nsdt=$($DTRACE -l -P sdt | tail -n +2 | wc -l) # tests/e2e/sdt/sdt_list.sh checks them
# sched, proc, io, tcp, udp, ip and lockstat (module vmlinux; tests/e2e/{sched,proc,io,net,lockstat})
nsem=$($DTRACE -l -P sched -P proc -P io -P tcp -P udp -P ip -P lockstat | tail -n +2 | wc -l)
# fbt (none where tracefs hides available_filter_functions; tests/kernel/fbt)
nfbt=$($DTRACE -l -P fbt 2>/dev/null | tail -n +2 | wc -l)
nfbtvm=$($DTRACE -l -n fbt:vmlinux:: 2>/dev/null | tail -n +2 | wc -l)
# header + dtrace (3) + standard profile probes (15) + syscall entry/return + sdt + sched/proc/io/tcp/udp/ip/lockstat + fbt
[ "$total" -eq $((1 + 3 + 15 + 2 * n + nsdt + nsem + nfbt)) ] && echo "all probes listed" || echo "listed $total"
$DTRACE -l -P dtrace
$DTRACE -l -i 2 -i 1
$DTRACE -l -n BEGIN -P dtrace
$DTRACE -l -f getppid | sed -E 's/^ *[0-9]+ /    N /'
$DTRACE -l -m vmlinux | wc -l | sed "s/^$((1 + 2 * n + nsem + nfbtvm))\$/header and the syscall, sched, proc and io probes/"
$DTRACE -l -n 'syscall::getpp*:' -n 'nosuch:::' -n END 2>&1 | sed -E 's/^ *([0-9]+) +syscall /    N    syscall /'
$DTRACE -l -n 'nosuch:::' 2>/dev/null
echo "rc=$?"
$DTRACE -l -i 999999
echo "rc=$?"
printf 'BEGIN { trace(1); }\nsyscall::getppid:entry, END {}\n' > l.d
$DTRACE -l -s l.d | sed -E 's/^ *[0-9]+ +syscall /    N    syscall /'
# with -o, the listing goes to the file
$DTRACE -l -P dtrace -o list.txt
cat list.txt
