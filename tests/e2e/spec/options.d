/* nspec, specsize (with a size suffix) and cleanrate (in hz) as pragmas */
#pragma D option nspec=2
#pragma D option specsize=2k
#pragma D option cleanrate=10000hz

BEGIN
{
	a = speculation();
	b = speculation();
}

syscall::getpid:entry
/pid == $target/
{
	speculate(b);
	printf("%d %d %d\n", ++n, 2, 3);
}

END
{
	commit(b);
}

END
{
	printf("%d %d %d\n", a, b, speculation());
}
