# Issue 18 item 5. A string variable set to 0 is freed (the idiom
# self->name = 0), as assigning 0 frees any dynamic variable: it then
# compares equal to 0 (NULL) and to "".  Set to "" it holds an empty
# string: the element exists (not equal to 0) and prints as [].  A global
# or this-> string set to 0 is empty.  With room for a few variables only,
# 200 set-and-free cycles of a thread-local string never drop.
$DTRACE -qn 'BEGIN {
	self->name = "abc";
	self->name = 0;
	printf("self 0: %d %d\n", self->name == 0, self->name == "");
	self->name = "";
	printf("self \"\": %d [%s]\n", self->name != 0, self->name);
	a["x"] = "foo";
	a["x"] = "";
	printf("array \"\": %d [%s]\n", a["x"] != 0, a["x"]);
	a["x"] = 0;
	printf("array 0: %d\n", a["x"] == 0);
	g = "glob";
	g = 0;
	this->t = "this";
	this->t = 0;
	printf("global and this: [%s] [%s] %d\n", g, this->t, strlen(g));
	exit(0);
}'
$DTRACE -x dynvarsize=512 -qn '
syscall::getppid:entry /pid == $target/ { self->name = execname; n++; }
syscall::getppid:return /pid == $target/ { self->name = 0; }
END { printf("thread-local string: %d cycles\n", n); }' -c "$T/getppid-loop 200"
