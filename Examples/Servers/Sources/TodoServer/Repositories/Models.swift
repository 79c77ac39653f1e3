public import Hummingbird
public import TodoDomain

// The domain's values, as Hummingbird responses.
extension User: ResponseCodable {}
extension Todo: ResponseCodable {}
