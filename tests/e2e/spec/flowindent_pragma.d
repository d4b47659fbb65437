#pragma D option flowindent

/* entries without their returns: each one indents the next by 2 */
syscall::getpid:entry,
syscall::exit_group:entry
/pid == $target/
{
	printf("%s", probefunc);
}

syscall::exit_group:entry
/pid == $target/
{
	printf("second enabling");
}
