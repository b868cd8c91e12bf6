// The one place the main process gets a running cabinet from: the app's factory, imported
// statically so that the bundler carries the app into dist/main/main.js.

export { createCabinetPort } from '../app/cabinet-link';
