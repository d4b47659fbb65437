BEGIN
{
	self->spec = speculation();
	printf("not speculative");
	speculate(self->spec);
}
