#include "CProcessControl.h"

#include <sys/prctl.h>

int castctl_set_parent_death_signal(int signal) {
  return prctl(PR_SET_PDEATHSIG, (unsigned long)signal, 0UL, 0UL, 0UL);
}
