// The readline-compatible API of libedit; nothing else.
#include <stdio.h>
#include <stdlib.h>
#include <editline/readline.h>
