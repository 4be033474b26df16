/// AddressSanitizer's built-in defaults for castctl: the sanitizer runtime calls this hook at
/// start-up in a `--sanitize=address` build, whatever the environment passes on (a child started
/// with a clean environment, as the REPL's pseudo-terminal tests do, gets them too); in any other
/// build nothing calls it. LeakSanitizer is off because Swift stores some pointers with extra
/// bits packed in (enum tags, side tables) that its memory scan cannot follow, so it reports
/// objects still in use as leaked and fails the exit status (llvm/llvm-project#56751).
/// `ASAN_OPTIONS=detect_leaks=1` turns it back on.
@_cdecl("__asan_default_options")
public func asanDefaultOptions() -> UnsafePointer<CChar> {
  // NB: called before the Swift runtime is set up, so only a static C string will do.
  UnsafeRawPointer(("detect_leaks=0" as StaticString).utf8Start).assumingMemoryBound(to: CChar.self)
}
