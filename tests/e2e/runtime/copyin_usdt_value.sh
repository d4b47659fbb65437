# Issue 18 item 13: at a USDT probe whose string is a constant in the
# program's read-only data, in a page the process has not read (usdt-lit
# fires MYAPP_QUERY_START("select", 7) once, a site with a semaphore),
# copyinstr(arg0) used as a value (compared, stored, measured) reads it:
# the sleepable prefetch faults the page in before the clause runs.  It
# used to fault every time: the prefetch's link was refused at a site
# with a USDT semaphore (the kernel wants every consumer of a uprobe to
# give the same reference counter offset).  The same where the argument
# is a memory operand (usdt-lit-mem: 8@-8(%rbp), the pointer on the
# stack, no semaphore): the prefetch reads the pointer first.
# Hand-worked: "select" equals "select" (1), it is 6 bytes long.
for t in usdt-lit usdt-lit-mem; do
	$DTRACE -wqn 'myapp$target:::query-start
	{
		this->s = copyinstr(arg0);
		printf("%d %s %d %d\n", copyinstr(arg0) == "select", this->s,
		    strlen(copyinstr(arg0)), arg1);
		system("kill -USR1 %d", pid);
	}' -c "$T/$t"
done
