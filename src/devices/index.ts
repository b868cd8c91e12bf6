// The devices layer's public face: the bus and its factory, the simulators' scripting API, and
// the pure pieces other layers may want (amount in words, keyboard map).

export { SerialDeviceBus, type Drivers } from './bus/serial-device-bus';
export {
  createDevices,
  createSimulatedDevices,
  SIMULATOR_LINES,
  EBDS_LINE,
  toggleFileIn,
  type DeviceChoices,
  type DeviceSet,
  type DriverTuning,
  type PortPaths,
  type SerialLine,
  type SimulatedDevices,
  type SimulatedSet,
  type SimulationOptions,
  type Cable,
} from './bus/factory';
export { AcceptorDriver, type AcceptorDriverOptions } from './id003/driver';
export { EbdsDriver, type EbdsDriverOptions } from './ebds/driver';
export { EbdsSimulator, type EbdsSimOptions } from './ebds/simulator';
export type { SimulatedAcceptor, SimulatedMove, SimulatedNote } from './acceptor/simulated';
export type { AcceptorIdentity, AcceptorProtocol, LastDocument } from './acceptor/identity';
export { AcceptorSimulator, type AcceptorSimOptions, type AcceptorFault } from './id003/simulator';
export { JCM_COUNTRIES, countryFor, noteTable } from './id003/currency';
export { PrinterDriver, type PrinterDriverOptions } from './printer/driver';
export { PrinterSimulator, type PrintedTicket } from './printer/simulator';
export type { SimulatedPrinter } from './printer/simulated';
export type { PrinterIdentity, PrinterProtocol, LastTicket } from './printer/printer-driver-base';
export { TclPrinterDriver, type TclDriverOptions } from './tcl/driver';
export { TclPrinterSimulator, type TclSimOptions } from './tcl/simulator';
export { DeckDriver, type DeckDriverOptions } from './deck/driver';
export { DeckSimulator, type DeckSimOptions } from './deck/simulator';
export { KEYBOARD_MAP, keyToDeck, applyKey } from './deck/keyboard';
export { amountToWords, amountInFigures, integerToWords } from './printer/amount-words';
export { SocatPair, SocatMissingError, socatAvailable } from './shared/socat-pair';
export { SerialEndpoint } from './shared/serial-endpoint';
