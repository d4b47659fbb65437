# -x ctypes=FILE and -x dtypes=FILE: illumos writes its "C" and "D" CTF
# containers to FILE after each compile; here the same sets of types are
# written as BTF (docs/linux-differences.md).  "D": D's built-in typedefs,
# string, and what the D library and the program declare; "C": C's base
# types and what a -C program's #include'd headers declare.
command -v bpftool >/dev/null || { echo "SKIP: bpftool is not installed"; exit 0; }
# one C declaration of a dump in C format: from its first line to the "};"
decl() { awk -v h="$2" 'index($0, h) == 1 { p = 1 } p { print } p && /^}?;$|;$/ && !/{/ && !/^\t/ { if (p) exit }' "$1"; }
cat >hdr.h <<'H'
struct hdr_s { long a; char b[4]; };
typedef unsigned short hdr_t;
H
cat >t.d <<'D'
#include "hdr.h"
struct point {
	int x, y;
	struct point *next;	/* a cycle, through a pointer */
	unsigned flags : 3;
	struct task_struct *task; /* the kernel's: a forward declaration */
	hdr_t h;
};
typedef struct point point_t;
enum color { RED, GREEN = 5, BLUE, NEG = -1 };
BEGIN { exit(0); }
D
$DTRACE -C -I. -x ctypes=c.btf -x dtypes=d.btf -qs t.d; echo "rc=$?"
bpftool btf dump file d.btf format c >d.c && bpftool btf dump file c.btf format c >c.c || exit 1
echo "-- D"
decl d.c 'struct point {'
decl d.c 'typedef struct point point_t;'
decl d.c 'enum color {'
grep -E '^typedef [a-z ]+ (int8_t|uint8_t|int64_t);$' d.c | sort
bpftool btf dump file d.btf | grep -E "TYPEDEF 'string'|ARRAY .* nr_elems=256$" | sed 's/^\[[0-9]*\] //; s/type_id=[0-9]*/type_id=N/; s/index_type_id=[0-9]*/index_type_id=N/' | sort -u
grep -c 'hdr_s {' d.c | sed 's/^/hdr_s in D (point does not use it): /'
echo "-- C"
bpftool btf dump file c.btf | sed -n 's/^\[[0-9]*\] \(INT\|FLOAT\) /\1 /p'
decl c.c 'struct hdr_s {'
grep -c 'point' c.c | sed 's/^/point in C: /'
# a compile that fails still rewrites the files, as illumos' dt_compile()
printf 'struct later { int z; };\nBEGIN { nosuchfn(); }\n' >bad.d
$DTRACE -x dtypes=d.btf -qs bad.d 2>&1; echo "rc=$?"
bpftool btf dump file d.btf format c | decl /dev/stdin 'struct later {'
