// The port lives with the contract (both the app and the carriers need it); kept here for the
// carriers that name it by this path.
export type { CabinetPort, WishAnswer } from '../contract/cabinet-port';
