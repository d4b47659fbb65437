# Issue 9: an array in memory decays to a pointer to its first element;
# array type names in sizeof; self/this declarations without a type (int);
# long double; float and double values read from memory printed with %e
# %f %g; trace() of a struct or union records its bytes (DTrace's
# dt_print_bytes: a string if printable characters end in NULs only, else a
# hex dump).  The memory is the bytes of curthread->comm, "dtrace".
$DTRACE -qn 'BEGIN { printf("%c %d %d %d\n", *curthread->comm, *curthread->comm == curthread->comm[0],
	sizeof (int [5]), sizeof (char [2][3])); exit(0); }'
printf 'self y;\nthis z;\nBEGIN { self->y = 3; this->z = 4; printf("%%d %%d %%d %%d\\n", self->y, this->z,\n\tsizeof (self->y), sizeof (long double)); exit(0); }\n' > decl.d
$DTRACE -qs decl.d
printf 'struct s { double d; };\nstruct f { float f; };\nBEGIN { printf("%%e %%g %%.1f\\n", ((struct s *)curthread->comm)->d,\n\t((struct f *)curthread->comm)->f, ((struct f *)&curthread->comm[8])->f); exit(0); }\n' > fp.d
$DTRACE -qs fp.d
printf 'struct z { char b[8]; };\nstruct w { char b[12]; };\nBEGIN { trace(*(struct z *)&curthread->comm[6]); trace(*(struct z *)&curthread->comm[0]);\n\ttrace(*(struct w *)&curthread->comm[4]); exit(0); }\n' > bytes.d
$DTRACE -qs bytes.d
$DTRACE -s bytes.d | sed 's/^ *[0-9]* *[0-9]* *:BEGIN/CPU ID :BEGIN/'
# -x rawbytes: always the dump
printf 'struct z { char b[8]; };\nBEGIN { trace(*(struct z *)&curthread->comm[0]); exit(0); }\n' > raw.d
$DTRACE -x rawbytes -qs raw.d
