import Foundation

/// Keeps descriptors 0, 1 and 2 taken when castctl starts with one of them closed (`castctl …
/// >&-`): else the next file castctl opens (an `-o` target's temporary file) would get that
/// number, and diagnostics written to "standard error" would land in the user's output.
enum StandardDescriptors {
  /// Puts `/dev/null` in each closed slot, opened the wrong way round: reading a closed standard
  /// input and writing a closed standard output or error still fail with `EBADF`, as before.
  static func reserve() {
    for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
      // NB: open takes the lowest free number, which is this one: the lower ones are open.
      let opened = open("/dev/null", descriptor == STDIN_FILENO ? O_WRONLY : O_RDONLY)
      if opened >= 0, opened != descriptor {
        dup2(opened, descriptor)
        close(opened)
      }
    }
  }
}
