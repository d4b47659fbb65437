BEGIN
{
	@a = lquantize(1, 0, 10, 1, 1, 1);
}
