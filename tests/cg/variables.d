/* global, thread-local, clause-local variables and an associative array */
BEGIN
{
	g = 1;
	self->t = 2;
	this->c = 3;
	a[pid, "key"] = g + self->t + this->c;
	trace(a[pid, "key"]);
}
