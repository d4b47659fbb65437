/* a syscall probe on its own tracepoint: arguments from the record */
syscall::read:entry
{
	trace(arg0);
	trace(args[2]);
}

syscall::read:return
{
	trace(arg1);
	trace(errno);
}
