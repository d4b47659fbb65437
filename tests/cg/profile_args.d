/* profile: arg0/arg1 are the kernel/user PC, from the perf event's regs */
profile-97
{
	trace(arg0);
	trace(arg1);
}
