export * from './org';
export * from './auth';
export * from './study';
export * from './config';
export * from './audit';
export * from './template';
export * from './cert';
export * from './image';
