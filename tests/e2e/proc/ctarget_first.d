/* every syscall probe of the -c command that fires up to its first entry */
int started;

syscall:::entry,
syscall:::return
/pid == $target && !started/
{
	@[probefunc, probename] = count();
}

syscall:::entry
/pid == $target/
{
	started = 1;
}

END
{
	printa("%s:%s %@d\n", @);
}
