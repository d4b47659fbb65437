/*
 * fault-none
 *
 * Exits 0 immediately.  Baseline for the system calls a static program makes
 * on its own (static glibc start-up, then exit_group); subtract it when
 * counting a trigger's system calls.
 */
int main(void)
{
	return 0;
}
