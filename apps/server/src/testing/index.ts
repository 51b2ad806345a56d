export * from './factories';
export * from './test-app';
