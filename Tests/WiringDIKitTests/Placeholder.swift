import Testing
import WiringDIKit
