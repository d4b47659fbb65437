/*
 * tcp-conn FAMILY PORT N BYTES REFUSED
 *
 * TCP traffic with known counts, on the loopback of the network namespace
 * it runs in (tests create one): listens on 127.0.0.1 (FAMILY 4) or ::1
 * (6) at PORT, then N times: connects from an ephemeral port, accepts,
 * the client writes BYTES bytes in one write(2), the server reads them
 * all, the client closes first, the server reads the end of file and
 * closes.  Then REFUSED connects to PORT + 1, where nothing listens (each
 * is refused with a RST).  Exits 0 if every step went as planned.
 */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

static socklen_t addr(int fam, int port, struct sockaddr_storage *ss)
{
	memset(ss, 0, sizeof(*ss));
	if (fam == 4) {
		struct sockaddr_in *s = (struct sockaddr_in *)ss;

		s->sin_family = AF_INET;
		s->sin_port = htons(port);
		s->sin_addr.s_addr = htonl(INADDR_LOOPBACK);
		return sizeof(*s);
	}
	struct sockaddr_in6 *s6 = (struct sockaddr_in6 *)ss;

	s6->sin6_family = AF_INET6;
	s6->sin6_port = htons(port);
	s6->sin6_addr = in6addr_loopback;
	return sizeof(*s6);
}

int main(int argc, char **argv)
{
	struct sockaddr_storage ss;
	int fam, port, n, bytes, refused, one = 1, l;
	socklen_t len;
	char *buf;

	if (argc != 6)
		return 2;
	fam = atoi(argv[1]), port = atoi(argv[2]), n = atoi(argv[3]);
	bytes = atoi(argv[4]), refused = atoi(argv[5]);
	if ((buf = calloc(1, bytes + 1)) == NULL)
		return 1;
	l = socket(fam == 4 ? AF_INET : AF_INET6, SOCK_STREAM, 0);
	setsockopt(l, SOL_SOCKET, SO_REUSEADDR, &one, sizeof(one));
	len = addr(fam, port, &ss);
	if (l < 0 || bind(l, (struct sockaddr *)&ss, len) != 0 || listen(l, 16) != 0) {
		perror("listen");
		return 1;
	}
	for (int i = 0; i < n; i++) {
		int c = socket(fam == 4 ? AF_INET : AF_INET6, SOCK_STREAM, 0), s, got = 0, r;

		if (connect(c, (struct sockaddr *)&ss, len) != 0 || (s = accept(l, NULL, NULL)) < 0) {
			perror("connect");
			return 1;
		}
		if (write(c, buf, bytes) != bytes)
			return 1;
		while (got < bytes && (r = read(s, buf, bytes - got)) > 0)
			got += r;
		close(c);
		if (got != bytes || read(s, buf, 1) != 0)
			return 1;
		close(s);
	}
	close(l);
	len = addr(fam, port + 1, &ss);
	for (int i = 0; i < refused; i++) {
		int c = socket(fam == 4 ? AF_INET : AF_INET6, SOCK_STREAM, 0);

		if (connect(c, (struct sockaddr *)&ss, len) == 0 || errno != ECONNREFUSED) {
			perror("refused connect");
			return 1;
		}
		close(c);
	}
	return 0;
}
