/* -v's report for a script: the least stable of its clauses */
syscall::read:entry
/curpsinfo->pr_pid == $target/
{
	@reads[probefunc] = count();
}

dtrace:::END
{
	printa(@reads);
}
