export * from './platform';
export * from './tenant-data';
export * from './billing';
