/* BEGIN's program: constants for the probe's identity, one record, exit */
BEGIN
{
	trace(1);
	exit(0);
}
