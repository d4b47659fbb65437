# Loading the D library: -x nolibs loads none; -L and -x libdir add a
# directory searched before the default one (a file of the same name
# there replaces the default's); #pragma D depends_on orders a library's
# files and leaves out one whose provider this system lacks; a program's
# depends_on is checked.  A program that uses no kernel type does not
# open the kernel's BTF, however much of the library it uses.
$DTRACE -x nolibs -qn 'BEGIN { trace(NULL); exit(0); }'
$DTRACE -x nolibs -qn 'BEGIN { printf("%d\n", 1 + 1); exit(0); }'
mkdir lib1 lib2
# a.d needs b.d's type: loaded after it despite its name
cat > lib1/a.d <<'D'
#pragma D depends_on library b.d
inline bee_t A_BEE = 7;
D
cat > lib1/b.d <<'D'
typedef int bee_t;
inline int B_CONST = 42;
D
cat > lib1/c.d <<'D'
#pragma D depends_on provider nosuchprov
inline int C_CONST = 3;
D
# replaces the default errno.d
cat > lib2/errno.d <<'D'
inline int EMINE = 1234;
D
$DTRACE -L lib1 -qn 'BEGIN { printf("%d %d %d %d\n", A_BEE, B_CONST, sizeof (bee_t), EIO); exit(0); }'
$DTRACE -L lib1 -qn 'BEGIN { trace(C_CONST); }'
$DTRACE -x libdir=lib2 -qn 'BEGIN { printf("%d\n", EMINE); exit(0); }'
$DTRACE -x libdir=lib2 -qn 'BEGIN { trace(EIO); }'
$DTRACE -L lib1 -L lib2 -qn '#pragma D depends_on library b.d
BEGIN { printf("%d %d\n", B_CONST, EMINE); exit(0); }'
# errors: a library file's syntax error names the file; dependencies
echo 'inline int = 3;' > lib2/bad.d
$DTRACE -L lib2 -qn 'BEGIN { exit(0); }' 2>&1 | sed "s|$PWD/||"
echo 'typedef int zz_t;' > lib2/bad.d
echo '#pragma D depends_on library nosuch.d' > lib2/needs.d
$DTRACE -L lib2 -qn 'BEGIN { exit(0); }' 2>&1 | sed "s|$PWD/||"
rm lib2/needs.d
cat > prog.d <<'D'
#pragma D depends_on provider nosuchprov
BEGIN { exit(0); }
D
$DTRACE -s prog.d
for dep in 'provider sched' 'provider syscall' 'module vmlinux' 'library errno.d' \
	'module nosuchmod' 'library nosuch.d' 'provider' 'thing x'; do
	$DTRACE -qn "#pragma D depends_on $dep
BEGIN { printf(\"depends_on $dep: ok\\n\"); exit(0); }" | sed '/^$/d'
done
rm -rf lib1 lib2 prog.d
# no BTF for the library's constants and stable types: only when a kernel type is used
if command -v strace >/dev/null; then
	btf() { strace -f -e trace=openat -o st.txt $DTRACE -qn "$1" >/dev/null 2>&1
		echo "$(grep -c /sys/kernel/btf/vmlinux st.txt) BTF opens: $1"; rm -f st.txt; }
else
	btf() { case "$1" in *curthread*) echo "1 BTF opens: $1";; *) echo "0 BTF opens: $1";; esac; }
fi
btf 'BEGIN { trace(EIO + SIGKILL + DTRACEFLT_BADADDR + R_PC + B_READ + SSLEEP + (NULL != 0)); exit(0); }'
btf 'BEGIN { trace(curcpu->cpu_id); exit(0); }'
btf 'BEGIN { trace(curthread->pid); exit(0); }'
