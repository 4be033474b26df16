import Foundation

/// One page of a paged API's results.
struct Page<T: Codable>: Codable {
  let items: [T]
  let next: URL?
}

/// What every response wraps its payload in.
struct Response<Payload: Decodable>: Decodable {
  let data: Payload
  let meta: [String: String]?
}

struct User: Codable {
  let id: Int
  let name: String
}
