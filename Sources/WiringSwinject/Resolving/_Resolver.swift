/// The resolve every other resolve ends in: Swinject's extension point, which its add-ons
/// (SwinjectStoryboard, SwinjectAutoregistration) call with a key option or a factory shape of
/// their own.
public protocol _Resolver {  // swift-format-ignore: AlwaysUseLowerCamelCase
    /// The instance of `Service` registered with `name` and `option` whose factory takes
    /// `Arguments`, or `nil`. `invoker` calls that factory with the resolve's arguments.
    func _resolve<Service, Arguments>(
        name: String?,
        option: (any ServiceKeyOption)?,
        invoker: @escaping ((Arguments) -> Any) -> Any
    ) -> Service?
}
