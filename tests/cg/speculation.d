/* speculative tracing: speculation(), speculate(), commit() */
BEGIN
{
	self->spec = speculation();
}

BEGIN
/self->spec/
{
	speculate(self->spec);
	trace(timestamp);
}

END
/self->spec/
{
	commit(self->spec);
}
