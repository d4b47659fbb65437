# sh-style globbing in every field: *, ?, [set], [!set], [a-z] ranges.
l() { $DTRACE -l -n "$1" | sed -E 's/^ *[0-9]+ /    N /'; }
l 'syscall::getpp?d:entry'
l 'syscall::[gs]etpgid:entry'
l 'syscall::[!g]etpgid:entry'
l 'syscall::[a-g]etpgid:*'
l 'syscall::*pgid:entry'
l 'syscall::read*:entry'
l 's*l::getppid:r?t*'
l 'dtrace:::*'
l '*:::BEGIN'
l 'd?race:::[BE]*'
# a glob that matches nothing is still an error
$DTRACE -n 'syscall::nosuch*:entry'
echo "rc=$?"
