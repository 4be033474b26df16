/// The model language's types that the API speaks in (`Severity`, `TextPosition`,
/// `RegistryOptions`, `Dialect`), so that `import CastValidate` alone is enough to use it.
@_exported import CastSchema
