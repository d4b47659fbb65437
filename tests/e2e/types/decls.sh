# D declarations: struct, union, enum, typedef, inline; their sizes,
# offsets and constants.
$DTRACE -qs /dev/stdin <<'D'
struct pt { int x; char c; long y; };
union u { char c; int i; long l; };
enum color { RED, GREEN = 5, BLUE, ALSO = BLUE * 2 };
typedef struct pt pt_t;
typedef unsigned char byte_t;
typedef int vec_t[4];
struct outer { struct pt p; char name[10]; struct pt *next; union u v; enum color col; };
struct fwd;
struct fwd { int a; };
struct anon { int a; union { int b; char c; }; int d; };
inline int NPT = sizeof (struct pt) * 2;
inline string GREETING = "hello";
inline int TWICE = NPT * 2;
BEGIN {
	printf("%d %d %d %d %d\n", sizeof (struct pt), sizeof (union u), sizeof (pt_t),
	    sizeof (byte_t), sizeof (vec_t));
	printf("%d %d %d\n", offsetof(struct pt, c), offsetof(struct pt, y),
	    offsetof(struct outer, p.y));
	printf("%d %d %d %d\n", offsetof(struct outer, name), offsetof(struct outer, next),
	    offsetof(struct outer, v), offsetof(struct outer, col));
	printf("%d\n", sizeof (struct outer));
	printf("%d %d %d %d\n", RED, GREEN, BLUE, ALSO);
	printf("%d %s %d\n", NPT, GREETING, TWICE);
	printf("%d %d %d\n", sizeof (struct fwd), offsetof(struct anon, c), offsetof(struct anon, d));
	printf("%d\n", sizeof (enum color));
	exit(0);
}
D
