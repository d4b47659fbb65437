/*
 * member access through declared types (not the kernel's, so that the
 * listing does not depend on its BTF): a pointer chain, a bitfield, an
 * array element
 */
struct bits { unsigned int a:3; int b:4; };
struct node { int v; struct node *next; char name[8]; struct bits bf; };

BEGIN
{
	trace(((struct node *)0x1000)->next->v);
	trace(((struct node *)0x1000)->bf.b);
	trace(((struct node *)0x1000)->name[1]);
}
