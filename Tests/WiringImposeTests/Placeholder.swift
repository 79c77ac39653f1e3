import Testing
import WiringImpose
