/* string comparison in a predicate, then printf of a string and an integer */
BEGIN
/execname == "dtrace"/
{
	printf("%s %d\n", execname, pid);
}
