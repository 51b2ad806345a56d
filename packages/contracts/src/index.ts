export * from './common';
export * from './creators';
export * from './errors';
export * from './health';
export * from './limits';
export * from './money';
