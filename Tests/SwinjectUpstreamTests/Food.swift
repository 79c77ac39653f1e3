//
//  Copyright © 2019 Swinject Contributors. All rights reserved.
//

import Foundation

internal protocol Food {}

internal class Sushi: Food {}
