/*
 * a translated member is the translator's expression for it alone: x is
 * I->a + 1 (one load); y's multiplication and z's load are not computed
 */
struct in {
	int a;
	int b;
	int c;
};

struct out {
	int x;
	int y;
	int z;
};

translator struct out < struct in *I > {
	x = I->a + 1;
	y = I->b * 1000;
	z = I->c;
};

BEGIN
{
	trace(xlate<struct out *>((struct in *)4096)->x);
}
