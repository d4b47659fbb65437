/*
 * two probes, one program: the EPID and the probe's names come at run time
 * from the attachment cookie (and dt_probetab)
 */
syscall::getpid:entry,
syscall::getppid:entry
{
	trace(probefunc);
	trace(epid);
}
