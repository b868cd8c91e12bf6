export * from './schema';
export * from './wishes';
export * from './snapshot';
export * from './service';
export * from './messages';
export * from './cabinet-port';
export * from './dispatch';
export * from './screen-files';
