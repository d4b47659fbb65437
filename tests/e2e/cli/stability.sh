# -v: after each program's "matched" line, DTrace's stability report (the
# Dynamic Tracing Guide, "Stability Computations and Reports"): the
# minimum probe description attributes (the least stable of the fields
# each description names, by its provider's table) and the minimum
# statement attributes (the least stable of the identifiers and functions
# the clauses use).  With -e, each description's probe attributes and
# argument types follow.  -x amin refuses what is less stable.
#
# The Guide's examples (curthread's data is Private; Linux's task_struct
# has pid where Solaris' kthread_t has t_procp):
$DTRACE -v -n 'dtrace:::BEGIN{exit(0);}' 2>&1 | sed -E 's/^ +[0-9]+( +1 +:BEGIN)/  C\1/'
$DTRACE -ev -n 'dtrace:::BEGIN{trace(curthread->pid);}'
$DTRACE -x amin=Evolving/Evolving/Common -ev -n 'dtrace:::BEGIN{trace(curthread->pid);}'
echo "status $?"
# args[] and probefunc are the provider's; two descriptions, two reports
$DTRACE -ev -n 'syscall::read:entry{trace(args[0]);}' -n 'BEGIN{trace(probefunc);}'
# a description that matches many probes whose arguments differ: no argument types
$DTRACE -ev -n 'syscall:::entry{trace(probefunc);}' 2>/dev/null
# a script: the D library's inlines (curpsinfo) are Stable; -q keeps the report
(cd "$D" && $DTRACE -qv -s stability.d -c "$T/read-n 3")
# the amin refusals, with the Guide's wording
$DTRACE -x amin=Stable -en 'BEGIN{trace(getminor(0));}'
$DTRACE -x amin=Stable/Stable/Common -en 'syscall::read:entry/args[0] == 0/{}'
$DTRACE -x amin=Stable/Stable/Common -e -s /dev/stdin <<'D'
BEGIN
{
	self->t = curthread;
}
D
$DTRACE -x amin=Stable/Stable/Common -en 'BEGIN{@[execname] = count(); exit(0);}'
echo "status $?"
$DTRACE -x amin=Stable/Sturdy -en 'BEGIN'
