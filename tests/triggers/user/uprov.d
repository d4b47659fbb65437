/*
 * The USDT provider of the usdt trigger: dtrace -h makes build/triggers/uprov.h.
 */
provider myapp {
	probe query__start(char *, int);
	probe query__done(int);
	probe tick();
};
