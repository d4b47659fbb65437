/*
 * every system call: the programs run on the raw tracepoints and find the
 * probe by system call number in their binding map
 */
syscall:::entry
{
	@ = count();
}
