// swift-tools-version: 6.1
// libFuzzer targets for castctl, kept out of the main package so its build and tests stay fast.
// Build and run them with `make fuzz` (or scripts/fuzz.sh): every target is compiled with
// `-sanitize=fuzzer,address`, and libFuzzer supplies `main`, hence `-parse-as-library`.
import Foundation
import PackageDescription

// NB: a path dependency's identity is its folder's name, which depends on where the repository
// was checked out; read it from this file's location instead of spelling it.
let mainPackage = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
let mainIdentity = mainPackage.lastPathComponent.lowercased()

let fuzzSettings: [SwiftSetting] = [.unsafeFlags(["-parse-as-library"])]

let package = Package(
  name: "castctl-fuzz",
  dependencies: [.package(path: mainPackage.path)],
  targets: [
    .executableTarget(
      name: "FuzzJSON",
      dependencies: [.product(name: "CastValidate", package: mainIdentity)],
      swiftSettings: fuzzSettings),
    .executableTarget(
      name: "FuzzCast",
      dependencies: [.product(name: "CastSchema", package: mainIdentity)],
      swiftSettings: fuzzSettings),
    .executableTarget(
      name: "FuzzYAML",
      dependencies: [.product(name: "CastValidate", package: mainIdentity)],
      swiftSettings: fuzzSettings),
    .executableTarget(
      name: "FuzzValidate",
      dependencies: [
        .product(name: "CastSchema", package: mainIdentity),
        .product(name: "CastValidate", package: mainIdentity),
      ],
      swiftSettings: fuzzSettings),
  ],
  swiftLanguageModes: [.v6]
)
