export * from './factories';
export * from './http';
export * from './instagram-stand-in';
export * from './messaging';
export * from './smtp';
export * from './sse';
export * from './test-app';
export * from './threads-stand-in';
