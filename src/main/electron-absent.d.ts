// `electron` is an optional dependency: its binary downloads from GitHub, which a build machine
// without internet cannot reach, and then the package (with its types) is absent. This wildcard
// declaration types it as `any` only then: TypeScript prefers the package's own exact
// `declare module 'electron'` whenever it is installed, so there the real types check this code.
// The main process therefore keeps its logic in modules typed by their own small interfaces.
declare module 'electron*';
