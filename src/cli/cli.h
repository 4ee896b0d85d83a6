/* cli.h: the commands of the one binary. Each takes the arguments after its name and
 * returns the process exit status (see docs/sysadmin.md, "Exit status"). */
#ifndef TEMPEST_CLI_H
#define TEMPEST_CLI_H

enum exit_status {
	EXIT_OK = 0,            /* done, nothing wrong */
	EXIT_FAILED = 1,        /* the command ran and found something wrong (a failed test) */
	EXIT_USAGE = 2,         /* bad arguments or configuration */
	EXIT_TEMPFAIL = 75,     /* a transient failure (server down): try again later */
};

int cmd_perft(int argc, char **argv);
int cmd_moves(int argc, char **argv);
int cmd_export(int argc, char **argv);
int cmd_send(int argc, char **argv);
int cmd_poll(int argc, char **argv);
int cmd_process(int argc, char **argv);
int cmd_replay(int argc, char **argv);
int cmd_new(int argc, char **argv);
int cmd_show(int argc, char **argv);
int cmd_list(int argc, char **argv);
int cmd_tick(int argc, char **argv);
int cmd_adjust(int argc, char **argv);
int cmd_archive(int argc, char **argv);
int cmd_tournament(int argc, char **argv);
int cmd_ratings(int argc, char **argv);

#endif
