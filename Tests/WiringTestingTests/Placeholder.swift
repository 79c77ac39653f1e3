import Testing
import WiringTesting
