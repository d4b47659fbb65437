# stringof(copyin(a, n)) with a size known only at run time: the string
# shows the first strsize characters of the n bytes (DTrace's scratch
# holds all n; a string never shows more than strsize).  n above strsize
# is not "out of scratch space" here: only the bytes a string can show
# are copied.  The toolkit's dtruss prints read(2)/write(2) buffers so:
# stringof(copyin(self->arg1, self->arg2)).
# Expected: a 36-byte write(2) shown with strsize 16: its first 16
# characters; a copyin() of that size used as memory, not as a string,
# still faults (the size check applies to the scratch it would fill).
cat > w.sh <<'SH'
#!/bin/sh
printf 'abcdefghijklmnopqrstuvwxyz0123456789' >/dev/null
SH
chmod +x w.sh
$DTRACE -x strsize=16 -qn '
syscall::write:entry /pid == $target/
{
	printf("%d [%s]\n", arg2, stringof(copyin(arg1, arg2)));
}
syscall::write:entry /pid == $target/
{
	this->p = (char *)copyin(arg1, arg2);
	printf("not reached %c\n", this->p[0]);
}' -c ./w.sh 2>err
sed 's/DIF offset [0-9]*/DIF offset N/; s/probe ID [0-9]* (ID [0-9]*:/probe ID N (ID N:/' err
