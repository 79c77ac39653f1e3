import Testing
import WiringDip
