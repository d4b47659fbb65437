/* libulib.so: the shared library of the ufunc trigger. */
long lib_mul(long a, long b)
{
	return a * b;
}
