/*
 * A string subroutine is one shared subprogram per program: both clauses
 * call the same basename() body, whose character loop is a bpf_loop()
 * callback (loaded with BTF function information).
 */
BEGIN
{
	trace(basename("/usr/lib"));
}

BEGIN
{
	trace(basename("/usr/bin/"));
}
