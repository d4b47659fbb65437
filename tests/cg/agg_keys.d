/* an aggregation keyed by a string and an integer */
tick-1s
{
	@calls[probename, cpu] = count();
	@lat = quantize(timestamp);
}
