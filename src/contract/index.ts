export * from './schema';
export * from './wishes';
export * from './snapshot';
export * from './messages';
export * from './cabinet-port';
export * from './screen-files';
