#ifndef CASTCTL_PROCESS_CONTROL_H
#define CASTCTL_PROCESS_CONTROL_H

// prctl(2), which Swift cannot call itself (it is variadic); nothing else.

/// Asks the kernel to send `signal` to this process when the thread that started it ends:
/// prctl(PR_SET_PDEATHSIG). Returns 0, or -1 with errno set.
int castctl_set_parent_death_signal(int signal);

#endif
