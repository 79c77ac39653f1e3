// The WiringDIKit migration facade: being written (see the facade issues).
import Wiring
