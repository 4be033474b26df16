// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "castctl",
  products: [
    .executable(name: "castctl", targets: ["castctl"]),
    .library(name: "CastSchema", targets: ["CastSchema"]),
    .library(name: "CastValidate", targets: ["CastValidate"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
    .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
  ],
  targets: [
    // libedit, through pkg-config; only Sources/castctl/REPL/LibEditLineReader.swift imports it.
    .systemLibrary(
      name: "CEditLine",
      pkgConfig: "libedit",
      providers: [.apt(["libedit-dev"])]
    ),
    // prctl(2) for the many-file run's children (Sources/castctl/Support/ParentWatch.swift).
    .target(name: "CProcessControl"),
    .target(
      name: "CastSchema",
      dependencies: [.product(name: "OrderedCollections", package: "swift-collections")]
    ),
    .target(
      name: "CastValidate",
      dependencies: [
        "CastSchema",
        .product(name: "OrderedCollections", package: "swift-collections"),
        .product(name: "Yams", package: "Yams"),
      ]
    ),
    .executableTarget(
      name: "castctl",
      dependencies: [
        "CastSchema",
        "CastValidate",
        "CEditLine",
        "CProcessControl",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        // castctl.yaml, the project file.
        .product(name: "Yams", package: "Yams"),
      ]
    ),
    .testTarget(name: "CastSchemaTests", dependencies: ["CastSchema"]),
    .testTarget(
      name: "CastValidateTests",
      // Yams reads the YAML output back in the round-trip tests.
      dependencies: ["CastValidate", "CastSchema", .product(name: "Yams", package: "Yams")]),
    // The public API as a program uses it: plain imports, nothing @testable.
    .testTarget(
      name: "CastAPITests",
      // NB: not CastSchema: `import CastValidate` alone must name every type its API uses.
      dependencies: ["CastValidate", .product(name: "Yams", package: "Yams")]),
    .testTarget(
      name: "castctlTests",
      dependencies: ["castctl", "CastSchema", "CastValidate", .product(name: "Yams", package: "Yams")],
      // Golden REPL sessions and command outputs, read and re-recorded in place through #filePath.
      exclude: ["Transcripts", "Goldens"]),
  ],
  swiftLanguageModes: [.v6]
)

// The libFuzzer targets of Fuzz/Sources, only when scripts/fuzz.sh builds them (CASTCTL_FUZZ=1):
// libFuzzer supplies their `main` (hence -parse-as-library), so they link only with
// -sanitize=fuzzer, and being targets of this package they reach the engine's `package`
// declarations, which the public API does not export.
if Context.environment["CASTCTL_FUZZ"] == "1" {
  let fuzzSettings: [SwiftSetting] = [.unsafeFlags(["-parse-as-library"])]
  package.targets += [
    .executableTarget(name: "FuzzJSON", dependencies: ["CastValidate"], path: "Fuzz/Sources/FuzzJSON", swiftSettings: fuzzSettings),
    .executableTarget(
      name: "FuzzCast", dependencies: ["CastSchema", "CastValidate"], path: "Fuzz/Sources/FuzzCast", swiftSettings: fuzzSettings),
    .executableTarget(name: "FuzzYAML", dependencies: ["CastValidate"], path: "Fuzz/Sources/FuzzYAML", swiftSettings: fuzzSettings),
    .executableTarget(
      name: "FuzzValidate", dependencies: ["CastSchema", "CastValidate"], path: "Fuzz/Sources/FuzzValidate",
      swiftSettings: fuzzSettings),
  ]
}
