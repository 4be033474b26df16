import Foundation

/// A user as the accounts API returns it.
public struct User: Codable, Sendable {
  /// Where a user can be reached.
  public struct Contact: Codable, Sendable {
    public let email: String
    public var phone: String?
  }

  /// What a user may do.
  public enum Role: String, Codable, Sendable {
    case admin, editor, viewer
  }

  public let id: Int
  public let displayName: String
  public var homepage: URL?
  public let role: Role
  public let contact: Contact
  public var tags: [String]

  /// Not in the JSON: filled in by the app.
  public var isSelected = false

  /// The initials, computed, never decoded.
  public var initials: String { String(displayName.prefix(1)) }

  enum CodingKeys: String, CodingKey {
    case id
    case displayName = "display_name"
    case homepage = "home_page"
    case role, contact, tags
  }
}
