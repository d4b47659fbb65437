/* a clause that can fault calls the ERROR clauses' subprogram */
BEGIN
{
	x = 0;
	trace(1 / x);
}

ERROR
{
	trace(arg4);
}
