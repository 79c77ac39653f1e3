import App
import Mini

/// E3: installed from a target without the app's settings.
public func installFromPlainTarget() -> [String] { install(ShopModule()) }
public func forms() -> [String] { ShopModule().registrations }
