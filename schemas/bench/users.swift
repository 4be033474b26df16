// The benchmark's User model (../shared/bench/schemas/users.cast) as the Codable structs a Swift
// app would declare for it: snake_case keys through CodingKeys, the date decoded as ISO 8601
// (JSONDecoder's .iso8601 strategy). `make bench` validates the users file with it beside the
// .cast model, so the codable dialect is measured on the same data as the others.
import Foundation

enum Role: String, Codable {
    case admin, editor, viewer
}

struct Geo: Codable {
    let lat: Double
    let lon: Double
}

struct Address: Codable {
    let street: String
    let city: String
    let zip: String
    let geo: Geo
}

struct Friend: Codable {
    let id: Int
    let userName: String

    enum CodingKeys: String, CodingKey {
        case id
        case userName = "user_name"
    }
}

struct User: Codable {
    let id: Int
    let userName: String
    let email: String
    let isActive: Bool
    let accountBalance: Double
    let createdAt: Date
    let tags: [String]
    let role: Role
    let address: Address
    let friends: [Friend]
    let metadata: [String: [Int]]
    var nickname: String?

    enum CodingKeys: String, CodingKey {
        case id, email, tags, role, address, friends, metadata, nickname
        case userName = "user_name"
        case isActive = "is_active"
        case accountBalance = "account_balance"
        case createdAt = "created_at"
    }
}
