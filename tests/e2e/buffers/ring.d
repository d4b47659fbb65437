#pragma D option bufpolicy=ring
#pragma D option bufsize=16k

syscall:::entry
/execname == $1/
{
	trace(timestamp);
}

syscall::exit_group:entry
/pid == $target/
{
	exit(0);
}
